// `npm run bench:payments [-- --callbacks 50 --database-url postgres://…]`: exactly once under
// duplicate callbacks (issue 25, docs/decisions/033). Two real server processes on one PostgreSQL
// (a fresh embedded one unless --database-url) and the local QPay; a traveller sends a visa
// application with the paid processing through the API and opens its payment; QPay records the
// payment; then `--callbacks` callbacks for it arrive at once, split between the two processes.
// Prints how long they took (p50/p95/max) and what they left: the payment's state, its moves to
// paid, the provider events, the applicant's notifications and emails. Exactly once: one of each;
// the script fails otherwise.
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { VISA_CONSENT_VERSION } from '@aylal/shared/consent';
import { addMonths, blankVisaForm } from '@aylal/shared/visa-rules';
import { FAKE_QPAY_CLIENT, startFakeQPay, type FakeQPay } from './fake-qpay.ts';
import { openBenchDatabase, type BenchDatabase } from './bench-database.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const { values } = parseArgs({
  options: { callbacks: { type: 'string', default: '50' }, 'database-url': { type: 'string' } },
});
const callbackCount = Number(values.callbacks);
const ORIGIN = 'http://localhost:3000';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

let database: BenchDatabase | undefined;
let qpay: FakeQPay | undefined;
const processes: ServerProcess[] = [];
try {
  database = await openBenchDatabase(values['database-url'], 'payments');
  const { url: databaseUrl, db } = database;
  // The processing's price, as staff set it in Settings.
  await db.execute(sql`insert into visa_settings (id, processing_price_usd) values (1, 49)
                       on conflict (id) do update set processing_price_usd = 49`);

  qpay = await startFakeQPay();
  const env = {
    PUBLIC_URL: ORIGIN,
    QPAY_URL: qpay.url,
    QPAY_CLIENT_ID: FAKE_QPAY_CLIENT.clientId,
    QPAY_CLIENT_SECRET: FAKE_QPAY_CLIENT.clientSecret,
    QPAY_INVOICE_CODE: FAKE_QPAY_CLIENT.invoiceCode,
  };
  console.log('starting two server processes ...');
  processes.push(...(await Promise.all([startServerProcess(databaseUrl, env), startServerProcess(databaseUrl, env)])));
  const [one] = processes as [ServerProcess, ServerProcess];

  // The traveller, through the API of process one.
  let cookie = '';
  const call = async (method: string, route: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${one.baseUrl}${route}`, {
      method,
      headers: { origin: ORIGIN, cookie, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (response.status >= 300) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return response;
  };
  const email = 'bench-pays@example.com';
  const signUp = await call('POST', '/api/auth/sign-up/email', { email, password: 'bench-password-42', name: 'Bat' });
  cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const draft = (await (await call('POST', '/api/visa-applications', {})).json()) as { id: string; version: number };
  const form = blankVisaForm({
    firstName: 'Bat',
    lastName: 'Dorj',
    email,
    phone: '+976 9911 2233',
    dateOfBirth: '1990-05-01',
    nationality: 'MN',
    passportNumber: 'E1234567',
    passportExpiryDate: addMonths(new Date().toISOString().slice(0, 10), 60),
    country: 'KR',
    purpose: 'tourism',
    criminalRecord: 'no',
    processing: true,
  });
  await call('PUT', `/api/visa-applications/${draft.id}`, { form }, { 'if-match': `"${draft.version}"` });
  await call('POST', `/api/visa-applications/${draft.id}/submit`, {
    consent: { version: VISA_CONSENT_VERSION, language: 'en' },
  });
  const payment = (await (
    await call('POST', '/api/payments', { for: { visaApplicationId: draft.id }, method: 'qpay' })
  ).json()) as { id: string; amount: number };

  // The traveller pays at their bank; QPay then calls back, `callbackCount` times at once.
  const [invoice] = [...qpay.invoices.values()];
  qpay.pay(invoice!.id);
  const callback = new URL(invoice!.callbackUrl);
  const timings: number[] = [];
  const statuses = await Promise.all(
    Array.from({ length: callbackCount }, async (_, index) => {
      const started = performance.now();
      const response = await fetch(`${processes[index % 2]!.baseUrl}${callback.pathname}${callback.search}`);
      await response.text();
      timings.push(performance.now() - started);
      return response.status;
    }),
  );
  await sleep(500);

  const count = async (query: ReturnType<typeof sql>) => Number((await db.execute<{ n: number }>(query)).rows[0]!.n);
  const [state] = (await db.execute<{ state: string }>(sql`select state from payments where id = ${payment.id}`)).rows;
  const found = {
    answeredOk: statuses.filter((status) => status === 200).length,
    paidMoves: await count(
      sql`select count(*)::int as n from payment_history where payment_id = ${payment.id} and to_state = 'paid'`,
    ),
    providerEvents: await count(sql`select count(*)::int as n from payment_events where payment_id = ${payment.id}`),
    notifications: await count(sql`select count(*)::int as n from notifications
      where type = 'visaPaymentChanged' and link like ${`%${draft.id}%`}`),
    // Every email to the applicant about it: the receipt is the one (the notification sends none).
    emails: await count(sql`select count(*)::int as n from outbox where "to" = ${email}
      and created_at >= (select created_at from payments where id = ${payment.id})`),
    receipts: await count(
      sql`select count(*)::int as n from outbox where message_id = ${`<receipt-${payment.id}@aylal>`}`,
    ),
  };
  await db.$client.end();

  const sorted = timings.sort((a, b) => a - b);
  console.log(`\n${callbackCount} duplicate callbacks for one payment, split between two processes`);
  console.log(
    `  latency: p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
  );
  console.log(`  answered 200: ${found.answeredOk} of ${callbackCount}`);
  console.log(`  payment state: ${state?.state}`);
  console.log(`  moves to paid: ${found.paidMoves} (goal 1)`);
  console.log(`  provider events recorded: ${found.providerEvents} (goal 1)`);
  console.log(`  applicant notifications: ${found.notifications} (goal 1)`);
  console.log(`  emails queued to the applicant: ${found.emails}, of which receipts: ${found.receipts} (goal 1 and 1)`);
  const failed =
    state?.state !== 'paid' ||
    found.answeredOk !== callbackCount ||
    found.paidMoves !== 1 ||
    found.providerEvents !== 1 ||
    found.notifications !== 1 ||
    found.emails !== 1 ||
    found.receipts !== 1;
  console.log(failed ? '\nNOT exactly once' : '\nexactly once');
  process.exitCode = failed ? 1 : 0;
} finally {
  await Promise.all(processes.map((process) => process.stop()));
  await qpay?.close();
  await database?.close();
}
// The servers' sockets may linger a moment: leave with the answer now.
process.exit();
