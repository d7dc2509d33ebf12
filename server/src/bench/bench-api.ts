// `npm run bench:api [-- --trips 100000 --jobs 100000 --visa 100000 --contact 100000 --seconds 10 --connections 50 --only visa]`:
// seeds a fresh database with a large trip catalogue, as many jobs, visa applications and contact
// messages (each only when a chosen scenario reads it; 0 seeds none), serves the API on a local
// port and loads GET /api/trips with typical filter mixes, GET /api/jobs with typical text
// searches, staff's GET /api/admin/visa-applications and GET /api/admin/contact-messages with
// typical filters and staff's dashboard at 50 concurrent connections, beside a trivial route
// measured in the same run. Prints requests per second and p50/p95/p99 latency; the target is p95 under 20 ms for the typical mixes, served as
// the product serves them (public answers shared for a few seconds; staff's list pages and
// dashboard kept as long, and forgotten at once when what they show changes: nothing does during
// the run). The "every request distinct" and "(database)" lines show the database alone: 50
// clients waiting on 2 cores, so their latency is their queue (latency = clients / throughput),
// for information. `--only` runs the scenarios whose name contains its text (`--only visa`,
// `--only contact`, `--only dashboard`).
//
// Two more lines: GET /api/me signed in, beside the trivial route (target: at least half its rate,
// the session check being one indexed read), and the trip search while one signed-in user asks for
// their CV PDF 8 at a time, round after round, saving a new version before each round so that
// every round is drawn (target: the search's p95 still under 20 ms; the PDFs are drawn in worker
// threads, two at a time per user at most, four in a row then one every 3 s).
import { execFile } from 'node:child_process';
import { parseArgs, promisify } from 'node:util';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dateInZone, DEFAULT_WORKING_HOURS } from '@aylal/shared/consultation-rules';
import { CONTACT_STATES } from '@aylal/shared/schemas/contact';
import type { Cv } from '@aylal/shared/schemas/cv';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createDb, migrateDb } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { seedSyntheticContact, SYNTHETIC_CONTACT_STAFF } from '../db/seeds/synthetic-contact.ts';
import { addDays, seedSyntheticJobs } from '../db/seeds/synthetic-jobs.ts';
import { seedSyntheticTrips } from '../db/seeds/synthetic-trips.ts';
import { seedSyntheticVisa } from '../db/seeds/synthetic-visa.ts';
import { queuedLink } from '../plugins/email-links.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    trips: { type: 'string', default: '100000' },
    jobs: { type: 'string', default: '100000' },
    visa: { type: 'string', default: '100000' },
    contact: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    /** Runs only the scenarios whose name contains this (the trivial route always runs). */
    only: { type: 'string' },
  },
});
const tripCount = Number(values.trips);
const jobCount = Number(values.jobs);
const visaCount = Number(values.visa);
const contactCount = Number(values.contact);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

/** What visitors typically ask: the first pages, one or two filters at a time. */
const TYPICAL = [
  '/api/trips',
  '/api/trips?page=2',
  '/api/trips?continent=asia',
  '/api/trips?continent=europe&type=group',
  '/api/trips?type=couple',
  '/api/trips?tags=nature',
  '/api/trips?tags=culture,city',
  '/api/trips?destination=gobi',
  '/api/trips?destination=seoul',
  '/api/trips?destination=%D0%93%D0%BE%D0%B2%D1%8C', // Говь
  '/api/trips?from=2027-07-01&to=2027-07-31',
  '/api/trips?from=2027-03-01&to=2027-03-15&guests=4',
  '/api/trips?guests=2',
  '/api/trips?minPrice=500&maxPrice=1500',
  '/api/trips?maxPrice=1000&continent=asia',
  '/api/trips?continent=asia&tags=nature&type=group',
  '/api/trips?destination=alps&page=2',
  '/api/trips?minPrice=2000&sort=',
].map((p) => p.replace('&sort=', ''));

/** What job seekers typically type: a trade, a country or a city, a skill, with or without a type. */
const TYPICAL_JOBS = [
  '/api/jobs',
  '/api/jobs?page=2',
  '/api/jobs?q=welder',
  '/api/jobs?q=korea',
  '/api/jobs?q=care',
  '/api/jobs?q=driver&type=full-time',
  '/api/jobs?q=osaka',
  '/api/jobs?q=react',
  '/api/jobs?q=%D0%B3%D0%B0%D0%B3%D0%BD%D1%83%D1%83%D1%80', // гагнуур
  '/api/jobs?q=%D0%A1%D0%BE%D0%BB%D0%BE%D0%BD%D0%B3%D0%BE%D1%81', // Солонгос
  '/api/jobs?type=remote',
  '/api/jobs?type=contract&page=3',
  '/api/jobs?q=nurse%20germany',
  '/api/jobs?q=hotel%20dubai',
  '/api/jobs?q=farm',
  '/api/jobs?q=electrician&type=part-time',
];

