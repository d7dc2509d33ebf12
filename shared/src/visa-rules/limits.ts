// The visa service's limits and the paid processing add-on (docs/decisions/016).

/** The paid processing add-on's own record (docs/decisions/016): staff set it; no provider yet. */
export const VISA_PAYMENT_STATES = ['awaiting-payment', 'paid', 'waived', 'refunded'] as const;
export type VisaPaymentState = (typeof VISA_PAYMENT_STATES)[number];
/** The highest price Settings takes for the add-on, in whole US dollars (0: not offered). */
export const VISA_PROCESSING_PRICE_MAX = 10_000;

export const ADMIN_VISA_SORTS = ['newest', 'oldest', 'updated', 'name'] as const;
export type AdminVisaSort = (typeof ADMIN_VISA_SORTS)[number];

/** How many drafts a person may keep at once. */
export const VISA_DRAFTS_MAX = 5;

/**
 * How many applications one account may start in any `VISA_APPLICATIONS_WINDOW_DAYS` days,
 * submitted, withdrawn and finished ones included (a draft deleted, which takes its files with it,
 * does not count). One application is one trip abroad with the family on it: someone who needs a
 * new visa every month uses 12 (docs/decisions/026).
 */
export const VISA_APPLICATIONS_PER_YEAR = 20;
export const VISA_APPLICATIONS_WINDOW_DAYS = 365;

/**
 * What all the documents of one account's visa applications may take together, in bytes (as
 * stored: pictures and PDFs written anew). A family of four sends about 15 files of 1–4 MB, some
 * 40 MB an application; this is some 25 of those, or 100 files at the 10 MB each may reach
 * (docs/decisions/026).
 */
export const VISA_ACCOUNT_DOCUMENT_BYTES = 1024 * 1024 * 1024;

/** Passports expiring within this many months of today get a warning (many embassies ask for six). */
export const PASSPORT_WARNING_MONTHS = 6;
