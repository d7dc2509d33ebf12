import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  AdminTripListItem,
  AdminTripsQuery,
  AdminTripsResponse,
  TripDetail,
  TripInput,
  TripListItem,
  TripsQuery,
  TripsResponse,
  TripStatus,
} from '@aylal/shared/schemas/trips';
import { TRIPS_TOTAL_CAP } from '@aylal/shared/schemas/trips';
import type { Db, Tx } from '../../db/client.ts';
import { tripDepartures, tripDetails, tripImages, trips } from '../../db/schema/trips.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeLike, isUuid } from '../../lib/sql-text.ts';
import { sharedAnswer, type TtlCache, type SharedAnswer } from '../../lib/ttl-cache.ts';
import { recordChange, type AuditValues } from '../audit/index.ts';
import { centsToUsd, toDetail, toDetailsRow, toImage, toRow, usdToCents } from './mapping.ts';

/** A trip's next departure from today, as an ISO date (null when none is planned). */
const NEXT_DEPARTURE = sql`(select min(d.date)::text from trip_departures d where d.trip_id = t.id and d.date >= current_date)`;

/**
 * The public catalogue changes a few times a day and is read constantly: answers are shared for
 * CATALOGUE_CACHE_SECONDS per process (the trips module makes it), and this process forgets them at
 * once when an admin changes a trip (a route's `changes: ['trip']`). Each answer is kept with its
 * JSON, so a shared answer is written out once, not per request.
 */
export type TripCatalogueCache = TtlCache<SharedAnswer<TripsResponse>>;

function publicFilters(query: TripsQuery): SQL[] {
  const filters: SQL[] = [sql`t.status = 'published'`];
  if (query.continent) filters.push(sql`t.continent = ${query.continent}`);
  if (query.type) filters.push(sql`t.type = ${query.type}`);
  if (query.tags?.length) filters.push(sql`t.tags @> ${`{${query.tags.join(',')}}`}::text[]`);
  if (query.destination)
    filters.push(sql`t.search_text like ${`%${escapeLike(query.destination.toLocaleLowerCase())}%`}`);
  if (query.guests) filters.push(sql`t.capacity >= ${query.guests}`);
  if (query.minPrice !== undefined) filters.push(sql`t.fare_cents >= ${usdToCents(query.minPrice)}`);
  if (query.maxPrice !== undefined) filters.push(sql`t.fare_cents <= ${usdToCents(query.maxPrice)}`);
  if (query.from || query.to) {
    filters.push(sql`exists (
      select 1 from trip_departures d
      where d.trip_id = t.id
        ${query.from ? sql`and d.date >= ${query.from}` : sql``}
        ${query.to ? sql`and d.date <= ${query.to}` : sql``})`);
  }
  return filters;
}

interface ListRow extends Record<string, unknown> {
  id: string;
  title_en: string;
  title_mn: string;
  summary_en: string;
  summary_mn: string;
  continent: TripListItem['continent'];
  country_en: string;
  country_mn: string;
  destination_en: string;
  destination_mn: string;
  type: TripListItem['type'];
  tags: TripListItem['tags'];
  duration_days: number;
  fare_cents: number;
  next_departure: string | null;
  cover_id: string | null;
  cover_key: string | null;
  cover_width: number | null;
  cover_height: number | null;
  cover_alt_en: string | null;
  cover_alt_mn: string | null;
}

