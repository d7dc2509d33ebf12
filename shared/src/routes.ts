/** The pages the web app answers; any other path is sent to the home page (spec section 2). */
export const PAGE_META_KEYS = {
  '/': 'home',
  '/trips': 'trips',
  '/jobs': 'jobs',
  '/visa': 'visa',
  '/cv': 'cv',
  '/profile': 'profile',
  '/notifications': 'notifications',
  '/consultations': 'consultations',
  '/applications': 'applications',
  '/reset-password': 'resetPassword',
} as const;
export type PageMetaKey = (typeof PAGE_META_KEYS)[keyof typeof PAGE_META_KEYS] | 'admin' | 'trip' | 'job';

/** A trip's own page: /trips/<id>. */
export const TRIP_PAGE = /^\/trips\/([^/]+)$/;

/** A job's own page: /jobs/<id>. */
export const JOB_PAGE = /^\/jobs\/([^/]+)$/;

/** Paths indexed by search engines (the rest need a login or are the back office). */
export const INDEXED_PATHS = ['/', '/trips', '/jobs', '/visa'] as const;

export function pageMetaKey(pathname: string): PageMetaKey | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  if (TRIP_PAGE.test(path)) return 'trip';
  if (JOB_PAGE.test(path)) return 'job';
  if (path in PAGE_META_KEYS) return PAGE_META_KEYS[path as keyof typeof PAGE_META_KEYS];
  return null;
}
