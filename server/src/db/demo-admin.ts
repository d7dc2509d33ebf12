/**
 * The demo back-office account's address (db/seed.ts makes it; a production start refuses a
 * database where it is still an admin). A module of its own, so that the start's first checks do
 * not load the seeds and the modules they use.
 */
export const DEMO_ADMIN_EMAIL = 'admin@aylal.local';