/** Today on the default agency clock (the bench's database keeps Settings' defaults). */
const defaultToday = () => dateInZone(new Date(), DEFAULT_WORKING_HOURS.timeZone);

/**
 * What staff typically ask of the visa applications: the first pages, one filter or two, a
 * surname in either script, a passport's last four digits, a reference (the last two as found in
 * the seeded applications), the submitted days of a month.
 */
function typicalVisa(sample: { reference: string; passportLast4: string }, today = defaultToday()) {
  const list = '/api/admin/visa-applications';
  return [
    list,
    `${list}?page=2`,
    `${list}?state=submitted`,
    `${list}?state=in-review`,
    `${list}?country=KR`,
    `${list}?payment=awaiting-payment`,
    `${list}?from=${addDays(today, -75)}&to=${addDays(today, -45)}`,
    `${list}?q=ganbaatar`,
    `${list}?q=%D0%91%D0%B0%D1%82%D1%81%D0%B0%D0%B9%D1%85%D0%B0%D0%BD`, // Батсайхан
    `${list}?q=${sample.passportLast4}`,
    `${list}?q=${sample.reference}`,
    `${list}?state=in-review&country=KR`,
  ];
}

/**
 * What staff typically ask of the contact inbox: the first pages, each state, a type, unassigned
 * and one admin's, the active and unanswered ones, the received days of a month, a surname in
 * either script, an email and a reference (the last two as found in the seeded messages).
 */
function typicalContact(sample: { reference: string; email: string }, today = defaultToday()) {
  const list = '/api/admin/contact-messages';
  return [
    list,
    `${list}?page=2`,
    ...CONTACT_STATES.map((state) => `${list}?state=${state}`),
    `${list}?type=visa`,
    `${list}?assignee=none`,
    `${list}?assignee=${SYNTHETIC_CONTACT_STAFF[1]!.id}`,
    `${list}?active=1`,
    `${list}?unanswered=1`,
    `${list}?from=${addDays(today, -75)}&to=${addDays(today, -45)}`,
    `${list}?q=ganbaatar`,
    `${list}?q=%D0%91%D0%B0%D1%82%D1%81%D0%B0%D0%B9%D1%85%D0%B0%D0%BD`, // Батсайхан
    `${list}?q=${encodeURIComponent(sample.email)}`,
    `${list}?q=${sample.reference}`,
  ];
}

/** A CV of two pages in Mongolian, as a job seeker's would be. */
const BENCH_CV: Cv = {
  fullName: 'Батбаяр Дорж',
  title: 'Ахлах гагнуурчин',
  email: 'bench@example.com',
  phone: '+976 9911 2233',
  address: 'Улаанбаатар, Хан-Уул дүүрэг',
  summary: 'Ган бүтээц, хоолой, даралтат савны гагнуурт арван жилийн туршлагатай. '.repeat(3),
  experience: Array.from({ length: 6 }, (_, index) => ({
    company: `Монгол Ган ХХК ${index + 1}`,
    position: 'Ахлах гагнуурчин',
    start: `${2012 + index}-03`,
    end: `${2013 + index}-02`,
    current: false,
    description: 'Ган бүтээцийн гагнуур, чанарын шалгалт, багийн ахлагч, аюулгүй ажиллагаа. '.repeat(3),
  })),
  education: [{ institution: 'ШУТИС', degree: 'Бакалавр', field: 'Механик', start: '2008-09', end: '2012-06' }],
  skills: [
    { name: 'MIG/MAG welding', level: 'expert' },
    { name: 'TIG welding', level: 'advanced' },
    { name: 'Technical drawings', level: 'advanced' },
  ],
  languages: [
    { name: 'Монгол', level: 'native' },
    { name: 'English', level: 'conversational' },
  ],
};

