import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACTIVE_STATES,
  actionAllowed,
  ADMIN_ACTIONS,
  canCancel,
  canReschedule,
  isActive,
  addDays,
  isOfferedSlot,
  isTimeZone,
  zonedTime,
  type AdminActionRequest,
  type AdminConsultation,
  type AdminConsultationDetail,
  type AdminConsultationsQuery,
  type AdminConsultationsResponse,
  type BookConsultationRequest,
  type CalendarResponse,
  type Consultation,
  type ConsultationEventKind,
  type ConsultationState,
  type MyConsultationsResponse,
} from '@aylal/shared/schemas/consultations';
import type { Language } from '@aylal/shared/i18n';
import policyEn from '@aylal/locales/en/consultationBooking.json' with { type: 'json' };
import policyMn from '@aylal/locales/mn/consultationBooking.json' with { type: 'json' };
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { consultationEvents, consultations } from '../../db/schema/consultations.ts';
import { trips } from '../../db/schema/trips.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeLike, isUuid } from '../../lib/sql-text.ts';
import { calendarInvitation, parseAddress } from '../../mail/ics.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { consultationMail, consultationSummary, type ConsultationMailKind } from '../../mail/templates.ts';
import { getWorkingHours } from './hours.ts';

export interface ConsultationContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  mailFrom: string;
  log: FastifyBaseLogger;
}

const POLICY: Record<Language, string[]> = {
  en: [
    policyEn.policy.title,
    policyEn.policy.cancel,
    policyEn.policy.lateFee,
    policyEn.policy.noShow,
    policyEn.policy.reschedule,
  ],
  mn: [
    policyMn.policy.title,
    policyMn.policy.cancel,
    policyMn.policy.lateFee,
    policyMn.policy.noShow,
    policyMn.policy.reschedule,
  ],
};

/** The PostgreSQL error code behind a failed query (drizzle wraps the driver's error). */
function pgCode(error: unknown): { code?: string } {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return { code: candidate.code };
  }
  return {};
}

/** The canonical spelling of a zone the traveller's browser gave, or null when it is not one. */
function canonicalZone(value: string | undefined): string | null {
  if (!value || !isTimeZone(value)) return null;
  return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
}

/** Overlap with an active consultation (the exclusion constraint): someone else has the time. */
function refusalOf(error: unknown): AppError | undefined {
  return pgCode(error).code === '23P01' ? new AppError('SLOT_TAKEN') : undefined;
}

