// The public trip catalogue (docs/decisions/032): the search's pages, kept per process until a
// trip changes, and the sitemap's entries.

import { sql, type SQL } from 'drizzle-orm';
import { TRIPS_TOTAL_CAP, type TripListItem, type TripsQuery, type TripsResponse } from '@aylal/shared/schemas/trips';
import type { Db } from '../../db/client.ts';
import { keptAnswer, readCataloguePage, type CatalogueCache } from '../../lib/catalogue.ts';
import { escapeLike } from '../../lib/sql-text.ts';
import type { SharedAnswer } from '../../lib/ttl-cache.ts';
import { toImage, toTripListFields, usdToCents, type TripListColumns } from './mapping.ts';

/** A trip's next departure from today, as an ISO date (null when none is planned). */
export const NEXT_DEPARTURE = sql`(select min(d.date)::text from trip_departures d where d.trip_id = t.id and d.date >= current_date)`;

/** The public catalogue's answers (lib/catalogue.ts), made by the trips module; the pages the server draws read them too. */
export type TripCatalogueCache = CatalogueCache<TripsResponse>;

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

interface ListRow extends TripListColumns {
  summary_en: string;
  summary_mn: string;
  tags: TripListItem['tags'];
  cover_id: string | null;
  cover_key: string | null;
  cover_width: number | null;
  cover_height: number | null;
  cover_alt_en: string | null;
  cover_alt_mn: string | null;
}

async function queryPublishedTrips(db: Db, query: TripsQuery): Promise<TripsResponse> {
  const where = sql.join(publicFilters(query), sql` and `);
  return readCataloguePage(
    db,
    query,
    {
      select: sql`
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
      order by t.created_at desc nulls last, t.id`,
      table: sql`trips t`,
      where,
      cap: TRIPS_TOTAL_CAP,
    },
    (row: ListRow) => ({
      ...toTripListFields(row),
      summary: { en: row.summary_en, mn: row.summary_mn },
      tags: row.tags,
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
    }),
  );
}

/** Published trips matching the public search, newest first, one page and the total (with its JSON). */
export function findPublishedTripsAnswer(
  db: Db,
  cache: TripCatalogueCache,
  query: TripsQuery,
): Promise<SharedAnswer<TripsResponse>> {
  return keptAnswer(cache, JSON.stringify(query), () => queryPublishedTrips(db, query));
}

/** Published trips matching the public search, newest first, one page and the total. */
export async function findPublishedTrips(db: Db, cache: TripCatalogueCache, query: TripsQuery): Promise<TripsResponse> {
  return (await findPublishedTripsAnswer(db, cache, query)).value;
}

/** Sitemap entries: the newest published trips (one sitemap holds 50,000 addresses, two languages each). */
export async function listPublishedTripPaths(db: Db, limit = 25_000): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(
    sql`select id from trips where status = 'published' order by created_at desc nulls last limit ${limit}`,
  );
  return rows.rows.map((row) => `/trips/${row.id}`);
}