/** A mix with every request distinct (page numbers), for the database's own speed. */
function distinct(mix: string[], count: number) {
  return Array.from({ length: count }, (_, index) => {
    const base = mix[index % mix.length]!;
    return `${base}${base.includes('?') ? '&' : '?'}page=${1 + (Math.floor(index / mix.length) % 40)}`.replace(
      /page=\d+&page=/,
      'page=',
    );
  });
}

interface PdfLoop {
  cookie: string;
  origin: string;
  cv: Cv;
  concurrency: number;
}

interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** The PDF loop's rounds and answers by HTTP status. */
  pdfs?: { rounds: number; statuses: Record<string, number> };
}

// Asynchronous: the server under load lives in this process's event loop.
async function load(url: string, paths: string[], extra: { headers?: Record<string, string>; pdfLoop?: PdfLoop } = {}) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(here, 'load.mjs'), JSON.stringify({ url, paths, connections, seconds, ...extra })],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as LoadResult;
}

/** The app as production runs it, with public answers shared for `cacheSeconds`. */
function benchConfig(dataDir: string, databaseUrl: string, cacheSeconds: number): Config {
  return loadConfig({
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    CATALOGUE_CACHE_SECONDS: String(cacheSeconds),
    SEED_DEMO: 'false',
    ADMIN_EMAILS: BENCH_ADMIN_EMAIL,
  });
}

const BENCH_ADMIN_EMAIL = 'bench-admin@example.com';

/** Signs the bench's staff member up (an admin by ADMIN_EMAILS, once verified); their Cookie header. */
async function signUpBenchAdmin(config: Config, db: ReturnType<typeof createDb>): Promise<string> {
  const app = await buildApp({ config, db, webDistDir: null, logger: false });
  try {
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: config.PUBLIC_URL, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: BENCH_ADMIN_EMAIL, password: 'bench-password-42', name: 'Bench Admin' }),
    });
    if (signUp.statusCode !== 200) throw new Error(`bench admin sign-up failed: ${signUp.statusCode} ${signUp.body}`);
    // ADMIN_EMAILS promotes verified addresses only (decision 022): open the link it was mailed.
    const link = await queuedLink(db, 'verification', BENCH_ADMIN_EMAIL);
    const verified = link ? await app.inject({ method: 'GET', url: link.pathname + link.search }) : null;
    if (verified?.statusCode !== 302) throw new Error('bench admin verification failed');
    return signUp.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  } finally {
    await app.close();
  }
}

/** An application's reference and passport digits to search for, from the middle of the first pages. */
async function visaSample(db: ReturnType<typeof createDb>) {
  const { rows } = await db.$client.query<{ reference: string; passport: string }>(
    `select reference, form->>'passportNumber' as passport from visa_applications
     where state <> 'draft' order by submitted_at desc nulls last, id offset 777 limit 1`,
  );
  const row = rows[0] ?? { reference: 'V-2026-00001', passport: '0000' };
  return { reference: row.reference, passportLast4: row.passport.slice(-4) };
}

/** A message's reference and email to search for, from the middle of the first pages. */
async function contactSample(db: ReturnType<typeof createDb>) {
  const { rows } = await db.$client.query<{ reference: string; email: string }>(
    `select reference, email from contact_messages where merged_into_id is null and state <> 'spam'
     order by created_at desc, id offset 777 limit 1`,
  );
  return rows[0] ?? { reference: 'C-2026-00001', email: 'nobody@example.com' };
}

/** Signs a job seeker up and saves their CV; their Cookie header for the signed-in scenarios. */
async function signUpBenchUser(config: Config, db: ReturnType<typeof createDb>): Promise<string> {
  const app = await buildApp({ config, db, webDistDir: null, logger: false });
  try {
    const headers = { origin: config.PUBLIC_URL, 'content-type': 'application/json' };
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers,
      payload: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-42', name: 'Bench User' }),
    });
    if (signUp.statusCode !== 200) throw new Error(`bench sign-up failed: ${signUp.statusCode} ${signUp.body}`);
    const cookie = signUp.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    const save = await app.inject({
      method: 'PUT',
      url: '/api/cv',
      headers: { ...headers, cookie },
      payload: JSON.stringify(BENCH_CV),
    });
    if (save.statusCode !== 201) throw new Error(`bench CV failed: ${save.statusCode} ${save.body}`);
    return cookie;
  } finally {
    await app.close();
  }
}