function parseStart(value: string | undefined): Date {
  if (!value) throw new AppError('SLOT_REQUIRED');
  const start = new Date(value);
  if (Number.isNaN(start.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) throw new AppError('SLOT_UNAVAILABLE');
  return start;
}

// ------------------------------------------------------------------------------------------------
// Reading

type Row = typeof consultations.$inferSelect;

const tripRef = (row: Row): Consultation['trip'] =>
  row.tripId || row.tripTitleEn || row.tripTitleMn
    ? { id: row.tripId, title: { en: row.tripTitleEn, mn: row.tripTitleMn } }
    : null;

/** A consultation as anyone may read it, without what the policy still allows its owner. */
function readConsultation(row: Row): Omit<Consultation, 'canCancel' | 'canReschedule'> {
  return {
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    state: row.state as ConsultationState,
    trip: tripRef(row),
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

function toConsultation(row: Row, now: Date): Consultation {
  const active = isActive(row.state as ConsultationState);
  return {
    ...readConsultation(row),
    canCancel: active && canCancel(row.startsAt, now),
    canReschedule: active && canReschedule(row.startsAt, now),
  };
}

function toAdminConsultation(row: Row, user: { id: string; name: string; email: string }): AdminConsultation {
  return { ...readConsultation(row), user, version: row.sequence };
}

/** The traveller's own consultations: upcoming first (soonest first), then the past (latest first). */
export async function listMine(db: Db, userId: string, now = new Date()): Promise<MyConsultationsResponse> {
  const rows = await db
    .select()
    .from(consultations)
    .where(eq(consultations.userId, userId))
    .orderBy(
      sql`case when ${consultations.endsAt} >= ${now} and ${consultations.state} in ('pending', 'confirmed') then 0 else 1 end`,
      sql`case when ${consultations.endsAt} >= ${now} and ${consultations.state} in ('pending', 'confirmed') then ${consultations.startsAt} end asc`,
      sql`${consultations.startsAt} desc`,
    )
    .limit(200);
  return { items: rows.map((row) => toConsultation(row, now)) };
}

// ------------------------------------------------------------------------------------------------
// The traveller's side

export async function book(
  ctx: ConsultationContext,
  user: { id: string },
  input: BookConsultationRequest,
  language: Language,
  now = new Date(),
): Promise<Consultation> {
  const start = parseStart(input.startsAt);
  if (input.acknowledgedPolicy !== true) throw new AppError('POLICY_NOT_ACKNOWLEDGED');
  if (!isUuid(input.tripId)) throw new AppError('TRIP_UNAVAILABLE');
  const [trip] = await ctx.db
    .select({ id: trips.id, titleEn: trips.titleEn, titleMn: trips.titleMn })
    .from(trips)
    .where(and(eq(trips.id, input.tripId), eq(trips.status, 'published')));
  if (!trip) throw new AppError('TRIP_UNAVAILABLE');
  const hours = await getWorkingHours(ctx.db);
  if (!isOfferedSlot(start, hours, now)) throw new AppError('SLOT_UNAVAILABLE');

  let row: Row;
  try {
    row = await ctx.db.transaction(async (tx) => {
      // One upcoming consultation per traveller and trip (a second one is a reschedule); one that
      // has ended no longer counts, whatever staff have marked it. Two tabs booking at once wait
      // for each other here.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`consultation:${user.id}:${trip.id}`}))`);
      const [upcoming] = await tx
        .select({ id: consultations.id })
        .from(consultations)
        .where(
          and(
            eq(consultations.userId, user.id),
            eq(consultations.tripId, trip.id),
            inArray(consultations.state, [...ACTIVE_STATES]),
            gt(consultations.endsAt, now),
          ),
        )
        .limit(1);
      if (upcoming) throw new AppError('ALREADY_BOOKED');
      const [inserted] = await tx
        .insert(consultations)
        .values({
          userId: user.id,
          tripId: trip.id,
          tripTitleEn: trip.titleEn,
          tripTitleMn: trip.titleMn,
          startsAt: start,
          endsAt: new Date(start.getTime() + hours.slotMinutes * 60_000),
          note: input.note ?? '',
          language,
          timeZone: canonicalZone(input.timeZone) ?? hours.timeZone,
        })
        .returning();
      await tx.insert(consultationEvents).values({ consultationId: inserted!.id, actorId: user.id, kind: 'booked' });
      return inserted!;
    });
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
  sendMail(ctx, row, 'booked');
  return toConsultation(row, now);
}

/** Loads one of the traveller's consultations, locked for the change that follows. */
async function lockOwn(tx: Db, userId: string, id: string): Promise<Row> {
  if (!isUuid(id)) throw new AppError('CONSULTATION_NOT_FOUND');
  const [row] = await tx
    .select()
    .from(consultations)
    .where(and(eq(consultations.id, id), eq(consultations.userId, userId)))
    .for('update');
  if (!row) throw new AppError('CONSULTATION_NOT_FOUND');
  if (!isActive(row.state as ConsultationState)) throw new AppError('CONSULTATION_CLOSED');
  return row;
}

export async function cancelMine(ctx: ConsultationContext, userId: string, id: string, now = new Date()) {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockOwn(tx as unknown as Db, userId, id);
    if (!canCancel(current.startsAt, now)) throw new AppError('CANCEL_TOO_LATE');
    const [updated] = await tx
      .update(consultations)
      .set({ state: 'cancelled', sequence: current.sequence + 1, updatedAt: now })
      .where(eq(consultations.id, id))
      .returning();
    await tx.insert(consultationEvents).values({ consultationId: id, actorId: userId, kind: 'cancelled' });
    return updated!;
  });
  sendMail(ctx, row, 'cancelled');
  return toConsultation(row, now);
}

export async function rescheduleMine(
  ctx: ConsultationContext,
  userId: string,
  id: string,
  startsAt: string | undefined,
  now = new Date(),
) {
  const hours = await getWorkingHours(ctx.db);
  let row: Row;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const current = await lockOwn(tx as unknown as Db, userId, id);
      if (!canReschedule(current.startsAt, now)) throw new AppError('RESCHEDULE_TOO_LATE');
      const start = parseStart(startsAt);
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
        actorId: userId,
        kind: 'rescheduled',
        previousStartsAt: current.startsAt,
      });
      return updated!;
    });
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
  sendMail(ctx, row, 'rescheduled');
  return toConsultation(row, now);
}

// ------------------------------------------------------------------------------------------------
// The back office

