import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_CHANNEL, type ChannelMessage, type NotificationItem } from '@aylal/shared/notifications';
import { ADMIN_EMAIL, DEFAULT_PASSWORD, ORIGIN } from '../../../test/helpers.ts';
import { useTwoServerProcesses } from '../../../test/server-processes.ts';
import { tripInput } from '../../../test/trips.ts';
import { SseClient } from '../../bench/sse-client.ts';
import { LISTEN_APPLICATION_NAME } from '../../lib/listen-for-changes.ts';

/**
 * Two real server processes on one database (decision 014, "Live"): a stream open on one process
 * hears what a change made through the other notifies (a booking, staff confirming it), within 2 s; the tabs of one reader agree on their
 * unread count; a dropped stream resumes after its Last-Event-ID; heartbeats keep it alive.
 */
describe('the live stream across two server processes', () => {
  const live = useTwoServerProcesses({ ADMIN_EMAILS: ADMIN_EMAIL, LIVE_HEARTBEAT_SECONDS: '0.3' });

  async function signUp(base: string, email: string) {
    const response = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEFAULT_PASSWORD, name: 'Live Reader' }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .join('; ');
    if (email === ADMIN_EMAIL) {
      // In ADMIN_EMAILS: the link it was mailed (read from the outbox) makes it an admin.
      const { rows } = await live.sql.query<{ text: string }>(
        `select text from outbox where "to" = $1 and subject = $2 order by created_at desc limit 1`,
        [email, 'Confirm your email address for Aylal'],
      );
      const link = new URL(rows[0]!.text.match(/https?:\/\/\S+/)![0]);
      const verified = await fetch(`${base}${link.pathname}${link.search}`, { redirect: 'manual' });
      expect(verified.headers.get('location')).toMatch(/\/verify-email\?verified=1$/);
    }
    const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as { id: string };
    return { cookie, id: me.id };
  }

  /** A request as the web app sends it: our Origin, the caller's cookie, a JSON body. */
  async function call(base: string, method: 'GET' | 'POST', url: string, cookie: string, body?: unknown) {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { origin: ORIGIN, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    expect(response.status, `${method} ${url}: ${text}`).toBeLessThan(300);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  let admin: { cookie: string; id: string };
  let tripId: string;
  let slots: string[];
  /** A traveller books a consultation through process 1: notify() tells them (and the staff). */
  async function book(cookie: string) {
    const startsAt = slots.pop()!;
    const booked = await call(live.one.baseUrl, 'POST', '/api/consultations', cookie, {
      tripId,
      startsAt,
      acknowledgedPolicy: true,
    });
    return { id: booked.id as string, at: Date.now() };
  }

  async function open(base: string, cookie: string, lastEventId?: string) {
    const stream = await new SseClient({ cookie, lastEventId }).open(`${base}/api/notifications/stream`);
    live.streams.push(stream);
    return stream;
  }

  /** A notification committed as notify() commits one (the row and its pg_notify in one transaction), straight away. */
  async function commitNotification(recipientId: string | null, type = 'consultationConfirmed') {
    await live.sql.query('begin');
    const { rows } = await live.sql.query<{ id: string; seq: string }>(
      `insert into notifications (audience, recipient_id, type, params, link)
       values ($1, $2, $3, $4, $5) returning id, seq`,
      [
        recipientId ? 'user' : 'staff',
        recipientId,
        type,
        { trip: { en: 'Gobi', mn: 'Говь' }, startsAt: '2027-05-01T02:00:00.000Z' },
        '/consultations',
      ],
    );
    const message: ChannelMessage = { kind: 'new', id: rows[0]!.id, userId: recipientId };
    await live.sql.query('select pg_notify($1, $2)', [NOTIFICATION_CHANNEL, JSON.stringify(message)]);
    const committedAt = Date.now();
    await live.sql.query('commit');
    return { id: rows[0]!.id, seq: Number(rows[0]!.seq), committedAt };
  }

  const unread = (stream: SseClient, user: number, from = 0) =>
    stream.waitFor(
      (event) => event.event === 'unread' && (JSON.parse(event.data) as { user: number }).user === user,
      3000,
      from,
    );

  beforeAll(async () => {
    admin = await signUp(live.one.baseUrl, ADMIN_EMAIL);
    tripId = (await call(live.one.baseUrl, 'POST', '/api/admin/trips', admin.cookie, tripInput())).id as string;
    slots = ((await call(live.one.baseUrl, 'GET', '/api/consultations/slots', '')).slots as string[]).slice(-20);
  });

  it('refuses a signed-out reader', async () => {
    const response = await fetch(`${live.two.baseUrl}/api/notifications/stream`);
    expect(response.status).toBe(401);
  });

  it('sends what a change through process 1 notifies to streams on process 2 within 2 s', async () => {
    const reader = await signUp(live.one.baseUrl, 'live-reader@example.com');
    const stream = await open(live.two.baseUrl, reader.cookie);
    const adminStream = await open(live.two.baseUrl, admin.cookie);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['cache-control']).toBe('private, no-store, no-transform');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['content-encoding']).toBeUndefined();
    // The counts come first, then what is committed.
    await unread(stream, 0);
    await adminStream.waitFor((e) => e.event === 'unread' && JSON.parse(e.data).staff === 0);

    const booking = await book(reader.cookie);
    const event = await stream.waitFor((e) => e.event === 'notification', 2000);
    expect(event.at - booking.at).toBeLessThan(2000);
    const { feed, item } = JSON.parse(event.data) as { feed: string; item: NotificationItem };
    expect(feed).toBe('user');
    expect(item).toMatchObject({ type: 'consultationBooked', read: false, link: expect.any(String) });
    expect(event.id).toBe(String(item.seq));
    expect(item.params.trip).toEqual(tripInput().title);
    await unread(stream, 1);

    // The staff feed, to admins only, with this admin's own unread count.
    const staffEvent = await adminStream.waitFor((e) => e.event === 'notification', 2000);
    const staff = JSON.parse(staffEvent.data) as { feed: string; item: NotificationItem };
    expect(staff).toMatchObject({ feed: 'staff', item: { type: 'staffConsultationBooked', read: false } });
    await adminStream.waitFor((e) => e.event === 'unread' && JSON.parse(e.data).staff === 1);
    expect(stream.events.filter((e) => e.event === 'notification')).toHaveLength(1);

    // An admin reading it through process 1: their stream on process 2 hears the new count.
    const from = adminStream.events.length;
    await call(live.one.baseUrl, 'POST', '/api/admin/notifications/read', admin.cookie, {
      ids: [staff.item.id],
      read: true,
    });
    await adminStream.waitFor((e) => e.event === 'unread' && JSON.parse(e.data).staff === 0, 2000, from);
  });

  it("keeps a reader's tabs on both processes in step: reading all clears the count in the other", async () => {
    const reader = await signUp(live.one.baseUrl, 'live-tabs@example.com');
    const tabOnTwo = await open(live.two.baseUrl, reader.cookie);
    const tabOnOne = await open(live.one.baseUrl, reader.cookie);
    await unread(tabOnTwo, 0);
    await unread(tabOnOne, 0);

    await book(reader.cookie);
    await Promise.all([unread(tabOnTwo, 1), unread(tabOnOne, 1)]);

    const before = tabOnTwo.events.length;
    const started = Date.now();
    await call(live.one.baseUrl, 'POST', '/api/notifications/read-all', reader.cookie);
    await unread(tabOnTwo, 0, before);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('sends a reconnecting stream what it missed after its Last-Event-ID, then the counts', async () => {
    const reader = await signUp(live.one.baseUrl, 'live-resume@example.com');
    const first = await open(live.two.baseUrl, reader.cookie);
    const booking = await book(reader.cookie);
    await first.waitFor((e) => e.event === 'notification');
    const lastEventId = first.lastEventId!;
    first.close();

    // Missed while away: staff confirm the consultation (process 1).
    await call(live.one.baseUrl, 'POST', `/api/admin/consultations/${booking.id}/actions`, admin.cookie, {
      action: 'confirm',
    });
    const resumed = await open(live.two.baseUrl, reader.cookie, lastEventId);
    await unread(resumed, 2);
    const sent = resumed.events.filter((e) => e.event === 'notification');
    expect(sent.map((e) => (JSON.parse(e.data) as { item: NotificationItem }).item.type)).toEqual([
      'consultationConfirmed',
    ]);
    expect(Number(sent[0]!.id)).toBeGreaterThan(Number(lastEventId));
    // Nothing after the counts repeats them.
    expect(resumed.events.at(-1)?.event).toBe('unread');

    // As a first connection passes it in the query string.
    const viaQuery = await new SseClient({ cookie: reader.cookie }).open(
      `${live.one.baseUrl}/api/notifications/stream?lastEventId=${lastEventId}`,
    );
    live.streams.push(viaQuery);
    await unread(viaQuery, 2);
    expect(viaQuery.events.filter((e) => e.event === 'notification').map((e) => e.id)).toEqual([sent[0]!.id]);
  });

  it('reconnects its LISTEN connection when it drops, and sends what was committed meanwhile', async () => {
    const reader = await signUp(live.one.baseUrl, 'live-reconnect@example.com');
    const stream = await open(live.two.baseUrl, reader.cookie);
    await unread(stream, 0);
    const { rowCount } = await live.sql.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and application_name = '${LISTEN_APPLICATION_NAME}'`,
    );
    expect(rowCount).toBe(2);
    // Committed while both processes are (most likely) deaf: heard after they reconnect.
    const committed = await commitNotification(reader.id);
    const event = await stream.waitFor((e) => e.event === 'notification', 5000);
    expect(event.id).toBe(String(committed.seq));
    await unread(stream, 1);
    expect(stream.closed).toBe(false);
  });

  it('handles a burst together: every notification, and fewer count reads than messages', async () => {
    const reader = await signUp(live.one.baseUrl, 'live-burst@example.com');
    const stream = await open(live.two.baseUrl, reader.cookie);
    await unread(stream, 0);
    const from = stream.events.length;
    // Twenty notifications committed at once (their NOTIFYs arrive together at commit).
    await live.sql.query('begin');
    for (let n = 0; n < 20; n++) {
      const { rows } = await live.sql.query<{ id: string }>(
        `insert into notifications (audience, recipient_id, type, params, link)
         values ('user', $1, 'consultationConfirmed', '{}', '/consultations') returning id`,
        [reader.id],
      );
      const message: ChannelMessage = { kind: 'new', id: rows[0]!.id, userId: reader.id };
      await live.sql.query('select pg_notify($1, $2)', [NOTIFICATION_CHANNEL, JSON.stringify(message)]);
    }
    await live.sql.query('commit');
    await unread(stream, 20, from);
    const events = stream.events.slice(from);
    const seqs = events.filter((e) => e.event === 'notification').map((e) => Number(e.id));
    expect(seqs).toHaveLength(20);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(events.filter((e) => e.event === 'unread').length).toBeLessThan(20);
  });

  it('ends a stream at the next heartbeat when its session is gone and the notification was not heard', async () => {
    const reader = await signUp(live.one.baseUrl, 'live-unheard@example.com');
    const stream = await open(live.two.baseUrl, reader.cookie);
    await unread(stream, 0);
    // The session deleted with every trigger off for this transaction: no NOTIFY, as if lost.
    await live.sql.query('begin');
    await live.sql.query('set local session_replication_role = replica');
    const { rowCount } = await live.sql.query('delete from sessions where user_id = $1', [reader.id]);
    await live.sql.query('commit');
    expect(rowCount).toBe(1);
    const at = Date.now();
    await stream.waitFor((e) => e.event === 'ended', 3000);
    // Heartbeats are 0.3 s apart here: one, and a query.
    expect(Date.now() - at).toBeLessThan(1500);
    expect(JSON.parse(stream.events.at(-1)!.data)).toEqual({ reason: 'session' });
    await expect.poll(() => stream.closed).toBe(true);
  });

  it('keeps a stream while its session cannot be checked, and logs no session token', async () => {
    const reader = await signUp(live.one.baseUrl, 'live-unchecked@example.com');
    const stream = await open(live.two.baseUrl, reader.cookie);
    await unread(stream, 0);
    const token = decodeURIComponent(/aylal\.session_token=([^;]+)/.exec(reader.cookie)![1]!).split('.')[0]!;
    const { rows } = await live.sql.query<{ count: number }>('select count(*)::int from sessions where token = $1', [
      token,
    ]);
    expect(rows[0]!.count).toBe(1);
    // The check's query fails for a few heartbeats (its table is away), with the tokens as parameters.
    const logged = live.two.output().length;
    await live.sql.query('alter table sessions rename to sessions_away');
    try {
      await expect.poll(() => live.two.output().slice(logged), { timeout: 3000 }).toContain('cannot check sessions');
    } finally {
      await live.sql.query('alter table sessions_away rename to sessions');
    }
    expect(live.two.output()).not.toContain(token);
    expect(stream.closed).toBe(false);
    expect(stream.events.some((e) => e.event === 'ended')).toBe(false);
  });

  it('sends a heartbeat comment at the configured interval', async () => {
    const reader = await signUp(live.one.baseUrl, 'live-heartbeat@example.com');
    const stream = await open(live.two.baseUrl, reader.cookie);
    await stream.waitForComments(2, 3000);
  });
});