async function queryPublishedTrips(db: Db, query: TripsQuery): Promise<TripsResponse> {
  const where = sql.join(publicFilters(query), sql` and `);
  const offset = (query.page - 1) * query.pageSize;
  const [page, count] = await Promise.all([
    db.execute<ListRow>(sql`
      select t.id, t.title_en, t.title_mn, t.summary_en, t.summary_mn, t.continent, t.country_en, t.country_mn,
             t.destination_en, t.destination_mn, t.type, t.tags, t.duration_days, t.fare_cents,
             ${NEXT_DEPARTURE} as next_departure,
             i.id as cover_id, i.file_key as cover_key, i.width as cover_width, i.height as cover_height,
             i.alt_en as cover_alt_en, i.alt_mn as cover_alt_mn
      from trips t
      left join lateral (
        select * from trip_images ti where ti.trip_id = t.id order by ti.position limit 1
      ) i on true
      where ${where}
      -- "nulls last" as in trips_published_created_idx: without it the index does not give the order
      -- and every search sorts all its matches (45 ms instead of 1 ms for a continent's page).
      order by t.created_at desc nulls last, t.id
      limit ${query.pageSize} offset ${offset}`),
    // Counting stops past the cap: an exact total of a huge match costs a scan and helps no one.
    db.execute<{ total: number }>(
      sql`select count(*)::int as total from (select 1 from trips t where ${where} limit ${TRIPS_TOTAL_CAP + 1}) matches`,
    ),
  ]);
  const counted = count.rows[0]?.total ?? 0;
  return {
    total: Math.min(counted, TRIPS_TOTAL_CAP),
    totalCapped: counted > TRIPS_TOTAL_CAP,
    items: page.rows.map((row) => ({
      id: row.id,
      title: { en: row.title_en, mn: row.title_mn },
      summary: { en: row.summary_en, mn: row.summary_mn },
      continent: row.continent,
      country: { en: row.country_en, mn: row.country_mn },
      destination: { en: row.destination_en, mn: row.destination_mn },
      type: row.type,
      tags: row.tags,
      durationDays: row.duration_days,
      fare: centsToUsd(row.fare_cents),
      nextDeparture: row.next_departure,
      cover:
        row.cover_id && row.cover_key
          ? toImage({
              id: row.cover_id,
              fileKey: row.cover_key,
              width: row.cover_width ?? 0,
              height: row.cover_height ?? 0,
              altEn: row.cover_alt_en ?? '',
              altMn: row.cover_alt_mn ?? '',
            })
          : null,
    })),
  };
}

/** Published trips matching the public search, newest first, one page and the total (with its JSON). */
export function findPublishedTripsAnswer(
  db: Db,
  cache: TripCatalogueCache,
  query: TripsQuery,
): Promise<SharedAnswer<TripsResponse>> {
  return cache.get(JSON.stringify(query), () => queryPublishedTrips(db, query).then(sharedAnswer));
}

/** Published trips matching the public search, newest first, one page and the total. */
export async function findPublishedTrips(db: Db, cache: TripCatalogueCache, query: TripsQuery): Promise<TripsResponse> {
  return (await findPublishedTripsAnswer(db, cache, query)).value;
}

/** An id that cannot be a trip's is simply not found (a mistyped link is not a bad request). */
function assertTripId(id: string) {
  if (!isUuid(id)) throw new AppError('TRIP_NOT_FOUND');
}

async function loadDetail(db: Db, id: string, onlyPublished: boolean): Promise<TripDetail> {
  assertTripId(id);
  const [row] = await db
    .select()
    .from(trips)
    .where(onlyPublished ? and(eq(trips.id, id), eq(trips.status, 'published')) : eq(trips.id, id))
    .limit(1);
  if (!row) throw new AppError('TRIP_NOT_FOUND');
  const [[details], departures, images] = await Promise.all([
    db.select().from(tripDetails).where(eq(tripDetails.tripId, id)).limit(1),
    db
      .select({ date: tripDepartures.date })
      .from(tripDepartures)
      .where(eq(tripDepartures.tripId, id))
      .orderBy(asc(tripDepartures.date)),
    db.select().from(tripImages).where(eq(tripImages.tripId, id)).orderBy(asc(tripImages.position)),
  ]);
  return toDetail(
    row,
    details,
    departures.map((departure) => departure.date),
    images,
  );
}

/** A published trip for its public page; drafts and unknown ids are 'Trip not found'. */
export function getPublishedTrip(db: Db, id: string): Promise<TripDetail> {
  return loadDetail(db, id, true);
}

