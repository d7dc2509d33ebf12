import { gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { addDays, zonedTime } from '@aylal/shared/consultation-rules';

/**
 * The conditions that a moment falls on the agency's days `from` to `to` (both included, either
 * optional): the days become moments here, so the database compares plain timestamps and can use
 * an index. Every list filtered by days and the dashboard count days this one way.
 */
export function onAgencyDays(
  column: PgColumn,
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, zonedTime(from, 0, timeZone)));
  if (to) conditions.push(lt(column, zonedTime(addDays(to, 1), 0, timeZone)));
  return conditions;
}
