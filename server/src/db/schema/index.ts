export * from './auth.ts';
export * from './mail.ts';
export * from './app-meta.ts';
export * from './trips.ts';
export * from './consultations.ts';
export * from './jobs.ts';
export * from './notifications.ts';
export * from './visa.ts';