interface Scenario {
  name: string;
  paths: string[];
  /** Seconds public answers are shared. */
  cacheSeconds: number;
  /** Held to p95 under 20 ms. */
  heldToP95?: boolean;
  /** Sent with the bench user's session, or with the bench admin's. */
  signedIn?: boolean | 'admin';
  /** The synthetic rows it reads, seeded only when a chosen scenario reads them. */
  reads?: 'trips' | 'jobs' | 'visa' | 'contact';
  /** Held to at least half the trivial route's rate. */
  heldToHalfTrivialRate?: boolean;
  /** Meanwhile the bench user asks for their CV PDF 8 at a time. */
  withPdfs?: boolean;
}

/** A latency for the table: one decimal below a second ("8.4 ms"), whole milliseconds above. */
const ms = (value: number) => `${value < 1000 ? value.toFixed(1) : value.toFixed(0)} ms`.padStart(9);

async function main() {
  const dataDir = mkdtempSync(path.join(process.env.BENCH_TMP ?? '/tmp', 'aylal-bench-'));
  chmodSync(dataDir, 0o755);
  const embedded = process.env.BENCH_DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir });
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? embedded!.url;
  const db = createDb(databaseUrl, 10);
  try {
    await migrateDb(db);
    const configFor = (cacheSeconds: number) => benchConfig(dataDir, databaseUrl, cacheSeconds);
    const cookie = await signUpBenchUser(configFor(5), db);
    const adminCookie = await signUpBenchAdmin(configFor(5), db);
    const scenarios: Scenario[] = [
      { name: 'trivial route GET /api/config', paths: ['/api/config'], cacheSeconds: 5 },
      {
        name: 'GET /api/me, signed in',
        paths: ['/api/me'],
        cacheSeconds: 5,
        signedIn: true,
        heldToHalfTrivialRate: true,
      },
      { name: 'GET /api/trips, typical mix', paths: TYPICAL, cacheSeconds: 5, heldToP95: true, reads: 'trips' },
      {
        name: 'GET /api/jobs, typical text searches',
        paths: TYPICAL_JOBS,
        cacheSeconds: 5,
        heldToP95: true,
        reads: 'jobs',
      },
      {
        name: 'GET /api/trips, typical mix, one user drawing PDFs',
        paths: TYPICAL,
        cacheSeconds: 5,
        heldToP95: true,
        withPdfs: true,
        reads: 'trips',
      },
      {
        name: 'GET /api/admin/visa-applications, typical filters',
        paths: [], // once seeded
        cacheSeconds: 5,
        heldToP95: true,
        signedIn: 'admin',
        reads: 'visa',
      },
      {
        name: 'GET /api/admin/contact-messages, typical filters',
        paths: [], // once seeded
        cacheSeconds: 5,
        heldToP95: true,
        signedIn: 'admin',
        reads: 'contact',
      },
      {
        name: 'GET /api/trips, every request distinct (database)',
        paths: distinct(TYPICAL, 2000),
        cacheSeconds: 0,
        reads: 'trips',
      },
      {
        name: 'GET /api/jobs, every request distinct (database)',
        paths: distinct(TYPICAL_JOBS, 2000),
        cacheSeconds: 0,
        reads: 'jobs',
      },
      {
        name: 'GET /api/admin/visa-applications, every request distinct (database)',
        paths: [], // once seeded
        cacheSeconds: 0,
        signedIn: 'admin',
        reads: 'visa',
      },
      {
        name: 'GET /api/admin/contact-messages, every request distinct (database)',
        paths: [], // once seeded
        cacheSeconds: 0,
        signedIn: 'admin',
        reads: 'contact',
      },
      {
        // Staff's dashboard (docs/decisions/020) as served: each period's answer kept per process
        // and forgotten at any change it counts (none does during the run).
        name: 'GET /api/admin/dashboard?days=7|30|90, as served',
        paths: ['/api/admin/dashboard?days=7', '/api/admin/dashboard?days=30', '/api/admin/dashboard?days=90'],
        cacheSeconds: 5,
        signedIn: 'admin',
        reads: 'visa',
      },
      {
        // The same counted afresh at every request, never kept: the database's work alone.
        name: 'GET /api/admin/dashboard?days=30 (database)',
        paths: ['/api/admin/dashboard?days=30'],
        cacheSeconds: 0,
        signedIn: 'admin',
        reads: 'visa',
      },
    ];
    const chosen = scenarios.filter((scenario, index) => index === 0 || scenario.name.includes(values.only ?? ''));
    const wanted = (reads: Scenario['reads']) => chosen.some((scenario) => scenario.reads === reads);

    const started = Date.now();
    if (wanted('trips') && tripCount > 0) {
      console.log(`seeding ${tripCount.toLocaleString('en-US')} trips into a fresh database ...`);
      await seedSyntheticTrips(db, tripCount);
    }
    if (wanted('jobs') && jobCount > 0) {
      console.log(`seeding ${jobCount.toLocaleString('en-US')} jobs ...`);
      await seedSyntheticJobs(db, jobCount);
    }
    if (wanted('visa') && visaCount > 0) {
      console.log(
        `seeding ${visaCount.toLocaleString('en-US')} visa applications (and a twentieth as many drafts) ...`,
      );
      await seedSyntheticVisa(db, visaCount);
    }
    if (wanted('contact') && contactCount > 0) {
      console.log(`seeding ${contactCount.toLocaleString('en-US')} contact messages ...`);
      await seedSyntheticContact(db, contactCount);
    }
    console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (wanted('visa')) {
      // The staff searches name an application of the seeded ones: known once they are seeded.
      const sample = await visaSample(db);
      console.log(`  the staff searches include ${sample.passportLast4} and ${sample.reference}`);
      for (const scenario of chosen.filter(({ reads }) => reads === 'visa')) {
        scenario.paths = scenario.cacheSeconds > 0 ? typicalVisa(sample) : distinct(typicalVisa(sample), 2000);
      }
    }

    if (wanted('contact')) {
      const sample = await contactSample(db);
      console.log(`  the inbox searches include ${sample.email} and ${sample.reference}`);
      for (const scenario of chosen.filter(({ reads }) => reads === 'contact')) {
        scenario.paths = scenario.cacheSeconds > 0 ? typicalContact(sample) : distinct(typicalContact(sample), 2000);
      }
    }

    console.log(`\n${connections} connections, ${seconds} s per scenario\n`);
    const width = Math.max(53, ...chosen.map(({ name }) => name.length));
    console.log(`${'scenario'.padEnd(width)}  req/s       p50       p95       p99  errors`);
    let failed = false;
    let trivialRps = 0;
    for (const scenario of chosen) {
      const config = configFor(scenario.cacheSeconds);
      const app = await buildApp({ config, db, webDistDir: null, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const extra = {
        ...(scenario.signedIn ? { headers: { cookie: scenario.signedIn === 'admin' ? adminCookie : cookie } } : {}),
        ...(scenario.withPdfs
          ? { pdfLoop: { cookie, origin: config.PUBLIC_URL, cv: BENCH_CV, concurrency: 8 } satisfies PdfLoop }
          : {}),
      };
      await load(url, scenario.paths.slice(0, 50), extra); // warm-up (and the PDF threads started)
      const drawsBefore = app.cvPdfs.stats().draws;
      const result = await load(url, scenario.paths, extra);
      const draws = app.cvPdfs.stats().draws - drawsBefore;
      await app.close();
      trivialRps ||= result.rps;
      const notes: string[] = [];
      if (scenario.heldToP95 && result.p95 >= 20) notes.push('p95 over 20 ms');
      if (scenario.heldToHalfTrivialRate && result.rps < trivialRps / 2) notes.push('under half the trivial rate');
      const pdfFailures = Object.entries(result.pdfs?.statuses ?? {}).filter(
        ([status]) => !['200', '429'].includes(status),
      );
      if (pdfFailures.length > 0) notes.push('PDF requests failed');
      failed ||= notes.length > 0 || result.errors > 0;
      console.log(
        `${scenario.name.padEnd(width)} ${result.rps.toFixed(0).padStart(6)} ${[result.p50, result.p95, result.p99].map(ms).join(' ')} ${String(result.errors).padStart(7)}${notes.map((note) => `  ${note}`).join('')}`,
      );
      if (scenario.heldToHalfTrivialRate)
        console.log(`  ${((100 * result.rps) / trivialRps).toFixed(0)}% of the trivial route's rate`);
      if (result.pdfs) {
        const { rounds, statuses } = result.pdfs;
        console.log(
          `  meanwhile ${rounds} rounds of 8 PDF requests by one user: ${draws} PDFs drawn, answers ${Object.entries(
            statuses,
          )
            .map(([status, count]) => `${status}×${count}`)
            .join(', ')} (429: PDF_BUSY)`,
        );
      }
    }
    process.exitCode = failed ? 1 : 0;
  } finally {
    await db.$client.end();
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
