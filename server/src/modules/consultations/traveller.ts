import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_STATES,
  canCancel,
  canReschedule,
  isActive,
  isOfferedSlot,
  isTimeZone,
  locationOf,
  type BookConsultationRequest,
  type Consultation,
  type ConsultationState,
  type MyConsultationsResponse,
  type RescheduleRequest,
} from '@aylal/shared/schemas/consultations';
import type { Language } from '@aylal/shared/i18n';
import { interpolate } from '@aylal/shared/notifications';
import { canConsultAbout, type VisaState } from '@aylal/shared/visa-rules';
import bookingEn from '@aylal/locales/en/consultationBooking.json' with { type: 'json' };
import bookingMn from '@aylal/locales/mn/consultationBooking.json' with { type: 'json' };
import type { Db, Tx } from '../../db/client.ts';
import { isPgError, PG_ERROR, retryOnDeadlock } from '../../db/pg-error.ts';
import { consultationEvents, consultations } from '../../db/schema/consultations.ts';
import { trips } from '../../db/schema/trips.ts';
import { users } from '../../db/schema/auth.ts';
import { visaApplications } from '../../db/schema/visa.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/sql-text.ts';
import { getWorkingHours } from '../../lib/agency-clock.ts';
import type { ConsultationMail } from './mail.ts';
import { toConsultation, type ConsultationRow } from './mapping.ts';

/** The canonical spelling of a zone the traveller's browser gave, or null when it is not one. */
function canonicalZone(value: string | undefined): string | null {
  if (!value || !isTimeZone(value)) return null;
  return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
}

/** Overlap with an active consultation (the exclusion constraint): someone else has the time. */
function refusalOf(error: unknown): AppError | undefined {
  return isPgError(error, PG_ERROR.EXCLUSION_VIOLATION, 'consultations_no_overlap')
    ? new AppError('SLOT_TAKEN')
    : undefined;
}

