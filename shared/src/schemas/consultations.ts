import { z } from 'zod';
import {
  ADMIN_CONSULTATION_SORTS,
  FEE_MAX_USD,
  CONSULTATION_EVENTS,
  CONSULTATION_STATES,
  isTimeZone,
  isVideoLink,
  minutesOfDay,
  PLACE_MAX,
  VIDEO_LINK_MAX,
  SLOT_LENGTHS,
  TIME_OF_DAY,
  WEEKDAYS,
  type AdminAction,
} from '../consultation-rules.ts';
import { BilingualSchema } from './trips.ts';

export * from '../consultation-rules.ts';

// Years PostgreSQL and people both understand (zod alone would let year 0000 through).
const isoDate = z.iso.date().refine((value) => value >= '1970-01-01' && value <= '9999-12-31', 'year');
const isoMoment = z.iso.datetime({ offset: true }).refine((value) => {
  const time = Date.parse(value);
  return Number.isFinite(time) && time >= Date.UTC(1970, 0, 1) && time < Date.UTC(10000, 0, 1);
}, 'moment');
const timeOfDay = z.string().regex(TIME_OF_DAY, 'HH:MM');

/** The agency's consultation hours (admin Settings). */
export const WorkingHoursSchema = z
  .object({
    weekdays: z
      .array(z.number().int().min(WEEKDAYS[0]).max(WEEKDAYS[6]))
      .min(1)
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'each weekday once')
      .transform((days) => [...days].sort()),
    dayStart: timeOfDay,
    dayEnd: timeOfDay,
    slotMinutes: z.number().refine((value) => (SLOT_LENGTHS as readonly number[]).includes(value), 'slot length'),
    timeZone: z.string().max(100).refine(isTimeZone, 'time zone'),
    horizonDays: z.number().int().min(1).max(180),
    leadHours: z.number().int().min(0).max(168),
    /** Where consultations happen unless staff say otherwise. */
    officeAddress: z.string().trim().max(PLACE_MAX, 'admin:settings.hours.addressTooLong').default(''),
    /** Fees in whole US dollars (0: free), by what the consultation is about. */
    tripFeeUsd: z.number().int().min(0).max(FEE_MAX_USD).default(0),
    visaFeeUsd: z.number().int().min(0).max(FEE_MAX_USD).default(0),
  })
  .refine((hours) => minutesOfDay(hours.dayEnd) - minutesOfDay(hours.dayStart) >= hours.slotMinutes, {
    message: 'the day must hold at least one slot',
    path: ['dayEnd'],
  });
export type WorkingHoursInput = z.infer<typeof WorkingHoursSchema>;

/** GET /api/consultations/slots: open slot starts (UTC) from now to the end of the horizon. */
export const SlotsResponseSchema = z.object({
  timeZone: z.string(),
  slotMinutes: z.number().int(),
  slots: z.array(z.string()),
  /** The fee of a consultation by what it is about, in whole US dollars (0: free). */
  fees: z.object({ trip: z.number().int(), visa: z.number().int() }),
});
export type SlotsResponse = z.infer<typeof SlotsResponseSchema>;

/**
 * POST /api/consultations: about a trip or about one of the traveller's submitted visa
 * applications (spec section 4), exactly one of them. Loose on purpose: a missing time or an
 * unticked policy box is answered with the spec's own message, not a generic validation error.
 */
export const BookConsultationRequestSchema = z
  .object({
    tripId: z.string().max(100).optional(),
    visaApplicationId: z.string().max(100).optional(),
    startsAt: z.string().max(40).optional(),
    acknowledgedPolicy: z.boolean().optional(),
    note: z.string().trim().max(1000).optional(),
    /** The traveller's own IANA zone: their emails show times in it. */
    timeZone: z.string().max(100).optional(),
  })
  .refine((input) => (input.tripId === undefined) !== (input.visaApplicationId === undefined), {
    message: 'either tripId or visaApplicationId',
    path: ['tripId'],
  });
export type BookConsultationRequest = z.infer<typeof BookConsultationRequestSchema>;

export const RescheduleRequestSchema = z.object({ startsAt: z.string().max(40).optional() });
export type RescheduleRequest = z.infer<typeof RescheduleRequestSchema>;

/** Where or how a consultation happens (decision 008). */
export const ConsultationLocationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('office'), address: z.string() }),
  z.object({ kind: z.literal('place'), address: z.string() }),
  z.object({ kind: z.literal('video'), url: z.string() }),
]);

const TripRefSchema = z.object({ id: z.string().nullable(), title: BilingualSchema }).nullable();