const ADMIN_ORDER: Record<AdminConsultationsQuery['sort'], SQL> = {
  'starts-asc': sql`c.starts_at asc, c.id`,
  'starts-desc': sql`c.starts_at desc, c.id`,
  newest: sql`c.created_at desc, c.id`,
};

interface AdminRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  trip_id: string | null;
  trip_title_en: string;
  trip_title_mn: string;
  starts_at: Date;
  ends_at: Date;
  state: string;
  note: string;
  language: string;
  time_zone: string;
  sequence: number;
  created_at: Date;
  updated_at: Date;
  user_name: string;
  user_email: string;
}

const ADMIN_COLUMNS = sql`c.id, c.user_id, c.trip_id, c.trip_title_en, c.trip_title_mn, c.starts_at, c.ends_at,
  c.state, c.note, c.language, c.time_zone, c.sequence, c.created_at, c.updated_at,
  u.name as user_name, u.email as user_email`;

function fromAdminRow(row: AdminRow): AdminConsultation {
  const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));
  return toAdminConsultation(
    {
      id: row.id,
      userId: row.user_id,
      tripId: row.trip_id,
      tripTitleEn: row.trip_title_en,
      tripTitleMn: row.trip_title_mn,
      startsAt: date(row.starts_at),
      endsAt: date(row.ends_at),
      state: row.state,
      note: row.note,
      language: row.language,
      timeZone: row.time_zone,
      sequence: row.sequence,
      createdAt: date(row.created_at),
      updatedAt: date(row.updated_at),
    },
    { id: row.user_id, name: row.user_name, email: row.user_email },
  );
}