function parseStart(value: string | undefined): Date {
  if (!value) throw new AppError('SLOT_REQUIRED');
  const start = new Date(value);
  if (Number.isNaN(start.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) throw new AppError('SLOT_UNAVAILABLE');
  return start;
}

/** The traveller's own consultations: upcoming first (soonest first), then the past (latest first). */
export async function listMine(db: Db, actorId: string, now = new Date()): Promise<MyConsultationsResponse> {
  const upcoming = sql`${consultations.endsAt} >= ${now} and ${consultations.state} in ('pending', 'confirmed')`;
  const rows = await db
    .select()
    .from(consultations)
    .where(eq(consultations.userId, actorId))
    .orderBy(
      sql`case when ${upcoming} then 0 else 1 end`,
      sql`case when ${upcoming} then ${consultations.startsAt} end asc`,
      sql`${consultations.startsAt} desc`,
    )
    .limit(200);
  const { officeAddress } = await getWorkingHours(db);
  return { items: rows.map((row) => toConsultation(row, now, officeAddress)) };
}

/** What a consultation is about: a trip or a visa application, its title in both languages. */
interface Subject {
  tripId: string | null;
  visaApplicationId: string | null;
  titleEn: string;
  titleMn: string;
  /** The advisory lock of "one upcoming consultation per traveller and subject". */
  lockKey: string;
  /** The consultations that count as the same subject. */
  same: SQL;
}

async function tripSubject(db: Db, tripId: string): Promise<Subject> {
  if (!isUuid(tripId)) throw new AppError('TRIP_UNAVAILABLE');
  const [trip] = await db
    .select({ id: trips.id, titleEn: trips.titleEn, titleMn: trips.titleMn })
    .from(trips)
    .where(and(eq(trips.id, tripId), eq(trips.status, 'published')));
  if (!trip) throw new AppError('TRIP_UNAVAILABLE');
  return {
    tripId: trip.id,
    visaApplicationId: null,
    titleEn: trip.titleEn,
    titleMn: trip.titleMn,
    lockKey: trip.id,
    same: eq(consultations.tripId, trip.id),
  };
}

/**
 * Spec section 4: a consultation about a visa application only once one is submitted. None at
 * all is VISA_REQUEST_REQUIRED; only drafts (or withdrawn ones), or this one a draft or withdrawn,
 * VISA_FORM_REQUIRED; someone else's (or no such) application VISA_NOT_FOUND.
 */
async function visaSubject(db: Db, actorId: string, applicationId: string): Promise<Subject> {
  const mine = await db
    .select({ id: visaApplications.id, state: visaApplications.state, reference: visaApplications.reference })
    .from(visaApplications)
    .where(eq(visaApplications.userId, actorId));
  if (!mine.length) throw new AppError('VISA_REQUEST_REQUIRED');
  const consultable = (state: string) => canConsultAbout(state as VisaState);
  if (!mine.some((application) => consultable(application.state))) throw new AppError('VISA_FORM_REQUIRED');
  const application = mine.find((candidate) => candidate.id === applicationId);
  if (!application) throw new AppError('VISA_NOT_FOUND');
  if (!consultable(application.state) || !application.reference) throw new AppError('VISA_FORM_REQUIRED');
  const reference = application.reference;
  return {
    tripId: null,
    visaApplicationId: application.id,
    titleEn: interpolate(bookingEn.visaSubject, { reference }),
    titleMn: interpolate(bookingMn.visaSubject, { reference }),
    lockKey: `visa:${application.id}`,
    same: eq(consultations.visaApplicationId, application.id),
  };
}

/**
 * Books an open slot, the policy acknowledged, about a published trip or one of the traveller's
 * submitted visa applications (its refusals come first: they say what to do before any time
 * matters); the traveller and the staff are told.
 */
export async function book(
  db: Db,
  mail: ConsultationMail,
  actorId: string,
  input: BookConsultationRequest,
  language: Language,
  now = new Date(),
): Promise<Consultation> {
  const visa = input.visaApplicationId === undefined ? null : await visaSubject(db, actorId, input.visaApplicationId);
  const start = parseStart(input.startsAt);
  if (input.acknowledgedPolicy !== true) throw new AppError('POLICY_NOT_ACKNOWLEDGED');
  const subject = visa ?? (await tripSubject(db, input.tripId ?? ''));
  const hours = await getWorkingHours(db);
  if (!isOfferedSlot(start, hours, now)) throw new AppError('SLOT_UNAVAILABLE');

  let row: ConsultationRow;
  try {
    // Two bookings of one slot may deadlock under the exclusion constraint: run again (pg-error.ts).
    row = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        // One upcoming consultation per traveller and subject (a second one is a reschedule); one
        // that has ended no longer counts, whatever staff have marked it, which is why no unique
        // index holds this rule. Two tabs booking at once wait for each other here.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`consultation:${actorId}:${subject.lockKey}`}))`);
        if (subject.visaApplicationId) {
          // Withdrawn meanwhile? The application is held as it is until the booking is written.
          const [application] = await tx
            .select({ state: visaApplications.state })
            .from(visaApplications)
            .where(eq(visaApplications.id, subject.visaApplicationId))
            .for('share');
          if (!application || !canConsultAbout(application.state as VisaState))
            throw new AppError('VISA_FORM_REQUIRED');
        }
        const [upcoming] = await tx
          .select({ id: consultations.id })
          .from(consultations)
          .where(
            and(
              eq(consultations.userId, actorId),
              subject.same,
              inArray(consultations.state, [...ACTIVE_STATES]),
              gt(consultations.endsAt, now),
            ),
          )
          .limit(1);
        if (upcoming) throw new AppError(subject.visaApplicationId ? 'VISA_ALREADY_BOOKED' : 'ALREADY_BOOKED');
        const [inserted] = await tx
          .insert(consultations)
          .values({
            userId: actorId,
            tripId: subject.tripId,
            visaApplicationId: subject.visaApplicationId,
            tripTitleEn: subject.titleEn,
            tripTitleMn: subject.titleMn,
            startsAt: start,
            endsAt: new Date(start.getTime() + hours.slotMinutes * 60_000),
            note: input.note ?? '',
            // The fee Settings ask now is the one it keeps (decision 033).
            feeUsd: subject.visaApplicationId ? hours.visaFeeUsd : hours.tripFeeUsd,
            language,
            timeZone: canonicalZone(input.timeZone) ?? hours.timeZone,
          })
          .returning();
        await tx.insert(consultationEvents).values({ consultationId: inserted!.id, actorId, kind: 'booked' });
        await mail.changed(tx, inserted!, 'booked', actorId);
        return inserted!;
      }),
    );
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
  return toConsultation(row, now, hours.officeAddress);
}

