import { wallClock } from './dates.ts';

// Consultation booking: states, the policy's limits and the working-hours arithmetic, free of zod
// so the trip page and the server share them; the schemas are in consultations.ts.

/** Spec: pending, confirmed, completed, cancelled, no-show. */
export const CONSULTATION_STATES = ['pending', 'confirmed', 'completed', 'cancelled', 'no-show'] as const;
export type ConsultationState = (typeof CONSULTATION_STATES)[number];

/** States that hold a slot; the database allows one per moment (no two of them overlap). */
export const ACTIVE_STATES = ['pending', 'confirmed'] as const satisfies readonly ConsultationState[];

export function isActive(state: ConsultationState): boolean {
  return (ACTIVE_STATES as readonly ConsultationState[]).includes(state);
}

/** Spec section 9: cancel at least 24 hours ahead; reschedule up to 48 hours before. */
export const CANCEL_NOTICE_HOURS = 24;
export const RESCHEDULE_NOTICE_HOURS = 48;

const HOUR_MS = 3_600_000;

export function canCancel(startsAt: Date | string, now = new Date()): boolean {
  return new Date(startsAt).getTime() - now.getTime() >= CANCEL_NOTICE_HOURS * HOUR_MS;
}

/** Whether staff may still say where a consultation happens: while it is active and not over. */
export function canSetPlace(state: ConsultationState, endsAt: Date | string, now = new Date()): boolean {
  return isActive(state) && new Date(endsAt).getTime() > now.getTime();
}

export function canReschedule(startsAt: Date | string, now = new Date()): boolean {
  return new Date(startsAt).getTime() - now.getTime() >= RESCHEDULE_NOTICE_HOURS * HOUR_MS;
}

/** What staff can do to a consultation, from which states, and what it becomes. */
export const ADMIN_ACTIONS = {
  confirm: { from: ['pending'], to: 'confirmed', afterStart: false },
  complete: { from: ['pending', 'confirmed'], to: 'completed', afterStart: true },
  'no-show': { from: ['pending', 'confirmed'], to: 'no-show', afterStart: true },
  cancel: { from: ['pending', 'confirmed'], to: 'cancelled', afterStart: false },
} as const satisfies Record<string, { from: readonly ConsultationState[]; to: ConsultationState; afterStart: boolean }>;
export type AdminAction = keyof typeof ADMIN_ACTIONS;
export const ADMIN_ACTION_NAMES = Object.keys(ADMIN_ACTIONS) as AdminAction[];

/** Whether staff may take an action now (completion and no-show only once the time has come). */
export function actionAllowed(
  action: AdminAction,
  state: ConsultationState,
  startsAt: Date | string,
  now = new Date(),
): boolean {
  const rule = ADMIN_ACTIONS[action];
  if (!(rule.from as readonly ConsultationState[]).includes(state)) return false;
  return !rule.afterStart || new Date(startsAt).getTime() <= now.getTime();
}

/** How the back office can order its list. */
export const ADMIN_CONSULTATION_SORTS = ['starts-asc', 'starts-desc', 'newest'] as const;

/** What the history of a consultation records. */
export const CONSULTATION_EVENTS = [
  'booked',
  'rescheduled',
  'confirmed',
  'completed',
  'no-show',
  'cancelled',
  'note',
  /** Staff set where or how it happens (the office, another place, a video link). */
  'place',
  /** Its fee was paid (the provider confirmed it): a pending consultation is confirmed with it. */
  'paid',
] as const;
export type ConsultationEventKind = (typeof CONSULTATION_EVENTS)[number];

// ------------------------------------------------------------------------------------------------
// Working hours

export const SLOT_LENGTHS = [15, 20, 30, 45, 60, 90, 120] as const;
/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export interface WorkingHours {
  /** ISO weekdays the agency takes consultations on. */
  weekdays: number[];
  /** "HH:MM", agency time. */
  dayStart: string;
  /** "HH:MM", agency time; the last slot ends by then. */
  dayEnd: string;
  slotMinutes: number;
  /** IANA zone the hours are in. */
  timeZone: string;
  /** How many days ahead slots are offered. */
  horizonDays: number;
  /** How many hours ahead a slot must start to be bookable. */
  leadHours: number;
  /** Where consultations happen unless staff say otherwise ('' until Settings gives it). */
  officeAddress: string;
  /** The fee of a consultation about a trip, in whole US dollars (0: free). */
  tripFeeUsd: number;
  /** The fee of a consultation about a visa application, in whole US dollars (0: free). */
  visaFeeUsd: number;
}

export const DEFAULT_WORKING_HOURS: WorkingHours = {
  weekdays: [1, 2, 3, 4, 5],
  // The office hours the footer gives for contact (footer.json: Mon–Fri, 09:00–18:00).
  dayStart: '09:00',
  dayEnd: '18:00',
  slotMinutes: 30,
  timeZone: 'Asia/Ulaanbaatar',
  horizonDays: 60,
  leadHours: 2,
  officeAddress: '',
  tripFeeUsd: 0,
  visaFeeUsd: 0,
};