/** Every consultation: filters by state, agency dates, trip and traveller; sorting; paging. */
export async function findForAdmin(db: Db, query: AdminConsultationsQuery): Promise<AdminConsultationsResponse> {
  const hours = await getWorkingHours(db);
  const filters: SQL[] = [sql`true`];
  if (query.state) filters.push(sql`c.state = ${query.state}`);
  // Agency dates become moments here, so the database compares plain timestamps (and uses its index).
  if (query.from)
    filters.push(sql`c.starts_at >= ${zonedTime(query.from, 0, hours.timeZone).toISOString()}::timestamptz`);
  if (query.to)
    filters.push(sql`c.starts_at < ${zonedTime(addDays(query.to, 1), 0, hours.timeZone).toISOString()}::timestamptz`);
  if (query.tripId) filters.push(sql`c.trip_id = ${query.tripId}`);
  if (query.q) {
    const like = `%${escapeLike(query.q.toLocaleLowerCase())}%`;
    filters.push(
      sql`(lower(u.name) like ${like} or lower(u.email) like ${like} or lower(c.trip_title_en) like ${like} or lower(c.trip_title_mn) like ${like})`,
    );
  }
  const where = sql.join(filters, sql` and `);
  const [page, count] = await Promise.all([
    db.execute<AdminRow>(sql`
      select ${ADMIN_COLUMNS} from consultations c join users u on u.id = c.user_id
      where ${where} order by ${ADMIN_ORDER[query.sort]}
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    db.execute<{ total: number }>(
      sql`select count(*)::int as total from consultations c join users u on u.id = c.user_id where ${where}`,
    ),
  ]);
  return { items: page.rows.map(fromAdminRow), total: count.rows[0]?.total ?? 0 };
}

const CALENDAR_LIMIT = 2000;

/** Everything starting in [from, to), for the calendar's month, week and day views. */
export async function calendarFor(db: Db, from: string, to: string): Promise<CalendarResponse> {
  const rows = await db.execute<AdminRow>(sql`
    select ${ADMIN_COLUMNS} from consultations c join users u on u.id = c.user_id
    where c.starts_at >= ${new Date(from).toISOString()}::timestamptz
      and c.starts_at < ${new Date(to).toISOString()}::timestamptz
    order by c.starts_at, c.id limit ${CALENDAR_LIMIT}`);
  return { items: rows.rows.map(fromAdminRow) };
}

export async function getForAdmin(db: Db, id: string): Promise<AdminConsultationDetail> {
  if (!isUuid(id)) throw new AppError('CONSULTATION_NOT_FOUND');
  const [found] = (
    await db.execute<AdminRow>(
      sql`select ${ADMIN_COLUMNS} from consultations c join users u on u.id = c.user_id where c.id = ${id}`,
    )
  ).rows;
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
  return {
    ...fromAdminRow(found),
    events: events.map((event) => ({
      id: event.id,
      kind: event.kind as ConsultationEventKind,
      note: event.note,
      previousStartsAt: event.previousStartsAt?.toISOString() ?? null,
      actor: event.actorName
        ? { name: event.actorName, isStaff: event.actorId !== found.user_id && event.actorRole === 'admin' }
        : null,
      at: event.createdAt.toISOString(),
    })),
  };
}

const MAIL_ON: Partial<Record<ConsultationState, ConsultationMailKind>> = {
  confirmed: 'confirmed',
  cancelled: 'cancelled',
};

/** Staff confirm, complete, mark a no-show or cancel (each with an optional note), or only add a note. */
export async function actOnConsultation(
  ctx: ConsultationContext,
  actorId: string,
  id: string,
  request: AdminActionRequest,
  now = new Date(),
): Promise<AdminConsultationDetail> {
  if (!isUuid(id)) throw new AppError('CONSULTATION_NOT_FOUND');
  const changed = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(consultations).where(eq(consultations.id, id)).for('update');
    if (!current) throw new AppError('CONSULTATION_NOT_FOUND');
    if (request.action === 'note') {
      if (!request.note) throw new AppError('VALIDATION_FAILED', { fieldErrors: { note: ['required'] } });
      await tx.insert(consultationEvents).values({ consultationId: id, actorId, kind: 'note', note: request.note });
      return null;
    }
    // Staff act on what they saw: if the traveller moved or cancelled it meanwhile, they look again.
    if (request.version !== undefined && request.version !== current.sequence)
      throw new AppError('CONSULTATION_CHANGED');
    const action = request.action as keyof typeof ADMIN_ACTIONS;
    if (!actionAllowed(action, current.state as ConsultationState, current.startsAt, now))
      throw new AppError('ACTION_NOT_ALLOWED');
    const to = ADMIN_ACTIONS[action].to;
    const [updated] = await tx
      .update(consultations)
      .set({ state: to, sequence: current.sequence + 1, updatedAt: now })
      .where(and(eq(consultations.id, id), inArray(consultations.state, [...ACTIVE_STATES])))
      .returning();
    await tx.insert(consultationEvents).values({ consultationId: id, actorId, kind: to, note: request.note });
    return updated!;
  });
  const kind = changed ? MAIL_ON[changed.state as ConsultationState] : undefined;
  if (changed && kind) sendMail(ctx, changed, kind);
  return getForAdmin(ctx.db, id);
}

// ------------------------------------------------------------------------------------------------
// Mail

const pendingMail = new Set<Promise<void>>();

/**
 * Tells the traveller, with a calendar invitation, without holding up the answer: the change has
 * committed, and a slow mail server must not make booking slow. A failure is logged (and the
 * outbox row keeps the message).
 */
function sendMail(ctx: ConsultationContext, row: Row, kind: ConsultationMailKind) {
  const sending = writeMail(ctx, row, kind).finally(() => pendingMail.delete(sending));
  pendingMail.add(sending);
}

/** Waits for consultation emails still being sent (shutdown, tests). */
export async function settleConsultationMail(): Promise<void> {
  while (pendingMail.size) await Promise.all([...pendingMail]);
}

async function writeMail(ctx: ConsultationContext, row: Row, kind: ConsultationMailKind) {
  try {
    const [owner] = await ctx.db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, row.userId));
    if (!owner) return;
    const language: Language = row.language === 'mn' ? 'mn' : 'en';
    const trip = (language === 'mn' ? row.tripTitleMn || row.tripTitleEn : row.tripTitleEn || row.tripTitleMn) ?? '';
    const manageUrl = `${ctx.publicUrl}/consultations${language === 'mn' ? '?lang=mn' : ''}`;
    const method = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
    const content = calendarInvitation({
      uid: `consultation-${row.id}@aylal`,
      sequence: row.sequence,
      method,
      // Until staff confirm, the time shows as tentative in the traveller's calendar.
      status: kind === 'cancelled' ? 'CANCELLED' : row.state === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE',
      start: row.startsAt,
      end: row.endsAt,
      summary: consultationSummary(trip, language),
      description: [...POLICY[language], manageUrl].join('\n'),
      url: manageUrl,
      organizer: parseAddress(ctx.mailFrom),
      attendee: { name: owner.name, email: owner.email },
    });
    await ctx.mailer.send(
      consultationMail({
        kind,
        to: owner.email,
        name: owner.name,
        trip,
        start: row.startsAt,
        end: row.endsAt,
        language,
        timeZone: row.timeZone,
        manageUrl,
        calendar: { method, content },
        policy: POLICY[language],
      }),
    );
  } catch (error) {
    ctx.log.error({ err: error, consultation: row.id, kind }, 'consultation email failed');
  }
}