/** Any trip, for the back office. */
export function getTrip(db: Db, id: string): Promise<TripDetail> {
  return loadDetail(db, id, false);
}

/** What a trip's history compares: the form's fields (pictures have their own entries). */
function auditView(input: Omit<TripInput, 'departureDates'> & { departureDates: string[] }): AuditValues {
  return { ...input, departureDates: [...new Set(input.departureDates)].sort() };
}

/** The trip as saved, for its history: read under the row lock of the change that follows. */
async function lockTripForAudit(tx: Tx, id: string): Promise<AuditValues | null> {
  const [row] = await tx.select().from(trips).where(eq(trips.id, id)).for('update');
  if (!row) return null;
  const [[details], departures] = await Promise.all([
    tx.select().from(tripDetails).where(eq(tripDetails.tripId, id)).limit(1),
    tx.select({ date: tripDepartures.date }).from(tripDepartures).where(eq(tripDepartures.tripId, id)),
  ]);
  const {
    id: _id,
    images: _images,
    createdAt: _c,
    updatedAt: _u,
    ...input
  } = toDetail(
    row,
    details,
    departures.map((departure) => departure.date),
    [],
  );
  return auditView(input);
}

export async function createTrip(db: Db, actorId: string, input: TripInput): Promise<TripDetail> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(trips).values(toRow(input)).returning({ id: trips.id });
    await tx.insert(tripDetails).values({ tripId: row!.id, ...toDetailsRow(input) });
    const departures = [...new Set(input.departureDates)];
    if (departures.length)
      await tx.insert(tripDepartures).values(departures.map((date) => ({ tripId: row!.id, date })));
    await recordChange(tx, { actor: actorId, entity: 'trip', id: row!.id, action: 'create' });
    return row!.id;
  });
  return getTrip(db, id);
}

export async function updateTrip(db: Db, actorId: string, id: string, input: TripInput): Promise<TripDetail> {
  assertTripId(id);
  await db.transaction(async (tx) => {
    const before = await lockTripForAudit(tx, id);
    if (!before) throw new AppError('TRIP_NOT_FOUND');
    const [row] = await tx
      .update(trips)
      .set({ ...toRow(input), updatedAt: new Date() })
      .where(eq(trips.id, id))
      .returning({ id: trips.id, status: trips.status });
    if (!row) throw new AppError('TRIP_NOT_FOUND');
    await tx
      .insert(tripDetails)
      .values({ tripId: id, ...toDetailsRow(input) })
      .onConflictDoUpdate({ target: tripDetails.tripId, set: toDetailsRow(input) });
    await tx.delete(tripDepartures).where(eq(tripDepartures.tripId, id));
    const departures = [...new Set(input.departureDates)];
    if (departures.length) await tx.insert(tripDepartures).values(departures.map((date) => ({ tripId: id, date })));
    await recordChange(tx, { actor: actorId, entity: 'trip', id, action: 'update', before, after: auditView(input) });
  });
  return getTrip(db, id);
}

export async function setTripStatus(db: Db, actorId: string, id: string, status: TripStatus): Promise<TripDetail> {
  assertTripId(id);
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ status: trips.status }).from(trips).where(eq(trips.id, id)).for('update');
    if (!before) throw new AppError('TRIP_NOT_FOUND');
    await tx.update(trips).set({ status, updatedAt: new Date() }).where(eq(trips.id, id));
    await recordChange(tx, { actor: actorId, entity: 'trip', id, action: 'status', before, after: { status } });
  });
  return getTrip(db, id);
}

/** Deletes a trip; answers its pictures' file keys, for the caller to remove from storage (as jobs do). */
export async function deleteTrip(db: Db, actorId: string, id: string): Promise<string[]> {
  assertTripId(id);
  return db.transaction(async (tx) => {
    const pictures = await tx.select({ key: tripImages.fileKey }).from(tripImages).where(eq(tripImages.tripId, id));
    const deleted = await tx.delete(trips).where(eq(trips.id, id)).returning({ title: trips.titleEn });
    if (deleted.length === 0) throw new AppError('TRIP_NOT_FOUND');
    await recordChange(tx, { actor: actorId, entity: 'trip', id, action: 'delete' });
    return pictures.map((picture) => picture.key);
  });
}

