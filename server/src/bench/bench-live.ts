// `npm run bench:live [-- --streams 2000 --rate 20 --seconds 15 --database-url postgres://…]`: two real
// server processes (server/src/server.ts, as `npm start` runs it, NODE_ENV=production) on one
// PostgreSQL (a fresh embedded one unless --database-url), `--streams` signed-in live streams
// split evenly between them (plain HTTP/1.1 keep-alive requests reading the event stream as a
// browser's EventSource does), then notifications committed at a steady `--rate` per second for
// `--seconds`, each for a reader whose stream is open on process 2. They are committed as
// notify() commits them (the row and its `pg_notify` in one transaction) with SQL from this
// process: no route of the product creates notifications that fast for chosen readers.
// Prints the latency from commit to arrival (p50/p95/max), the events missed (must be 0), and the
// memory each open stream costs a process (its resident set before and after the streams opened,
// divided by them). Goals: p95 < 100 ms, < 30 KB per stream.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { NOTIFICATION_CHANNEL, type ChannelMessage } from '@aylal/shared/notifications';
import { openBenchDatabase, type BenchDatabase } from './bench-database.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { SseClient, type SseEvent } from './sse-client.ts';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '15' },
    'database-url': { type: 'string' },
  },
});
const streamCount = Number(values.streams);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const SECRET = 'bench-secret-that-is-at-least-32-characters';
const ORIGIN = 'http://localhost:3000';

/** Resident set of a process and its descendants (tsx runs the server in a child), in bytes. */
function residentBytes(pid: number): number {
  let total = 0;
  const visit = (id: number) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      for (const task of readdirSync(`/proc/${id}/task`)) {
        const children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(/\s+/) : []) visit(Number(child));
      }
    } catch {
      // gone
    }
  };
  visit(pid);
  return total;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