/** A consultation as its owner sees it, with what the policy still allows. */
export const ConsultationSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(CONSULTATION_STATES),
  /**
   * The trip it is about; its title is kept even if the trip is later deleted (id null then). A
   * consultation about a visa application has its subject here ("Visa application V-2026-00042")
   * with no trip id.
   */
  trip: TripRefSchema,
  /** The visa application it is about (staff open it at /admin/visa/<id>), or null. */
  visaApplicationId: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
  /** Where or how it happens; null to its owner once it is no longer pending or confirmed. */
  location: ConsultationLocationSchema.nullable(),
  /**
   * Its fee (null: free), fixed when booked: when it was paid, and whether it is being or was given
   * back (cancelled in time, or by the agency).
   */
  fee: z
    .object({
      amountUsd: z.number().int(),
      paidAt: z.string().nullable(),
      /** Cancelled in time: what was paid is on its way back. */
      refundDue: z.boolean(),
      /** When it went back (its provider said yes). */
      refundedAt: z.string().nullable(),
    })
    .nullable(),
  canCancel: z.boolean(),
  canReschedule: z.boolean(),
});
export type Consultation = z.infer<typeof ConsultationSchema>;

export const MyConsultationsResponseSchema = z.object({ items: z.array(ConsultationSchema) });
export type MyConsultationsResponse = z.infer<typeof MyConsultationsResponseSchema>;

// ------------------------------------------------------------------------------------------------
// Back office

export const AdminConsultationsQuerySchema = z
  .object({
    state: z.enum(CONSULTATION_STATES).optional(),
    /** Agency dates, inclusive. */
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** Booked (created) from / to, agency dates, inclusive. */
    bookedFrom: isoDate.optional(),
    bookedTo: isoDate.optional(),
    /** '1': only pending or confirmed ones that have not ended yet. */
    upcoming: z.enum(['1']).optional(),
    tripId: z.uuid().optional(),
    q: z.string().trim().max(200).optional(),
    sort: z.enum(ADMIN_CONSULTATION_SORTS).default('starts-asc'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['to'],
  });
export type AdminConsultationsQuery = z.infer<typeof AdminConsultationsQuerySchema>;

export const AdminConsultationSchema = ConsultationSchema.omit({ canCancel: true, canReschedule: true }).extend({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** Rises with every change of time or state. */
  version: z.number().int(),
});
export type AdminConsultation = z.infer<typeof AdminConsultationSchema>;

export const AdminConsultationsResponseSchema = z.object({
  items: z.array(AdminConsultationSchema),
  total: z.number().int(),
});
export type AdminConsultationsResponse = z.infer<typeof AdminConsultationsResponseSchema>;

export const ConsultationEventSchema = z.object({
  id: z.string(),
  kind: z.enum(CONSULTATION_EVENTS),
  note: z.string(),
  /** For a reschedule: the time it moved from. */
  previousStartsAt: z.string().nullable(),
  actor: z.object({ name: z.string(), isStaff: z.boolean() }).nullable(),
  at: z.string(),
});
export type ConsultationEvent = z.infer<typeof ConsultationEventSchema>;

export const AdminConsultationDetailSchema = AdminConsultationSchema.extend({
  events: z.array(ConsultationEventSchema),
});
export type AdminConsultationDetail = z.infer<typeof AdminConsultationDetailSchema>;

/** POST /api/admin/consultations/:id/actions: a state change, or only a note. */
export const AdminActionRequestSchema = z.object({
  action: z.enum(['confirm', 'complete', 'no-show', 'cancel', 'note'] as const satisfies readonly (
    AdminAction | 'note'
  )[]),
  note: z.string().trim().max(2000).default(''),
  /** The `version` staff were looking at: a state change is refused if it has moved on since. */
  version: z.number().int().min(0).optional(),
});
export type AdminActionRequest = z.infer<typeof AdminActionRequestSchema>;

/**
 * PUT /api/admin/consultations/:id/place: at the office (its address from Settings), at another
 * place, or by a video link (https only).
 */
export const ConsultationPlaceRequestSchema = z
  .object({
    kind: z.enum(['office', 'place', 'video']),
    place: z.string().trim().max(PLACE_MAX, 'admin:consultations.place.placeTooLong').default(''),
    videoUrl: z.string().trim().max(VIDEO_LINK_MAX, 'admin:consultations.place.badLink').default(''),
    /** The `version` staff were looking at: refused if the consultation has moved on since. */
    version: z.number().int().min(0).optional(),
  })
  .superRefine((input, context) => {
    if (input.kind === 'place' && !input.place)
      context.addIssue({ code: 'custom', path: ['place'], message: 'admin:consultations.place.placeRequired' });
    if (input.kind === 'video' && !isVideoLink(input.videoUrl))
      context.addIssue({ code: 'custom', path: ['videoUrl'], message: 'admin:consultations.place.badLink' });
  });
export type ConsultationPlaceRequest = z.infer<typeof ConsultationPlaceRequestSchema>;

/** GET /api/admin/consultations/calendar: everything starting in [from, to) (at most 62 days). */
export const CalendarQuerySchema = z.object({ from: isoMoment, to: isoMoment }).refine(
  (query) => {
    const span = Date.parse(query.to) - Date.parse(query.from);
    return span > 0 && span <= 62 * 86_400_000;
  },
  { message: 'from must be before to, at most 62 days apart', path: ['to'] },
);
export type CalendarQuery = z.infer<typeof CalendarQuerySchema>;

export const CalendarResponseSchema = z.object({ items: z.array(AdminConsultationSchema) });
export type CalendarResponse = z.infer<typeof CalendarResponseSchema>;