/** Inserts many trips at once (demo content, benchmarks); answers their ids in the order given. */
export async function insertTrips(db: Db, inputs: TripInput[], createdAt?: (index: number) => Date): Promise<string[]> {
  const ids = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(trips)
      .values(
        inputs.map((input, index) => ({ ...toRow(input), ...(createdAt ? { createdAt: createdAt(index) } : {}) })),
      )
      .returning({ id: trips.id });
    await tx
      .insert(tripDetails)
      .values(rows.map((row, index) => ({ tripId: row.id, ...toDetailsRow(inputs[index]!) })));
    const departures = rows.flatMap((row, index) =>
      [...new Set(inputs[index]!.departureDates)].map((date) => ({ tripId: row.id, date })),
    );
    for (let start = 0; start < departures.length; start += 5000) {
      await tx.insert(tripDepartures).values(departures.slice(start, start + 5000));
    }
    return rows.map((row) => row.id);
  });
  return ids;
}

const ADMIN_ORDER: Record<AdminTripsQuery['sort'], SQL> = {
  newest: sql`t.created_at desc nulls last, t.id`,
  oldest: sql`t.created_at asc, t.id`,
  title: sql`lower(coalesce(nullif(t.title_en, ''), t.title_mn)), t.id`,
  'fare-asc': sql`t.fare_cents asc, t.id`,
  'fare-desc': sql`t.fare_cents desc, t.id`,
  updated: sql`t.updated_at desc, t.id`,
};

/** Every trip for the back office: search by title or place, filters, sorting, paging. */
export async function findTripsForAdmin(db: Db, query: AdminTripsQuery): Promise<AdminTripsResponse> {
  const filters: SQL[] = [sql`true`];
  if (query.q) filters.push(sql`t.search_text like ${`%${escapeLike(query.q.toLocaleLowerCase())}%`}`);
  if (query.status) filters.push(sql`t.status = ${query.status}`);
  if (query.continent) filters.push(sql`t.continent = ${query.continent}`);
  if (query.type) filters.push(sql`t.type = ${query.type}`);
  const where = sql.join(filters, sql` and `);
  const [page, count] = await Promise.all([
    db.execute<{
      id: string;
      title_en: string;
      title_mn: string;
      status: TripStatus;
      continent: AdminTripListItem['continent'];
      country_en: string;
      country_mn: string;
      destination_en: string;
      destination_mn: string;
      type: AdminTripListItem['type'];
      duration_days: number;
      fare_cents: number;
      next_departure: string | null;
      updated_at: string;
    }>(sql`
      select t.id, t.title_en, t.title_mn, t.status, t.continent, t.country_en, t.country_mn,
             t.destination_en, t.destination_mn, t.type,
             t.duration_days, t.fare_cents, t.updated_at::text,
             ${NEXT_DEPARTURE} as next_departure
      from trips t where ${where}
      order by ${ADMIN_ORDER[query.sort]}
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from trips t where ${where}`),
  ]);
  return {
    total: count.rows[0]?.total ?? 0,
    items: page.rows.map((row) => ({
      id: row.id,
      title: { en: row.title_en, mn: row.title_mn },
      status: row.status,
      continent: row.continent,
      country: { en: row.country_en, mn: row.country_mn },
      destination: { en: row.destination_en, mn: row.destination_mn },
      type: row.type,
      durationDays: row.duration_days,
      fare: centsToUsd(row.fare_cents),
      nextDeparture: row.next_departure,
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
  };
}

/** Sitemap entries: the newest published trips (one sitemap holds 50,000 addresses, two languages each). */
export async function listPublishedTripPaths(db: Db, limit = 25_000): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(
    sql`select id from trips where status = 'published' order by created_at desc nulls last limit ${limit}`,
  );
  return rows.rows.map((row) => `/trips/${row.id}`);
}