/** Loads one of the traveller's consultations, locked for the change that follows. */
async function lockOwn(tx: Tx, actorId: string, id: string): Promise<ConsultationRow> {
  if (!isUuid(id)) throw new AppError('CONSULTATION_NOT_FOUND');
  const [row] = await tx
    .select()
    .from(consultations)
    .where(and(eq(consultations.id, id), eq(consultations.userId, actorId)))
    .for('update');
  if (!row) throw new AppError('CONSULTATION_NOT_FOUND');
  if (!isActive(row.state as ConsultationState)) throw new AppError('CONSULTATION_CLOSED');
  return row;
}

/** Cancels one of the traveller's consultations, at least 24 hours ahead. */
export async function cancelMine(
  db: Db,
  mail: ConsultationMail,
  actorId: string,
  id: string,
  now = new Date(),
): Promise<Consultation> {
  const row = await db.transaction(async (tx) => {
    const current = await lockOwn(tx, actorId, id);
    if (!canCancel(current.startsAt, now)) throw new AppError('CANCEL_TOO_LATE');
    const [updated] = await tx
      .update(consultations)
      // In time (24 hours ahead), so whatever was paid goes back (the payments module refunds it).
      .set({ state: 'cancelled', sequence: current.sequence + 1, updatedAt: now, feeRefundDue: current.feeUsd > 0 })
      .where(eq(consultations.id, id))
      .returning();
    await tx.insert(consultationEvents).values({ consultationId: id, actorId, kind: 'cancelled' });
    await mail.changed(tx, updated!, 'cancelledByTraveller', actorId);
    return updated!;
  });
  // Cancelled: where it would have happened is no longer shown.
  return toConsultation(row, now, '');
}

/** Moves one of the traveller's consultations to another open slot, up to 48 hours before. */
export async function rescheduleMine(
  db: Db,
  mail: ConsultationMail,
  actorId: string,
  id: string,
  input: RescheduleRequest,
  now = new Date(),
): Promise<Consultation> {
  const hours = await getWorkingHours(db);
  let row: ConsultationRow;
  try {
    // Two bookings of one slot may deadlock under the exclusion constraint: run again (pg-error.ts).
    row = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        const current = await lockOwn(tx, actorId, id);
        if (!canReschedule(current.startsAt, now)) throw new AppError('RESCHEDULE_TOO_LATE');
        const start = parseStart(input.startsAt);
        if (start.getTime() === current.startsAt.getTime() || !isOfferedSlot(start, hours, now))
          throw new AppError('SLOT_UNAVAILABLE');
        // A new time is one the agency has not agreed to yet: it waits for confirmation again.
        const [updated] = await tx
          .update(consultations)
          .set({
            startsAt: start,
            endsAt: new Date(start.getTime() + hours.slotMinutes * 60_000),
            state: 'pending',
            sequence: current.sequence + 1,
            updatedAt: now,
          })
          .where(eq(consultations.id, id))
          .returning();
        await tx.insert(consultationEvents).values({
          consultationId: id,
          actorId,
          kind: 'rescheduled',
          previousStartsAt: current.startsAt,
        });
        await mail.changed(tx, updated!, 'rescheduled', actorId, current.startsAt);
        return updated!;
      }),
    );
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
  return toConsultation(row, now, hours.officeAddress);
}

/**
 * The calendar file of one of the traveller's own consultations (the invitation its emails carry),
 * while it is pending or confirmed; anyone else's, or an unknown one, is not found.
 */
export async function calendarFileOfMine(
  db: Db,
  mail: ConsultationMail,
  actorId: string,
  id: string,
  language: Language,
): Promise<string> {
  if (!isUuid(id)) throw new AppError('CONSULTATION_NOT_FOUND');
  const [found] = await db
    .select({ row: consultations, traveller: { name: users.name, email: users.email } })
    .from(consultations)
    .innerJoin(users, eq(users.id, consultations.userId))
    .where(and(eq(consultations.id, id), eq(consultations.userId, actorId)));
  if (!found) throw new AppError('CONSULTATION_NOT_FOUND');
  const { row, traveller } = found;
  if (!isActive(row.state as ConsultationState)) throw new AppError('CONSULTATION_CLOSED');
  const { officeAddress } = await getWorkingHours(db);
  return mail.invitation(row, traveller, language, locationOf(row.place, row.videoUrl, officeAddress));
}
