import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContactListItem, AdminContactListResponse } from '@aylal/shared/schemas/contact';
import { ADMIN_EMAIL, buildOtherProcess, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { eventually } from '../../../test/notifications.ts';
import { welderJobQuestion } from '../../../test/contact.ts';

/**
 * Staff's inbox as served (docs/decisions/017): a page is kept in memory until anything it shows
 * changes, in this process or another. Two app instances on one database stand for two processes.
 * The filters and the search themselves are in contact.test.ts.
 */
describe("staff's contact inbox as served", () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof buildOtherProcess>>;
  let admin: string;
  let adminId: string;
  let id: string;
  const QUERY = 'type=jobs';

  const itemIn = async (app: TestApp['app']): Promise<AdminContactListItem | undefined> => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/contact-messages?${QUERY}`,
      headers: { cookie: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as AdminContactListResponse).items.find((item) => item.id === id);
  };
  /**
   * Waits until `app` keeps the page (nothing is kept before its LISTEN connection is up): a change
   * made with the notifying trigger off is not seen while the page is kept.
   */
  async function keptIn(app: TestApp['app']) {
    // Until a deadline, not a count: on a loaded machine the LISTEN connection may take its retries.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const before = (await itemIn(app))!;
      await t.db.execute(sql`alter table contact_messages disable trigger contact_messages_changed`);
      await t.db.execute(sql`update contact_messages set title = 'Hidden Change' where id = ${id}`);
      const kept = (await itemIn(app))?.title !== 'Hidden Change';
      await t.db.execute(sql`update contact_messages set title = ${before.title} where id = ${id}`);
      await t.db.execute(sql`alter table contact_messages enable trigger contact_messages_changed`);
      if (kept) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the list was never kept');
  }
  const seenIn = (app: TestApp['app'], done: (item: AdminContactListItem) => boolean) =>
    eventually(async () => {
      const item = await itemIn(app);
      return item && done(item) && item;
    }, 3000);

  beforeAll(async () => {
    // Kept a minute, as the visa list's and the dashboard's tests do: on a loaded machine a check of
    // whether a page is kept may outlast the default 5 s; every forgetting here comes from a change.
    t = await createTestApp({ CATALOGUE_CACHE_SECONDS: '60' });
    admin = await t.signUp(ADMIN_EMAIL, undefined, 'Agency Admin');
    adminId = (await t.db.execute<{ id: string }>(sql`select id from users where email = ${ADMIN_EMAIL}`)).rows[0]!.id;
    const sent = await t.send('POST', '/api/contact', {
      body: welderJobQuestion(t),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    id = (await t.db.execute<{ id: string }>(sql`select id from contact_messages`)).rows[0]!.id;
    other = await buildOtherProcess(t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('keeps a page until anything it shows changes: at once in the process that made the change, in a moment in the others', async () => {
    await keptIn(t.app);
    await keptIn(other);
    // Reading a conversation changes nothing, so the kept page stays as it was.
    expect((await t.get(`/api/admin/contact-messages/${id}`, { cookie: admin })).statusCode).toBe(200);
    expect(await itemIn(t.app)).toMatchObject({ unread: true, state: 'new' });
    // Marked read here (its own POST, which opens a new one): this process's next page shows it at once.
    const read = await t.send('POST', `/api/admin/contact-messages/${id}/read`, { cookie: admin });
    expect(read.statusCode, read.body).toBe(200);
    expect(await itemIn(t.app)).toMatchObject({ unread: false, state: 'open' });
    expect(await seenIn(other, (item) => !item.unread)).toMatchObject({ unread: false, state: 'open' });

    // A staff change answered here: at once here, soon after in the other.
    await keptIn(t.app);
    await keptIn(other);
    const assigned = await t.send('POST', `/api/admin/contact-messages/${id}/assign`, {
      cookie: admin,
      body: { assigneeId: adminId },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await itemIn(t.app))?.assignee).toEqual({ id: adminId, name: 'Agency Admin' });
    expect((await seenIn(other, (item) => item.assignee !== null)).assignee?.name).toBe('Agency Admin');

    // Any other writer, and the assignee's new name, reach both through the database's notification.
    await keptIn(t.app);
    await keptIn(other);
    await t.db.execute(sql`update contact_messages set state = 'resolved' where id = ${id}`);
    for (const app of [t.app, other]) expect(await seenIn(app, (item) => item.state === 'resolved')).toBeTruthy();
    await keptIn(t.app);
    await keptIn(other);
    await t.db.execute(sql`update users set name = 'Agency Lead' where id = ${adminId}`);
    for (const app of [t.app, other]) {
      expect((await seenIn(app, (item) => item.assignee?.name === 'Agency Lead')).assignee?.name).toBe('Agency Lead');
    }
  }, 300_000);
});
