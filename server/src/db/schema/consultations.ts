import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, partOf, timestamptz, updatedAt } from './columns.ts';
import { ownedByUser, userOrNull } from './auth.ts';
import { trips } from './trips.ts';
import { visaApplications } from './visa.ts';

/** The agency's consultation hours: one row (id 1), edited in Settings. */
export const consultationHours = pgTable(
  'consultation_hours',
  {
    id: integer('id').primaryKey().default(1),
    /** ISO weekdays, 1 Monday … 7 Sunday. */
    weekdays: integer('weekdays').array().notNull(),
    dayStart: text('day_start').notNull(),
    dayEnd: text('day_end').notNull(),
    slotMinutes: integer('slot_minutes').notNull(),
    timeZone: text('time_zone').notNull(),
    horizonDays: integer('horizon_days').notNull(),
    leadHours: integer('lead_hours').notNull(),
    /** Where consultations happen unless staff say otherwise ('' until given). */
    officeAddress: text('office_address').notNull().default(''),
    /** The fee of a consultation about a trip, in whole US dollars (0: free; decision 033). */
    tripFeeUsd: integer('trip_fee_usd').notNull().default(0),
    /** The fee of a consultation about a visa application, in whole US dollars (0: free). */
    visaFeeUsd: integer('visa_fee_usd').notNull().default(0),
    updatedAt: updatedAt(),
    updatedBy: userOrNull('updated_by'),
  },
  (table) => [
    check('consultation_hours_single_row', sql`${table.id} = 1`),
    check(
      'consultation_hours_fees_check',
      sql`${table.tripFeeUsd} between 0 and 100000 and ${table.visaFeeUsd} between 0 and 100000`,
    ),
  ],
);

/**
 * A booked consultation. The database refuses two active ones (pending or confirmed) whose times
 * overlap: an exclusion constraint added by hand in the migration, beside the indexes below.
 */
export const consultations = pgTable(
  'consultations',
  {
    id: id(),
    userId: ownedByUser('user_id'),
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'set null' }),
    /**
     * Or the visa application it is about (spec section 4: only once one is submitted); its
     * subject is then written into the title columns ("Visa application V-2026-00042").
     */
    visaApplicationId: uuid('visa_application_id').references(() => visaApplications.id, { onDelete: 'set null' }),
    /** The trip's title when booked, so the booking still reads well if the trip is deleted. */
    tripTitleEn: text('trip_title_en').notNull().default(''),
    tripTitleMn: text('trip_title_mn').notNull().default(''),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    state: text('state').notNull().default('pending'),
    /** What the traveller wants to talk about. */
    note: text('note').notNull().default(''),
    /** The language the traveller booked in: their emails are written in it. */
    language: text('language').notNull().default('en'),
    /** The traveller's own time zone (from their browser): their emails show times in it. */
    timeZone: text('time_zone').notNull().default('Asia/Ulaanbaatar'),
    /** Where it happens when not at the office ('' : the office address from Settings). */
    place: text('place').notNull().default(''),
    /** Or the https link of a video call ('' : none); never both. */
    videoUrl: text('video_url').notNull().default(''),
    /** The fee fixed when it was booked, in whole US dollars (0: free). */
    feeUsd: integer('fee_usd').notNull().default(0),
    /** When its fee was paid (the payment's confirmation), or null. */
    feePaidAt: timestamptz('fee_paid_at'),
    /**
     * Cancelled with its fee to be given back (the payments module refunds what was paid and
     * cancels what is still open, then clears it); false while the fee is kept or owed.
     */
    feeRefundDue: boolean('fee_refund_due').notNull().default(false),
    /** When what was paid went back to the traveller (its provider said yes), or null. */
    feeRefundedAt: timestamptz('fee_refunded_at'),
    /** Bumped on every change of time or state: calendar apps replace the invitation. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'consultations_state_check',
      sql`${table.state} in ('pending', 'confirmed', 'completed', 'cancelled', 'no-show')`,
    ),
    check('consultations_time_check', sql`${table.endsAt} > ${table.startsAt}`),
    check('consultations_language_check', sql`${table.language} in ('en', 'mn')`),
    check('consultations_place_or_video_check', sql`${table.place} = '' or ${table.videoUrl} = ''`),
    // One upcoming active consultation per traveller and trip is checked by the booking itself
    // (under a lock): an index cannot tell a consultation that has ended from one still ahead.
    index('consultations_user_starts_idx').on(table.userId, table.startsAt),
    index('consultations_starts_idx').on(table.startsAt),
    index('consultations_trip_idx').on(table.tripId),
    index('consultations_visa_idx').on(table.visaApplicationId),
    index('consultations_fee_refund_due_idx')
      .on(table.id)
      .where(sql`${table.feeRefundDue}`),
    check('consultations_fee_check', sql`${table.feeUsd} >= 0`),
  ],
);

/** What happened to a consultation, oldest first: booking, reschedules, state changes, staff notes. */
export const consultationEvents = pgTable(
  'consultation_events',
  {
    id: id(),
    consultationId: partOf('consultation_id', () => consultations.id),
    actorId: userOrNull('actor_id'),
    kind: text('kind').notNull(),
    note: text('note').notNull().default(''),
    previousStartsAt: timestamptz('previous_starts_at'),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'consultation_events_kind_check',
      sql`${table.kind} in ('booked', 'rescheduled', 'confirmed', 'completed', 'no-show', 'cancelled', 'note', 'place', 'paid')`,
    ),
    index('consultation_events_consultation_idx').on(table.consultationId, table.createdAt),
  ],
);