/** The highest fee Settings take, in whole US dollars. */
export const FEE_MAX_USD = 100_000;

/**
 * Whether cancelling gives the fee back (the policy the booking dialog states): always when the
 * traveller cancels (they may only do so 24 hours ahead) or nothing was paid yet; when staff
 * cancel, unless it is later than that (the late cancellation fee is the fee, kept).
 */
export function feeGoesBack(startsAt: Date | string, paid: boolean, now = new Date()): boolean {
  return !paid || canCancel(startsAt, now);
}

// ------------------------------------------------------------------------------------------------
// Where a consultation happens (issue 23, decision 008)

/** The longest place or office address staff may write, and the longest video link. */
export const PLACE_MAX = 300;
export const VIDEO_LINK_MAX = 500;

/** A video link staff may give: an https address with a host name, no credentials, no spaces. */
export function isVideoLink(value: string): boolean {
  if (/\s/.test(value) || value.length > VIDEO_LINK_MAX) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
}

/**
 * Where or how a consultation happens: at the office (its address from Settings, '' when not
 * given yet), at another place staff wrote, or by a video link.
 */
export type ConsultationLocation =
  { kind: 'office'; address: string } | { kind: 'place'; address: string } | { kind: 'video'; url: string };

/** The stored columns (`place`, `video_url`) read with the office address. */
export function locationOf(place: string, videoUrl: string, officeAddress: string): ConsultationLocation {
  if (videoUrl) return { kind: 'video', url: videoUrl };
  if (place) return { kind: 'place', address: place };
  return { kind: 'office', address: officeAddress };
}

const calendarMoment = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Google Calendar's "add an event" link: title, UTC times, details and the place or video link. */
export function googleCalendarLink(event: {
  title: string;
  startsAt: string;
  endsAt: string;
  details: string;
  location: string;
}): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${calendarMoment(event.startsAt)}/${calendarMoment(event.endsAt)}`,
    details: event.details,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}

export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export function minutesOfDay(value: string): number {
  const [hours = 0, minutes = 0] = value.split(':').map(Number);
  return hours * 60 + minutes;
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date ("YYYY-MM-DD") a moment falls on in a zone (the reader's own when omitted). */
export function dateInZone(date: Date, timeZone?: string): string {
  const p = wallClock(date, timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** How far a zone is ahead of UTC at a moment, in minutes. */
function offsetMinutes(date: Date, timeZone: string): number {
  const p = wallClock(date, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** The moment a wall-clock time on a date in a zone happens (the later reading across a DST jump). */
export function zonedTime(date: string, minutes: number, timeZone: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  let guess = wall - offsetMinutes(new Date(wall), timeZone) * 60_000;
  guess = wall - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/**
 * Every slot start of one agency date (none on a day off). A wall-clock time that the zone skips
 * (clocks going forward) is not offered, and one it repeats (clocks going back) is offered once.
 */
export function slotsOfDay(date: string, hours: WorkingHours): Date[] {
  if (!hours.weekdays.includes(isoWeekday(date))) return [];
  const starts: Date[] = [];
  const seen = new Set<number>();
  const end = minutesOfDay(hours.dayEnd);
  for (let minute = minutesOfDay(hours.dayStart); minute + hours.slotMinutes <= end; minute += hours.slotMinutes) {
    const start = zonedTime(date, minute, hours.timeZone);
    const p = wallClock(start, hours.timeZone);
    const exists = dateInZone(start, hours.timeZone) === date && p.hour * 60 + p.minute === minute;
    if (exists && !seen.has(start.getTime())) {
      seen.add(start.getTime());
      starts.push(start);
    }
  }
  return starts;
}

/** Every slot start from now (plus the lead time) to the end of the horizon, in order. */
export function upcomingSlots(hours: WorkingHours, now = new Date()): Date[] {
  const earliest = now.getTime() + hours.leadHours * HOUR_MS;
  const today = dateInZone(now, hours.timeZone);
  const starts: Date[] = [];
  for (let day = 0; day <= hours.horizonDays; day += 1) {
    for (const start of slotsOfDay(addDays(today, day), hours)) if (start.getTime() >= earliest) starts.push(start);
  }
  return starts;
}

/** Whether a moment is the start of an offered slot (working day and hours, lead time, horizon). */
export function isOfferedSlot(start: Date, hours: WorkingHours, now = new Date()): boolean {
  if (start.getTime() < now.getTime() + hours.leadHours * HOUR_MS) return false;
  const date = dateInZone(start, hours.timeZone);
  if (date > addDays(dateInZone(now, hours.timeZone), hours.horizonDays)) return false;
  return slotsOfDay(date, hours).some((slot) => slot.getTime() === start.getTime());
}
