import { and, asc, desc, eq, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_STATES,
  actionAllowed,
  canSetPlace,
  feeGoesBack,
  ADMIN_ACTIONS,
  type AdminActionRequest,
  type AdminConsultationDetail,
  type AdminConsultationsQuery,
  type AdminConsultationsResponse,
  type CalendarQuery,
  type CalendarResponse,
  type ConsultationPlaceRequest,
  type ConsultationState,
} from '@aylal/shared/schemas/consultations';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { consultationEvents, consultations } from '../../db/schema/consultations.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsText, isUuid } from '../../lib/sql-text.ts';
import { onAgencyDays } from '../../lib/agency-days.ts';
import { getWorkingHours } from '../../lib/agency-clock.ts';
import type { ConsultationChange, ConsultationMail } from './mail.ts';
import { recordChange } from '../audit/index.ts';
import { toAdminConsultation, toAdminDetail } from './mapping.ts';
import { markHandled } from '../notifications/index.ts';
import { staffConsultationLink } from './mail.ts';

/** A consultation with its traveller: what every back-office read selects. */
const withTraveller = {
  consultation: consultations,
  traveller: { id: users.id, name: users.name, email: users.email },
};

const ADMIN_ORDER: Record<AdminConsultationsQuery['sort'], SQL[]> = {
  'starts-asc': [asc(consultations.startsAt), asc(consultations.id)],
  'starts-desc': [desc(consultations.startsAt), asc(consultations.id)],
  newest: [desc(consultations.createdAt), asc(consultations.id)],
};

/** Every consultation: filters by state, agency dates, trip and traveller; sorting; paging. */
export async function findForAdmin(
  db: Db,
  query: AdminConsultationsQuery,
  now = new Date(),
): Promise<AdminConsultationsResponse> {
  const hours = await getWorkingHours(db);
  const filters: (SQL | undefined)[] = [];
  if (query.state) filters.push(eq(consultations.state, query.state));
  // Agency dates become moments here, so the database compares plain timestamps (and uses its index).
  filters.push(...onAgencyDays(consultations.startsAt, query.from, query.to, hours.timeZone));
  filters.push(...onAgencyDays(consultations.createdAt, query.bookedFrom, query.bookedTo, hours.timeZone));
  if (query.upcoming) {
    filters.push(inArray(consultations.state, ACTIVE_STATES), gt(consultations.endsAt, now));
  }
  if (query.tripId) filters.push(eq(consultations.tripId, query.tripId));
  if (query.q) {
    const term = query.q;
    filters.push(
      or(
        ...[users.name, users.email, consultations.tripTitleEn, consultations.tripTitleMn].map((column) =>
          containsText(column, term),
        ),
      ),
    );
  }
  const where = and(...filters);
  const [page, count] = await Promise.all([
    db
      .select(withTraveller)
      .from(consultations)
      .innerJoin(users, eq(users.id, consultations.userId))
      .where(where)
      .orderBy(...ADMIN_ORDER[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(consultations)
      .innerJoin(users, eq(users.id, consultations.userId))
      .where(where),
  ]);
  return {
    items: page.map((row) => toAdminConsultation(row.consultation, row.traveller, hours.officeAddress)),
    total: count[0]?.total ?? 0,
  };
}

const CALENDAR_LIMIT = 2000;

/** Everything starting in [from, to), for the calendar's month, week and day views. */
export async function calendarFor(db: Db, query: CalendarQuery): Promise<CalendarResponse> {
  const { officeAddress } = await getWorkingHours(db);
  const rows = await db
    .select(withTraveller)
    .from(consultations)
    .innerJoin(users, eq(users.id, consultations.userId))
    .where(and(gte(consultations.startsAt, new Date(query.from)), lt(consultations.startsAt, new Date(query.to))))
    .orderBy(asc(consultations.startsAt), asc(consultations.id))
    .limit(CALENDAR_LIMIT);
  return { items: rows.map((row) => toAdminConsultation(row.consultation, row.traveller, officeAddress)) };
}

/** One consultation with its traveller and its history, oldest first. */
export async function getForAdmin(db: Db, id: string): Promise<AdminConsultationDetail> {
  if (!isUuid(id)) throw new AppError('CONSULTATION_NOT_FOUND');
  const [found] = await db
    .select(withTraveller)
    .from(consultations)
    .innerJoin(users, eq(users.id, consultations.userId))
    .where(eq(consultations.id, id));
  if (!found) throw new AppError('CONSULTATION_NOT_FOUND');
  const events = await db
    .select({
      id: consultationEvents.id,
      kind: consultationEvents.kind,
      note: consultationEvents.note,
      previousStartsAt: consultationEvents.previousStartsAt,
      createdAt: consultationEvents.createdAt,
      actorName: users.name,
      actorRole: users.role,
      actorId: consultationEvents.actorId,
    })
    .from(consultationEvents)
    .leftJoin(users, eq(users.id, consultationEvents.actorId))
    .where(eq(consultationEvents.consultationId, id))
    .orderBy(consultationEvents.createdAt, consultationEvents.id);
  const { officeAddress } = await getWorkingHours(db);
  return toAdminDetail(found.consultation, found.traveller, events, officeAddress);
}

/** What the traveller is told when staff move their consultation to a state (a no-show: nothing). */
const TOLD_ON: Partial<Record<ConsultationState, ConsultationChange>> = {
  confirmed: 'confirmed',
  cancelled: 'cancelled',
  completed: 'completed',
};

/** Staff confirm, complete, mark a no-show or cancel (each with an optional note), or only add a note. */
export async function actOnConsultation(
  db: Db,
  mail: ConsultationMail,
  actorId: string,
  id: string,
  input: AdminActionRequest,
  now = new Date(),
): Promise<AdminConsultationDetail> {
  if (!isUuid(id)) throw new AppError('CONSULTATION_NOT_FOUND');
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(consultations).where(eq(consultations.id, id)).for('update');
    if (!current) throw new AppError('CONSULTATION_NOT_FOUND');
    if (input.action === 'note') {
      if (!input.note) throw new AppError('VALIDATION_FAILED', { fieldErrors: { note: ['required'] } });
      await tx.insert(consultationEvents).values({ consultationId: id, actorId, kind: 'note', note: input.note });
      // The note's text may be about the person: its history records that a note was added, not what it says.
      await recordChange(tx, { actor: actorId, entity: 'consultation', id, action: 'note' });
      return null;
    }
    // Staff act on what they saw: if the traveller moved or cancelled it meanwhile, they look again.
    if (input.version !== undefined && input.version !== current.sequence) throw new AppError('CONSULTATION_CHANGED');
    const action = input.action as keyof typeof ADMIN_ACTIONS;
    if (!actionAllowed(action, current.state as ConsultationState, current.startsAt, now))
      throw new AppError('ACTION_NOT_ALLOWED');
    const to = ADMIN_ACTIONS[action].to;
    const [updated] = await tx
      .update(consultations)
      .set({
        state: to,
        sequence: current.sequence + 1,
        updatedAt: now,
        // Cancelled by the agency: its fee goes back unless it is a late cancellation of a paid one.
        ...(to === 'cancelled' && current.feeUsd > 0
          ? { feeRefundDue: feeGoesBack(current.startsAt, current.feePaidAt !== null, now) }
          : {}),
      })
      .where(and(eq(consultations.id, id), inArray(consultations.state, [...ACTIVE_STATES])))
      .returning();
    await tx.insert(consultationEvents).values({ consultationId: id, actorId, kind: to, note: input.note });
    await recordChange(tx, {
      actor: actorId,
      entity: 'consultation',
      id,
      action: 'state',
      before: { state: current.state },
      after: { state: to },
    });
    const change = TOLD_ON[updated!.state as ConsultationState];
    if (change) await mail.changed(tx, updated!, change, actorId);
    // Handled: the staff notifications about it are read for whoever handled it (issue 23).
    await markHandled(tx, actorId, staffConsultationLink(id));
    return updated!;
  });
  return getForAdmin(db, id);
}

