import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { contactMessages, notifications, tripImages } from '../src/db/schema/index.ts';
import { issueContactFormToken } from '../src/modules/contact/index.ts';
import type { TestApp } from './helpers.ts';
import { minimalCv } from './cv.ts';
import { jobInput } from './jobs.ts';
import { bookConsultation, prepareBooking, slotAfter } from './notifications.ts';
import { makePdf } from './pdfs.ts';
import { multipart } from './helpers.ts';
import { visaDependant } from './visa.ts';

/**
 * Walking the whole API as its OpenAPI document describes it (Better Auth's routes included), with
 * real records behind the path parameters: for tests that must hold for every route, not one example.
 */

export interface ApiOperation {
  method: string;
  /** The documented path, `{id}` and all. */
  path: string;
}

/** Every operation of the app's own OpenAPI document. */
export async function apiOperations(t: TestApp): Promise<ApiOperation[]> {
  const document = (await t.get('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
}

export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** The ids of one record of each kind (`NO_SUCH_ID` where there is none). */
export type ApiRecords = Record<
  | 'user'
  | 'trip'
  | 'image'
  | 'job'
  | 'material'
  | 'application'
  | 'consultation'
  | 'visa'
  | 'dependant'
  | 'document'
  | 'contact'
  | 'notification',
  string
>;

const created = async (response: LightMyRequestResponse | Promise<LightMyRequestResponse>): Promise<string> => {
  const answer = await response;
  if (answer.statusCode >= 300) throw new Error(`could not create a record: ${answer.statusCode} ${answer.body}`);
  return (answer.json() as { id: string }).id;
};

/**
 * One record of each kind the API's paths name, `user`'s where a person owns it: a published trip, a
 * job with a file, the user's CV, application, consultation, visa application (with a dependant and
 * a document), contact message and a notification.
 */
export async function createApiRecords(t: TestApp, admin: string, user: string): Promise<ApiRecords> {
  const me = (await t.get('/api/me', { cookie: user })).json() as { id: string };
  const trip = await prepareBooking(t, admin);
  const job = await created(t.send('POST', '/api/admin/jobs', { cookie: admin, body: jobInput() }));
  const material = await created(
    t.send('POST', `/api/admin/jobs/${job}/materials`, {
      cookie: admin,
      raw: multipart({}, { name: 'form.pdf', type: 'application/pdf', data: await makePdf() }),
    }),
  );
  await created(t.send('PUT', '/api/cv', { cookie: user, body: minimalCv({ fullName: 'Walk User' }) }));
  const application = await created(t.send('POST', `/api/jobs/${job}/applications`, { cookie: user }));
  const consultation = await created(bookConsultation(t, user, trip, await slotAfter(t, 48)));
  const visa = await created(t.send('POST', '/api/visa-applications', { cookie: user }));
  const dependant = await created(
    t.send('POST', `/api/visa-applications/${visa}/dependants`, { cookie: user, body: visaDependant() }),
  );
  const document = await created(
    t.send('POST', `/api/visa-applications/${visa}/documents`, {
      cookie: user,
      raw: multipart({ kind: 'passport' }, { name: 'passport.pdf', type: 'application/pdf', data: await makePdf() }),
    }),
  );
  const sent = await t.send('POST', '/api/contact', {
    cookie: user,
    body: {
      title: 'A question',
      type: 'general',
      name: 'Walk User',
      email: 'walk-user@example.com',
      contact: '',
      message: 'Is there space in June?',
      // A form opened 20 s ago, as the server issues it (decision 025).
      formToken: issueContactFormToken(t.config.AUTH_SECRET, Date.now() - 20_000),
    },
  });
  if (sent.statusCode >= 300) throw new Error(`contact: ${sent.statusCode} ${sent.body}`);
  const [contact] = await t.db.select({ id: contactMessages.id }).from(contactMessages).limit(1);
  const [notification] = await t.db.select({ id: notifications.id }).from(notifications).limit(1);
  const [image] = await t.db.select({ id: tripImages.id }).from(tripImages).limit(1);
  return {
    user: me.id,
    trip,
    image: image?.id ?? NO_SUCH_ID,
    job,
    material,
    application,
    consultation,
    visa,
    dependant,
    document,
    contact: contact?.id ?? NO_SUCH_ID,
    notification: notification?.id ?? NO_SUCH_ID,
  };
}

/** The record a documented path's `{id}` names, by the resource before it. */
function idFor(path: string, records: ApiRecords): string {
  if (path.includes('/visa-applications/')) return records.visa;
  if (path.includes('/trips/')) return records.trip;
  if (path.includes('/jobs/')) return records.job;
  if (path.includes('/applications/')) return records.application;
  if (path.includes('/consultations/')) return records.consultation;
  if (path.includes('/users/')) return records.user;
  if (path.includes('/contact')) return records.contact;
  if (path.includes('/notifications/')) return records.notification;
  if (path.includes('/callback/')) return 'google';
  return NO_SUCH_ID;
}

/**
 * A documented path with its parameters filled in with real records; `path` may be spelled otherwise
 * (encoded) than the `documented` one, which says what its parameters name.
 */
export function fillPath(path: string, records: ApiRecords, documented = path): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    if (name === 'imageId') return records.image;
    if (name === 'materialId') return records.material;
    if (name === 'dependantId') return records.dependant;
    if (name === 'documentId') return records.document;
    if (name === 'token') return 'a-token';
    return idFor(documented, records);
  });
}

/** Tables a refused request may rightly touch: the counters that limit guessing and flooding. */
const COUNTERS = new Set(['rate_limits', 'auth_attempts', '__drizzle_migrations']);

/** The tables whose rows differ between two fingerprints (for a failure's message). */
export function changedTables(before: string, after: string): string[] {
  const was = new Set(before.split('\n'));
  return after
    .split('\n')
    .filter((line) => !was.has(line))
    .map((line) => line.slice(0, line.indexOf(':')));
}

/**
 * Every row of every table but the counters, as one fingerprint (a line per table). One query for
 * all tables: the fuzz test takes two per operation and caller, hundreds in all.
 */
export async function fingerprint(t: TestApp): Promise<string> {
  const tables = await t.db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const digests = tables.rows
    .filter(({ name }) => !COUNTERS.has(name))
    .map(
      ({ name }, index) =>
        `select ${index} as position, '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`,
    );
  const result = await t.db.execute<{ name: string; digest: string | null }>(
    sql.raw(`select name, digest from (${digests.join(' union all ')}) d order by position`),
  );
  return result.rows.map(({ name, digest }) => `${name}:${digest}`).join('\n');
}
