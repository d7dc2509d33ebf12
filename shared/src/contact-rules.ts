/**
 * Contact messages and the staff inbox (docs/decisions/017), zod-free: shared by the server, the
 * public form and the back office.
 */

export const CONTACT_TYPES = ['general', 'trips', 'visa', 'jobs'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** new → open (first opened by staff) → waiting (replied) → open (customer writes) → resolved; spam at any time. */
export const CONTACT_STATES = ['new', 'open', 'waiting', 'resolved', 'spam'] as const;
export type ContactState = (typeof CONTACT_STATES)[number];
/** Not settled yet: the inbox's "active only" and the dashboard's open messages (decision 020). */
export const CONTACT_ACTIVE_STATES = ['new', 'open', 'waiting'] as const satisfies readonly ContactState[];
/** Waiting for staff's reply (a reply moves it to `waiting`): the dashboard's unanswered queue. */
export const CONTACT_UNANSWERED_STATES = ['new', 'open'] as const satisfies readonly ContactState[];

/** What staff may set by hand: any state but `new` (which only a message that nobody opened has). */
export const CONTACT_SETTABLE_STATES = [
  'open',
  'waiting',
  'resolved',
  'spam',
] as const satisfies readonly ContactState[];
export type ContactSettableState = (typeof CONTACT_SETTABLE_STATES)[number];

export const CONTACT_EVENT_KINDS = ['received', 'reply', 'note', 'state', 'assign', 'merge'] as const;
export type ContactEventKind = (typeof CONTACT_EVENT_KINDS)[number];
/** What the person sees of a conversation (on /contact and their timeline): never notes, never staff's changes. */
export const CONTACT_PERSON_EVENT_KINDS = ['received', 'reply'] as const satisfies readonly ContactEventKind[];

export const ADMIN_CONTACT_SORTS = ['newest', 'oldest'] as const;
export type AdminContactSort = (typeof ADMIN_CONTACT_SORTS)[number];

/**
 * The form must have been open this long before it is sent (a bot fills it at once), and no
 * longer than the next: both measured from the server's token (docs/decisions/025).
 */
export const CONTACT_MIN_FILL_MS = 3_000;
export const CONTACT_FORM_TOKEN_MAX_AGE_MS = 6 * 60 * 60 * 1000;
/** Messages per client address and per email address in an hour. */
export const CONTACT_LIMIT_PER_ADDRESS = 20;
export const CONTACT_LIMIT_PER_EMAIL = 5;
export const CONTACT_LIMIT_WINDOW_SECONDS = 60 * 60;

/** Saved replies staff pick from (their words in `admin:contact.saved.<key>`, with `{{name}}`). */
export const CONTACT_SAVED_REPLIES = ['thanks', 'moreDetails', 'callBack', 'resolved'] as const;
export type ContactSavedReply = (typeof CONTACT_SAVED_REPLIES)[number];

/** 'C-2026-00042'. */
export function formatContactReference(year: number, number: number): string {
  return `C-${year}-${String(number).padStart(5, '0')}`;
}

/**
 * A link to the contact form about something: its type, and the name of what it is about (a
 * trip's or a job's title), which the form turns into its subject ("About: Gobi Highlights").
 */
export function contactLink(type: ContactType, about?: string): string {
  const params = new URLSearchParams({ type });
  if (about) params.set('about', about.slice(0, 120));
  return `/contact?${params.toString()}`;
}