/**
 * Staff set where or how it happens: the office (its address from Settings), another place, or a
 * video link. Only while it is pending or confirmed; an unchanged place changes nothing. The
 * traveller is told (one email, with the calendar invitation updated) as for a change of time.
 */
export async function setPlace(
  db: Db,
  mail: ConsultationMail,
  actorId: string,
  id: string,
  input: ConsultationPlaceRequest,
  now = new Date(),
): Promise<AdminConsultationDetail> {
  if (!isUuid(id)) throw new AppError('CONSULTATION_NOT_FOUND');
  const place = input.kind === 'place' ? input.place : '';
  const videoUrl = input.kind === 'video' ? input.videoUrl : '';
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(consultations).where(eq(consultations.id, id)).for('update');
    if (!current) throw new AppError('CONSULTATION_NOT_FOUND');
    if (input.version !== undefined && input.version !== current.sequence) throw new AppError('CONSULTATION_CHANGED');
    if (!canSetPlace(current.state as ConsultationState, current.endsAt, now)) throw new AppError('ACTION_NOT_ALLOWED');
    if (current.place === place && current.videoUrl === videoUrl) return;
    // The sequence rises so the traveller's calendar replaces the event with its new place.
    const [updated] = await tx
      .update(consultations)
      .set({ place, videoUrl, sequence: current.sequence + 1, updatedAt: now })
      .where(eq(consultations.id, id))
      .returning();
    await tx.insert(consultationEvents).values({ consultationId: id, actorId, kind: 'place', note: videoUrl || place });
    await recordChange(tx, {
      actor: actorId,
      entity: 'consultation',
      id,
      action: 'update',
      before: { place: current.place, videoUrl: current.videoUrl },
      after: { place, videoUrl },
    });
    await mail.changed(tx, updated!, 'placeChanged', actorId);
  });
  return getForAdmin(db, id);
}
