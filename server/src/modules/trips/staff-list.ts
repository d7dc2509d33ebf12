// Staff's list of trips (the back office): every trip, searched, filtered, sorted and paged.

import { sql, type SQL } from 'drizzle-orm';
import type { AdminTripsQuery, AdminTripsResponse, TripStatus } from '@aylal/shared/schemas/trips';
import type { Db } from '../../db/client.ts';
import { readCataloguePage } from '../../lib/catalogue.ts';
import { escapeLike } from '../../lib/sql-text.ts';
import { toTripListFields, type TripListColumns } from './mapping.ts';
import { NEXT_DEPARTURE } from './public.ts';

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
  type Row = TripListColumns & { status: TripStatus; updated_at: string };
  const { total, items } = await readCataloguePage(
    db,
    query,
    {
      select: sql`
      select t.id, t.title_en, t.title_mn, t.status, t.continent, t.country_en, t.country_mn,
             t.destination_en, t.destination_mn, t.type,
             t.duration_days, t.fare_cents, t.updated_at::text,
             ${NEXT_DEPARTURE} as next_departure
      from trips t where ${where}
      order by ${ADMIN_ORDER[query.sort]}`,
      table: sql`trips t`,
      where,
    },
    (row: Row) => ({
      ...toTripListFields(row),
      status: row.status,
      updatedAt: new Date(row.updated_at).toISOString(),
    }),
  );
  return { total, items };
}