let database: BenchDatabase | undefined;
const processes: ServerProcess[] = [];
const clients: SseClient[] = [];
try {
  database = await openBenchDatabase(values['database-url'], 'live');
  const { url: databaseUrl, db } = database;
  await db.$client.end();

  // A production start wants a mail server; nothing here reads the mail, so one that refuses will do.
  const env = {
    NODE_ENV: 'production',
    AUTH_SECRET: SECRET,
    PUBLIC_URL: ORIGIN,
    SMTP_URL: 'smtp://127.0.0.1:1',
    LOG_LEVEL: 'warn',
  };
  console.log('starting two server processes ...');
  processes.push(...(await Promise.all([startServerProcess(databaseUrl, env), startServerProcess(databaseUrl, env)])));
  const [one, two] = processes as [ServerProcess, ServerProcess];

  // One reader signed up through the product gives the session cookie's name; the others are
  // written straight into the database (hashing 2,000 passwords would take minutes) with signed
  // session cookies of the same form.
  const signUp = await fetch(`${one.baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-live@example.com', password: 'bench-password-42', name: 'Bench' }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookieName = signUp.headers.getSetCookie()[0]!.split('=')[0]!;
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  const readers = Array.from({ length: streamCount }, (_, index) => ({
    id: `bench-live-${index}`,
    token: randomBytes(24).toString('base64url'),
  }));
  await sql.query(
    `insert into users (id, name, email, email_verified)
     select id, 'Bench reader', id || '@example.com', true from unnest($1::text[]) as u(id)`,
    [readers.map((reader) => reader.id)],
  );
  await sql.query(
    `insert into sessions (id, token, user_id, expires_at)
     select 'session-' || id, token, id, now() + interval '1 day' from unnest($1::text[], $2::text[]) as x(id, token)`,
    [readers.map((reader) => reader.id), readers.map((reader) => reader.token)],
  );
  const cookieOf = (token: string) =>
    `${cookieName}=${encodeURIComponent(`${token}.${createHmac('sha256', SECRET).update(token).digest('base64')}`)}`;

  // What arrives: notification id → arrival time, on the stream of its reader.
  const arrivals = new Map<string, number>();
  let unreadEvents = 0;
  const onEvent = (event: SseEvent) => {
    if (event.event === 'notification') {
      const { item } = JSON.parse(event.data) as { item: { id: string } };
      if (!arrivals.has(item.id)) arrivals.set(item.id, event.at);
    } else if (event.event === 'unread') unreadEvents++;
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

  const open = async (from: number, to: number) => {
    for (let start = from; start < to; start += 100) {
      await Promise.all(
        readers.slice(start, Math.min(start + 100, to)).map(async (reader, offset) => {
          const index = start + offset;
          // Even readers on process 1, odd on process 2.
          const base = index % 2 === 0 ? one.baseUrl : two.baseUrl;
          const client = new SseClient({ cookie: cookieOf(reader.token), agent, keep: false, onEvent });
          await client.open(`${base}/api/notifications/stream`);
          if (client.status !== 200) throw new Error(`stream ${index}: ${client.status}`);
          clients.push(client);
        }),
      );
    }
  };

  // A few streams first, so that what every process sets up once (its LISTEN connection, the
  // route's code) is in the baseline.
  const warm = Math.min(20, streamCount);
  await open(0, warm);
  await sleep(2000);
  const before = processes.map((process) => residentBytes(process.pid));
  const openedAt = performance.now();
  await open(warm, streamCount);
  const openSeconds = (performance.now() - openedAt) / 1000;
  await sleep(3000);
  const after = processes.map((process) => residentBytes(process.pid));
  const perProcess = Math.floor((streamCount - warm) / 2);
  const perStreamKb = after.map((bytes, index) => (bytes - before[index]!) / perProcess / 1024);
  console.log(
    `${clients.length} streams open (${Math.ceil(streamCount / 2)} per process) in ${openSeconds.toFixed(1)} s; ` +
      `unread events on connect: ${unreadEvents}`,
  );

  // Notifications at a steady rate, each for a reader on process 2 (odd indexes), round robin.
  const total = Math.round(rate * seconds);
  const committedAt = new Map<string, number>();
  const oddReaders = readers.filter((_, index) => index % 2 === 1);
  const startedAt = performance.now();
  for (let n = 0; n < total; n++) {
    const due = startedAt + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const reader = oddReaders[n % oddReaders.length]!;
    await sql.query('begin');
    const { rows } = await sql.query<{ id: string }>(
      `insert into notifications (audience, recipient_id, type, params, link)
       values ('user', $1, 'consultationConfirmed', $2, '/consultations') returning id`,
      [reader.id, { trip: { en: 'Gobi', mn: 'Говь' }, startsAt: '2027-05-01T02:00:00.000Z' }],
    );
    const message: ChannelMessage = { kind: 'new', id: rows[0]!.id, userId: reader.id };
    await sql.query('select pg_notify($1, $2)', [NOTIFICATION_CHANNEL, JSON.stringify(message)]);
    committedAt.set(rows[0]!.id, performance.timeOrigin + performance.now());
    await sql.query('commit');
  }
  const deadline = Date.now() + 5000;
  while (arrivals.size < total && Date.now() < deadline) await sleep(50);

  const latencies = [...committedAt]
    .filter(([id]) => arrivals.has(id))
    .map(([id, at]) => arrivals.get(id)! - at)
    .sort((a, b) => a - b);
  const missed = total - latencies.length;
  const dropped = clients.filter((client) => client.closed).length;
  console.log(
    `${total} notifications at ${rate}/s for ${seconds} s, committed with SQL (row + pg_notify in one transaction), ` +
      `each to a stream on process 2`,
  );
  console.log(
    `latency commit → arrival: p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms ` +
      `(goal: p95 < 100 ms)`,
  );
  console.log(`missed events: ${missed} (must be 0); streams dropped: ${dropped}`);
  console.log(
    `memory per open stream (resident set delta / streams): process 1 ${perStreamKb[0]!.toFixed(1)} KB, ` +
      `process 2 ${perStreamKb[1]!.toFixed(1)} KB (goal: < 30 KB); resident sets ` +
      after.map((bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`).join(', '),
  );
  await sql.end();
  process.exitCode = missed === 0 ? 0 : 1;
} finally {
  for (const client of clients) client.close();
  await Promise.all(processes.map((process) => process.stop()));
  await database?.close();
}
