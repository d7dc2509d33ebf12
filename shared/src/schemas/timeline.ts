import { z } from 'zod';
import { CONSULTATION_EVENTS } from '../consultation-rules.ts';
import { APPLICATION_STATES } from '../job-rules.ts';
import { VISA_EVENT_KINDS } from '../visa-rules.ts';

/**
 * One account timeline (`GET /api/account/timeline`, docs/decisions/018): the signed-in person's
 * own story, newest first. Each item is one kind of record; a new kind (contact messages and their
 * replies) is one more member of the union, its link and its words.
 */

const bilingual = z.object({ en: z.string(), mn: z.string() });
const base = { id: z.string(), at: z.string() };

/** A consultation was booked, moved, confirmed, completed, missed or cancelled (staff notes never appear). */
export const TimelineConsultationSchema = z.object({
  ...base,
  kind: z.literal('consultation'),
  event: z.enum(CONSULTATION_EVENTS).exclude(['note']),
  consultationId: z.string(),
  startsAt: z.string(),
  /** The trip it is about ('' for a visa consultation), and the visa application's reference if about one. */
  trip: bilingual,
  visaReference: z.string().nullable(),
});

/** A job application was sent (`applied`) or staff moved it to a state. */
export const TimelineApplicationSchema = z.object({
  ...base,
  kind: z.literal('application'),
  event: z.enum(['applied', 'state']),
  state: z.enum(APPLICATION_STATES),
  applicationId: z.string(),
  job: bilingual,
  company: z.string(),
});

/** A visa application's step (created, submitted, a staff decision, a payment change; staff notes never appear). */
export const TimelineVisaSchema = z.object({
  ...base,
  kind: z.literal('visa'),
  event: z.enum(VISA_EVENT_KINDS).exclude(['note', 'hold', 'release']),
  applicationId: z.string(),
  reference: z.string().nullable(),
  /** ISO code of the country applied for ('' while unanswered). */
  country: z.string(),
});

/**
 * A contact message the person sent while signed in (`sent`), or the team's reply to it (`reply`):
 * the same messages as `GET /api/contact/mine`; staff notes and changes never appear.
 */
export const TimelineMessageSchema = z.object({
  ...base,
  kind: z.literal('message'),
  event: z.enum(['sent', 'reply']),
  messageId: z.string(),
  reference: z.string(),
  /** The message's subject as the person wrote it. */
  title: z.string(),
});

export const TimelineItemSchema = z.discriminatedUnion('kind', [
  TimelineConsultationSchema,
  TimelineApplicationSchema,
  TimelineVisaSchema,
  TimelineMessageSchema,
]);
export type TimelineItem = z.infer<typeof TimelineItemSchema>;
export type TimelineKind = TimelineItem['kind'];

export const TIMELINE_PAGE_SIZE = 20;

export const TimelineQuerySchema = z.object({
  /** The `next` of the page before; absent for the newest page. */
  cursor: z
    .string()
    .max(100)
    .regex(/^\d{1,20}_[0-9a-f-]{36}$/, 'invalid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(TIMELINE_PAGE_SIZE),
});
export type TimelineQuery = z.infer<typeof TimelineQuerySchema>;

export const TimelineResponseSchema = z.object({
  items: z.array(TimelineItemSchema),
  /** The cursor of the next (older) page; null on the last. */
  next: z.string().nullable(),
});
export type TimelineResponse = z.infer<typeof TimelineResponseSchema>;
