import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_CHANNEL, type ChannelMessage } from '@aylal/shared/notifications';
import { ADMIN_EMAIL, DEFAULT_PASSWORD, ORIGIN } from '../../../test/helpers.ts';
import { useTwoServerProcesses } from '../../../test/server-processes.ts';
import { createDb } from '../../db/client.ts';
import { queuedLink } from '../../plugins/email-links.ts';
import { SseClient } from '../../bench/sse-client.ts';

/**
 * A live stream lives only as long as its session and role (decision 024), across processes:
 * the streams are open on process 2 (A), every change is made through process 1 (B). The
 * heartbeat is a minute long here, so what ends a stream within these tests is the auth change
 * feed's notification, not the heartbeat's check (stream-scale.test.ts covers that one).
 */
describe('a live stream ends with its session', () => {
  const live = useTwoServerProcesses({ ADMIN_EMAILS: ADMIN_EMAIL, LIVE_HEARTBEAT_SECONDS: '60' });
  let admin: { cookie: string; id: string };

  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .filter((pair) => !pair.endsWith('='))
      .join('; ');

  /** A request as the web app sends it: our Origin, the caller's cookie, a JSON body. */
  async function call(method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, body?: unknown) {
    const response = await fetch(`${live.one.baseUrl}${url}`, {
      method,
      headers: { origin: ORIGIN, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.clone().text();
    expect(response.status, `${method} ${url}: ${text}`).toBeLessThan(300);
    return response;
  }

  async function signUp(email: string) {
    const response = await call('POST', '/api/auth/sign-up/email', '', {
      email,
      password: DEFAULT_PASSWORD,
      name: 'Live Reader',
    });
    const cookie = cookieOf(response);
    const me = (await (await fetch(`${live.one.baseUrl}/api/me`, { headers: { cookie } })).json()) as { id: string };
    return { cookie, id: me.id };
  }

  async function signIn(email: string) {
    return cookieOf(await call('POST', '/api/auth/sign-in/email', '', { email, password: DEFAULT_PASSWORD }));
  }

  /** A stream on process 2, with its counts received (so it is listed in the hub). */
  async function open(cookie: string) {
    const stream = await new SseClient({ cookie }).open(`${live.two.baseUrl}/api/notifications/stream`);
    live.streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitFor((event) => event.event === 'unread');
    return stream;
  }

  /** Resolves with how long after `since` the stream was closed by the server, within `timeoutMs`. */
  async function closedWithin(stream: SseClient, since: number, timeoutMs = 5000): Promise<number> {
    const deadline = since + timeoutMs;
    while (!stream.closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stream.closed, 'the stream is still open').toBe(true);
    return Date.now() - since;
  }

  const endedWith = (stream: SseClient) => {
    const last = stream.events.at(-1);
    expect(last?.event).toBe('ended');
    return (JSON.parse(last!.data) as { reason: string }).reason;
  };

  /** A status of a new stream on process 2 with this cookie. */
  const reconnect = async (cookie: string) => {
    const response = await fetch(`${live.two.baseUrl}/api/notifications/stream`, { headers: { cookie } });
    const status = response.status;
    await response.body?.cancel();
    return status;
  };

  /** A staff notification committed as notify() commits one. */
  async function commitStaffNotification() {
    await live.sql.query('begin');
    const { rows } = await live.sql.query<{ id: string }>(
      `insert into notifications (audience, recipient_id, type, params, link)
       values ('staff', null, 'staffConsultationBooked', '{}', '/admin/consultations') returning id`,
    );
    const message: ChannelMessage = { kind: 'new', id: rows[0]!.id, userId: null };
    await live.sql.query('select pg_notify($1, $2)', [NOTIFICATION_CHANNEL, JSON.stringify(message)]);
    await live.sql.query('commit');
  }

  beforeAll(async () => {
    admin = await signUp(ADMIN_EMAIL);
    // ADMIN_EMAILS makes an address staff once verified (decision 022): open the link it was mailed.
    const db = createDb(live.databaseUrl);
    try {
      const link = await queuedLink(db, 'verification', ADMIN_EMAIL);
      const verified = await fetch(`${live.one.baseUrl}${link!.pathname}${link!.search}`, { redirect: 'manual' });
      expect(verified.status).toBe(302);
    } finally {
      await db.$client.end();
    }
  });

  it('names whose sessions or account changed in the auth change feed, and nothing else', async () => {
    const heard: string[] = [];
    const feed = new pg.Client({ connectionString: live.databaseUrl });
    await feed.connect();
    try {
      feed.on('notification', (message) => heard.push(message.payload ?? ''));
      await feed.query('listen aylal_auth_changes');
      const ada = await signUp('feed-ada@example.com');
      const bea = await signUp('feed-bea@example.com');
      const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
      await settle();
      heard.length = 0;
      // A sign-in's timestamps are not a change to what the session check reads.
      await live.sql.query(`update users set last_login_at = now(), updated_at = now() where id = any($1)`, [
        [ada.id, bea.id],
      ]);
      await settle();
      expect(heard).toEqual([]);
      // Both users' sessions ended in one statement: one notification naming both.
      await live.sql.query('delete from sessions where user_id = any($1)', [[ada.id, bea.id]]);
      await live.sql.query(`update users set role = 'admin' where id = $1`, [bea.id]);
      await settle();
      expect(heard).toHaveLength(2);
      expect(heard[0]!.split(',').sort()).toEqual([ada.id, bea.id].sort());
      expect(heard[1]).toBe(bea.id);
    } finally {
      await feed.end();
    }
  });

  it('ends a demoted admin’s stream within 5 s of the demotion through the other process', async () => {
    const colleague = await signUp('second-admin@example.com');
    await call('PATCH', `/api/admin/users/${colleague.id}/role`, admin.cookie, { role: 'admin' });
    const stream = await open(colleague.cookie);
    await commitStaffNotification();
    await stream.waitFor((event) => event.event === 'notification' && JSON.parse(event.data).feed === 'staff');
    const bystander = await open(admin.cookie);

    const demoted = Date.now();
    await call('PATCH', `/api/admin/users/${colleague.id}/role`, admin.cookie, { role: 'user' });
    const took = await closedWithin(stream, demoted);
    console.info(`a demoted admin's stream closed ${took} ms after the demotion was answered`);
    expect(endedWith(stream)).toBe('session');
    // Demotion signed them out: the stream cannot come back, and nothing staff reaches them.
    expect(await reconnect(colleague.cookie)).toBe(401);
    const before = stream.events.length;
    const from = bystander.events.length;
    await commitStaffNotification();
    await bystander.waitFor((event) => event.event === 'notification', 3000, from);
    expect(stream.events).toHaveLength(before);
    expect(bystander.closed).toBe(false);
  });

  it('ends a promoted user’s stream so that it comes back with the staff feed', async () => {
    const promoted = await signUp('promoted@example.com');
    const stream = await open(promoted.cookie);
    expect(JSON.parse(stream.events.at(-1)!.data)).not.toHaveProperty('staff');

    const at = Date.now();
    await call('PATCH', `/api/admin/users/${promoted.id}/role`, admin.cookie, { role: 'admin' });
    await closedWithin(stream, at);
    expect(endedWith(stream)).toBe('role');
    // The session lives: the reconnect gets what the new role allows.
    const again = await open(promoted.cookie);
    expect(JSON.parse(again.events.at(-1)!.data)).toHaveProperty('staff');
  });

  it('ends the streams of a device whose session a password change elsewhere ended', async () => {
    const reader = await signUp('password-change@example.com');
    const laptop = reader.cookie;
    const phone = await signIn('password-change@example.com');
    const laptopStream = await open(laptop);

    const at = Date.now();
    const changed = await call('POST', '/api/auth/change-password', phone, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'a-new-password-42',
    });
    await closedWithin(laptopStream, at);
    expect(endedWith(laptopStream)).toBe('session');
    expect(await reconnect(laptop)).toBe(401);
    // The device that changed it holds a new session, whose stream opens.
    expect(await reconnect(cookieOf(changed))).toBe(200);
  });

  it('ends the stream of a session signed out, and only that one', async () => {
    const reader = await signUp('sign-out@example.com');
    const otherTab = await signIn('sign-out@example.com');
    const stream = await open(reader.cookie);
    const staying = await open(otherTab);

    const at = Date.now();
    await call('POST', '/api/auth/sign-out', reader.cookie, {});
    await closedWithin(stream, at);
    expect(endedWith(stream)).toBe('session');
    expect(await reconnect(reader.cookie)).toBe(401);
    // The same person's other session is untouched: its stream stays and still hears news.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(staying.closed).toBe(false);
    expect(staying.events.some((event) => event.event === 'ended')).toBe(false);
  });

  it('ends every stream of a person staff sign out everywhere (Settings, “Sign out”)', async () => {
    const reader = await signUp('revoked@example.com');
    const phone = await signIn('revoked@example.com');
    const laptopStream = await open(reader.cookie);
    const phoneStream = await open(phone);

    const at = Date.now();
    await call('POST', `/api/admin/users/${reader.id}/sessions/revoke`, admin.cookie, {});
    await Promise.all([closedWithin(laptopStream, at), closedWithin(phoneStream, at)]);
    expect(endedWith(laptopStream)).toBe('session');
    expect(endedWith(phoneStream)).toBe('session');
    expect(await reconnect(phone)).toBe(401);
  });
});
