// Staff's inbox of contact messages (docs/decisions/017): the list of conversations.

import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CONTACT_ACTIVE_STATES,
  CONTACT_UNANSWERED_STATES,
  type AdminContactListItem,
  type AdminContactListResponse,
  type AdminContactQuery,
  type ContactState,
  type ContactType,
} from '@aylal/shared/schemas/contact';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema/auth.ts';
import { contactMessages } from '../../../db/schema/contact.ts';
import { onAgencyDays } from '../../../lib/agency-days.ts';
import { searchKeyContains } from '../../../lib/search-key.ts';
import { getWorkingHours } from '../../../lib/agency-clock.ts';
import type { MessageRow } from './conversation.ts';

/** A conversation of its own: not merged into another. */
export const notMerged = isNull(contactMessages.mergedIntoId);
const assignee = alias(users, 'assignee');

async function listFilters(db: Db, query: AdminContactQuery): Promise<SQL | undefined> {
  const filters: (SQL | undefined)[] = [notMerged];
  // Spam stays out of the list unless asked for.
  filters.push(query.state ? eq(contactMessages.state, query.state) : ne(contactMessages.state, 'spam'));
  if (query.active) filters.push(inArray(contactMessages.state, [...CONTACT_ACTIVE_STATES]));
  if (query.unanswered) filters.push(inArray(contactMessages.state, [...CONTACT_UNANSWERED_STATES]));
  if (query.from || query.to) {
    const { timeZone } = await getWorkingHours(db);
    filters.push(...onAgencyDays(contactMessages.createdAt, query.from, query.to, timeZone));
  }
  if (query.type) filters.push(eq(contactMessages.type, query.type));
  if (query.assignee === 'none') filters.push(isNull(contactMessages.assigneeId));
  else if (query.assignee) filters.push(eq(contactMessages.assigneeId, query.assignee));
  const words = (query.q ?? '').toLocaleLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  for (const word of words) filters.push(searchKeyContains(contactMessages.searchKey, word));
  return and(...filters);
}

// As the indexes hold it (`desc nulls last`: Drizzle's `.desc()`), so a page is read in order from
// one; a bare `desc` (nulls first) matched none, and every page sorted every row it filtered.
const ORDER: Record<AdminContactQuery['sort'], SQL[]> = {
  newest: [sql`${contactMessages.createdAt} desc nulls last`, asc(contactMessages.id)],
  oldest: [sql`${contactMessages.createdAt} asc nulls first`, sql`${contactMessages.id} desc`],
};

export function toListItem(row: MessageRow, assigneeName: string | null): AdminContactListItem {
  return {
    id: row.id,
    reference: row.reference,
    type: row.type as ContactType,
    state: row.state as ContactState,
    title: row.title,
    name: row.name,
    email: row.email,
    assignee: row.assigneeId ? { id: row.assigneeId, name: assigneeName ?? '' } : null,
    unread: row.staffReadAt === null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The inbox: conversations not merged into another, newest first, filtered by state (all but spam
 * unless asked; `active`: new, open or waiting; `unanswered`: new or open), received agency days,
 * type and assignee ('none': unassigned), searched by name, email, reference or
 * title in any script. The page's ids come from an index first, then only their rows are read.
 */
export async function findContactForAdmin(db: Db, query: AdminContactQuery): Promise<AdminContactListResponse> {
  if (query.assignee && query.assignee !== 'none' && query.assignee.length > 64) return { items: [], total: 0 };
  const where = await listFilters(db, query);
  const page = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(where)
    .orderBy(...ORDER[query.sort])
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page');
  const [rows, [total]] = await Promise.all([
    db
      .select({ message: contactMessages, assigneeName: assignee.name })
      .from(page)
      .innerJoin(contactMessages, eq(contactMessages.id, page.id))
      .leftJoin(assignee, eq(assignee.id, contactMessages.assigneeId))
      .orderBy(...ORDER[query.sort]),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(contactMessages)
      .where(where),
  ]);
  return { items: rows.map((row) => toListItem(row.message, row.assigneeName)), total: total?.total ?? 0 };
}
