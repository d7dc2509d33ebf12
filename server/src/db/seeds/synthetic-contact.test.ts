import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTACT_STATES, CONTACT_TYPES, type AdminContactListResponse } from '@aylal/shared/schemas/contact';
import { expectSearchFinds, useSeededApp } from '../../../test/seeded.ts';
import { contactSearchText } from '../../modules/contact/index.ts';
import { seedSyntheticContact, SYNTHETIC_CONTACT_STAFF } from './synthetic-contact.ts';

interface Row extends Record<string, unknown> {
  id: string;
  reference: string;
  type: string;
  state: string;
  title: string;
  name: string;
  email: string;
  assignee_id: string | null;
  merged_into_id: string | null;
  staff_read_at: string | null;
  search_text: string;
  search_key: string;
}

/** The benchmark's contact messages, 400 of them here. */
describe('synthetic contact messages', () => {
  const seeded = useSeededApp<Row>(
    (db) => seedSyntheticContact(db, 400),
    sql`
      select id, reference, type, state, title, name, email, assignee_id, merged_into_id, staff_read_at,
             search_text, search_key
      from contact_messages order by reference`,
  );
  const { t, accounts } = seeded;

  it('writes the search text as sending and merging would', () => {
    expect(seeded.rows).toHaveLength(400);
    for (const row of seeded.rows) {
      const own = contactSearchText([row.name, row.email, row.reference, row.title]);
      const merged = seeded.rows.filter((other) => other.merged_into_id === row.id);
      const expected = merged.length
        ? contactSearchText([
            own.searchText,
            ...merged.flatMap((other) => [other.reference, other.name, other.email, other.title]),
          ])
        : own;
      expect({ searchText: row.search_text, searchKey: row.search_key }, row.reference).toEqual(expected);
    }
  });

  it('spreads them over every state and type, both scripts, five admins, read and unread, with references in order', async () => {
    expect(new Set(seeded.rows.map((row) => row.state))).toEqual(new Set(CONTACT_STATES));
    expect(new Set(seeded.rows.map((row) => row.type))).toEqual(new Set(CONTACT_TYPES));
    expect(seeded.rows.filter((row) => row.state === 'spam').length).toBeGreaterThan(10);
    const merged = seeded.rows.filter((row) => row.merged_into_id);
    expect(merged.length).toBeGreaterThan(2);
    // A duplicate is the same person's, merged into a conversation that is not merged itself.
    for (const row of merged) {
      const target = seeded.rows.find((other) => other.id === row.merged_into_id)!;
      expect([target.email, target.merged_into_id]).toEqual([row.email, null]);
    }
    expect(seeded.rows.filter((row) => /[а-яөү]/i.test(row.name)).length).toBeGreaterThan(100);
    expect(seeded.rows.filter((row) => /^[a-z -]+$/i.test(row.name)).length).toBeGreaterThan(100);
    expect(seeded.rows.filter((row) => /[а-яөү]/i.test(row.title)).length).toBeGreaterThan(100);
    const staff = new Set(SYNTHETIC_CONTACT_STAFF.map((person) => person.id));
    const assignees = new Set(seeded.rows.map((row) => row.assignee_id).filter(Boolean));
    expect(assignees.size).toBe(staff.size);
    expect([...assignees].every((id) => staff.has(id!))).toBe(true);
    expect(seeded.rows.filter((row) => row.assignee_id === null && row.state !== 'spam').length).toBeGreaterThan(5);
    expect(seeded.rows.filter((row) => row.state === 'new').every((row) => row.staff_read_at === null)).toBe(true);
    expect(seeded.rows.filter((row) => row.state === 'resolved' && row.staff_read_at).length).toBeGreaterThan(100);
    expect(seeded.rows.every((row, index) => row.reference.endsWith(`-${String(index + 1).padStart(5, '0')}`))).toBe(
      true,
    );
    expect(seeded.rows.every((row) => /^C-\d{4}-\d{5}$/.test(row.reference))).toBe(true);
    // Messages sent afterwards get references of their own.
    const next = await t.db.execute<{ n: string }>(sql`select nextval('contact_reference_seq') as n`);
    expect(Number(next.rows[0]!.n)).toBe(401);
  });

  it('gives conversations a history in order: replies, notes, assignments and merges by the staff', async () => {
    const events = (
      await t.db.execute<{ kind: string; message_id: string; actor_id: string | null; at: string }>(
        sql`select kind, message_id, actor_id, created_at as at from contact_events order by message_id, created_at, id`,
      )
    ).rows;
    const kinds = new Set(events.map((event) => event.kind));
    expect(kinds).toEqual(new Set(['received', 'reply', 'note', 'state', 'assign', 'merge']));
    const received = events.filter((event) => event.kind === 'received');
    expect(received).toHaveLength(400);
    const merged = new Set(seeded.rows.filter((row) => row.merged_into_id).map((row) => row.id));
    expect(events.some((event) => merged.has(event.message_id))).toBe(false);
    const staff = new Set(SYNTHETIC_CONTACT_STAFF.map((person) => person.id));
    expect(events.filter((event) => event.kind !== 'received').every((event) => staff.has(event.actor_id!))).toBe(true);
    // Each conversation's first row is what the customer wrote, and nothing is dated after now.
    const first = new Map<string, string>();
    for (const event of events) if (!first.has(event.message_id)) first.set(event.message_id, event.kind);
    expect(new Set(first.values())).toEqual(new Set(['received']));
    expect(events.every((event) => new Date(event.at).getTime() <= Date.now())).toBe(true);
  });

  it('are found by staff by a surname in either script, an email and a reference, exactly, and by assignee', async () => {
    const listed = seeded.rows.filter((row) => row.state !== 'spam' && !row.merged_into_id);
    const cyrillic = listed.find((row) => /[а-яөү]/i.test(row.name))!.name.split(' ')[1]!;
    const latin = listed.find((row) => /^[a-z -]+$/i.test(row.name))!.name.split(' ')[1]!;
    const sample = listed[123]!;
    const duplicate = seeded.rows.find((row) => row.merged_into_id)!;
    for (const q of [cyrillic, latin, latin.toUpperCase(), sample.email, sample.reference, duplicate.reference]) {
      const total = await expectSearchFinds(t, accounts.admin, '/api/admin/contact-messages', q, listed);
      expect(total, q).toBeGreaterThan(0);
    }
    const staffer = SYNTHETIC_CONTACT_STAFF[1]!;
    const response = await t.get(`/api/admin/contact-messages?pageSize=100&assignee=${staffer.id}`, {
      cookie: accounts.admin,
    });
    const { items, total } = response.json() as AdminContactListResponse;
    expect(total).toBe(listed.filter((row) => row.assignee_id === staffer.id).length);
    expect(new Set(items.map((item) => item.assignee?.name))).toEqual(new Set([staffer.name]));
  });
});
