import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_EMAIL, DEFAULT_PASSWORD, useTestApp } from './helpers.ts';
import { FAKE_QPAY_CLIENT, startFakeQPay } from '../src/bench/fake-qpay.ts';
import { FAKE_STRIPE, startFakeStripe } from '../src/bench/fake-stripe.ts';
import { fingerprint } from './api-walk.ts';
import { jobInput } from './jobs.ts';
import { minimalCv } from './cv.ts';
import { tripInput } from './trips.ts';

/**
 * Every operation the OpenAPI document describes, Better Auth's included, sent what a careless or
 * hostile client sends: malformed JSON, wrong types, huge strings, NUL characters, unknown fields,
 * odd path parameters and query strings, broken multipart. No answer may be a 5xx, and a refused
 * request changes no row (docs/decisions/010-hardening.md).
 */

/** A fingerprint without the access records' line. */
const withoutLooks = (print: string) =>
  print
    .split('\n')
    .filter((line) => !line.startsWith('access_records:'))
    .join('\n');

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}
interface Request {
  method: string;
  url: string;
  contentType?: string;
  payload?: string | Buffer;
}

const NUL = 'a\u0000b';
const HUGE = 'x'.repeat(200_000);

/** A value of the wrong type for each JSON type. */
function wrongValue(schema: Schema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (type === 'string') return { nested: [1, 2] };
  if (type === 'number' || type === 'integer') return 'NaN';
  if (type === 'boolean') return 'yes';
  if (type === 'array') return 'not-a-list';
  if (type === 'object') return [null];
  return null;
}

function bodies(schema: Schema | undefined): string[] {
  const properties = schema?.properties ?? {};
  const names = Object.keys(properties);
  const each = (value: (name: string) => unknown) =>
    JSON.stringify(Object.fromEntries(names.map((n) => [n, value(n)])));
  return [
    '{',
    '{"a":',
    '[]',
    'null',
    '"text"',
    '12',
    '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
    each((name) => wrongValue(properties[name])),
    each(() => NUL),
    each(() => null),
    each(() => HUGE),
    each(() => ({ deep: { deeper: { deepest: [NUL] } } })),
    JSON.stringify({ ...Object.fromEntries(names.map((n) => [n, NUL])), unknownField: NUL, [NUL]: 1 }),
    JSON.stringify({ email: NUL, password: NUL, token: NUL, newPassword: null, name: [] }),
  ];
}

function multipartBodies(): { contentType: string; payload: Buffer }[] {
  const boundary = '----fuzz';
  return [
    { contentType: 'multipart/form-data', payload: Buffer.from('no boundary at all') },
    {
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 trunc`,
      ),
    },
    { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from([0, 255, 13, 10, 45, 45, 0, 1]) },
    { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from(`--${boundary}--\r\n`) },
  ];
}

const ODD_QUERIES = [
  'page=-1&pageSize=1000000000&q=%00',
  'page=1e309&pageSize=NaN&from=0000-00-00&to=9999-99-99T99:99',
  'q[]=a&q[]=b&page[x]=1&__proto__[admin]=1&constructor[prototype][x]=1',
  `q=${'%F0%9F%98%80'.repeat(2000)}&lang=xx&sort=;drop table users`,
  'tripId=not-a-uuid&jobId=%00&state=__proto__&role=admin,user&token=%00&callbackURL=javascript:alert(1)',
  '%%%&=&==&&',
];

/**
 * The walk in `parts` files, this one taking every `parts`-th operation from `part`: each file has
 * an app and a database of its own, so the test workers share the walk (server/src/openapi-fuzz-*.test.ts).
 */
export async function describeOpenApiFuzz(part: number, parts: number) {
  // The payment providers configured, so that QPay's callback and Stripe's webhook are walked too.
  const [qpay, stripe] = await Promise.all([startFakeQPay(), startFakeStripe()]);
  describe(`the whole API, sent bad input (part ${part + 1} of ${parts})`, () => {
    const t = useTestApp({
      CATALOGUE_CACHE_SECONDS: '0',
      QPAY_URL: qpay.url,
      QPAY_CLIENT_ID: FAKE_QPAY_CLIENT.clientId,
      QPAY_CLIENT_SECRET: FAKE_QPAY_CLIENT.clientSecret,
      QPAY_INVOICE_CODE: FAKE_QPAY_CLIENT.invoiceCode,
      STRIPE_API_URL: stripe.url,
      STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
    });
    afterAll(() => Promise.all([qpay.close(), stripe.close()]));
    let document: Document;
    const callers: Record<string, { email?: string; cookie: string }> = {};
    const ids: Record<string, string> = {};

    function pathValues(path: string): string[] {
      const real = path.includes('/visa-applications/')
        ? ids.visa
        : path.includes('/trips/')
          ? ids.trip
          : path.includes('/jobs/')
            ? ids.job
            : path.includes('/applications/')
              ? ids.application
              : path.includes('/consultations/')
                ? ids.consultation
                : undefined;
      return [
        ...(real ? [real] : []),
        '00000000-0000-4000-8000-000000000000',
        'not-a-uuid',
        '%00',
        '..%2F..%2Fetc%2Fpasswd',
        encodeURIComponent(HUGE.slice(0, 5000)),
      ];
    }

    function requestsFor(path: string, method: string, operation: Operation): Request[] {
      const upper = method.toUpperCase();
      const urls = pathValues(path).map((value) =>
        path
          .replace(/\{imageId\}|\{materialId\}/g, '00000000-0000-4000-8000-000000000001')
          .replace(/\{[^}]+\}/g, value),
      );
      const requests: Request[] = [];
      for (const url of urls) {
        for (const query of ['', ...ODD_QUERIES])
          requests.push({ method: upper, url: query ? `${url}?${query}` : url });
      }
      if (upper === 'GET' || upper === 'HEAD') return requests;
      const target = urls[0]!;
      const isUpload = upper === 'POST' && /\/(images|materials|documents)$/.test(path);
      if (isUpload) {
        for (const body of multipartBodies()) requests.push({ method: upper, url: target, ...body });
      } else {
        let schema = operation.requestBody?.content?.['application/json']?.schema;
        if (schema?.$ref) schema = document.components?.schemas?.[schema.$ref.split('/').pop()!];
        for (const payload of bodies(schema)) {
          requests.push({ method: upper, url: target, contentType: 'application/json', payload });
        }
      }
      return requests;
    }

    const send = (request: Request, cookie: string): Promise<LightMyRequestResponse> =>
      t.send(request.method as 'GET', request.url, {
        cookie,
        headers: request.contentType ? { 'content-type': request.contentType } : {},
        ...(request.payload === undefined ? {} : { raw: { payload: request.payload } }),
      });

    beforeAll(async () => {
      callers.anonymous = { cookie: '' };
      callers.user = { email: 'fuzz-user@example.com', cookie: await t.signUp('fuzz-user@example.com') };
      callers.admin = { email: ADMIN_EMAIL, cookie: await t.signUp(ADMIN_EMAIL) };
      const json = (method: 'POST' | 'PUT', url: string, body: unknown, cookie: string) =>
        t.send(method, url, { cookie, body });
      // Real records, so that operations on them go past 'not found' into their handlers.
      const created = async (response: LightMyRequestResponse) => {
        expect(response.statusCode, response.body).toBeLessThan(300);
        return (response.json() as { id: string }).id;
      };
      ids.job = await created(await json('POST', '/api/admin/jobs', jobInput(), callers.admin.cookie));
      ids.trip = await created(await json('POST', '/api/admin/trips', tripInput(), callers.admin.cookie));
      const cv = minimalCv({ fullName: 'Fuzz User', email: 'fuzz-user@example.com' });
      await created(await json('PUT', '/api/cv', cv, callers.user.cookie));
      ids.application = await created(await json('POST', `/api/jobs/${ids.job}/applications`, {}, callers.user.cookie));
      const { slots } = (await t.get('/api/consultations/slots')).json() as { slots: string[] };
      ids.consultation = await created(
        await json(
          'POST',
          '/api/consultations',
          { tripId: ids.trip, startsAt: slots[slots.length - 1], acknowledgedPolicy: true },
          callers.user.cookie,
        ),
      );
      ids.visa = await created(await t.send('POST', '/api/visa-applications', { cookie: callers.user.cookie }));
      document = (await t.get('/api/docs/json')).json() as Document;
    });

    it('answers no 5xx, and refused requests change no rows', { timeout: 600_000 }, async () => {
      const failures: string[] = [];
      // Deletions last, so that the records they remove serve the other operations first.
      const operations = Object.entries(document.paths)
        .flatMap(([path, methods]) =>
          Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
        )
        .sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
      expect(operations.length).toBeGreaterThan(70);
      const mine = operations.filter((_, index) => index % parts === part);

      for (const { path, method, operation } of mine) {
        for (const [role, caller] of Object.entries(callers)) {
          // The live stream, once open, never ends: signed in, it is tested over real HTTP
          // (modules/notifications/stream-scale.test.ts); here only its refusals are.
          if (path === '/api/notifications/stream' && caller.cookie) continue;
          // Deleting one's account takes no input to fuzz, and would leave no caller for what
          // follows: it is tested in modules/profile/profile.test.ts; here only its refusals are.
          if (path === '/api/account' && method === 'delete' && caller.cookie) continue;
          const before = await fingerprint(t);
          let changedByAcceptedWrite = false;
          let answeredRead = false;
          for (const request of requestsFor(path, method, operation)) {
            const response = await send(request, caller.cookie);
            const label = `${role} ${request.method} ${request.url.slice(0, 120)} ${String(request.payload ?? '').slice(0, 80)}`;
            if (response.statusCode >= 500)
              failures.push(`${response.statusCode} ${label}: ${response.body.slice(0, 200)}`);
            if (request.method !== 'GET' && response.statusCode < 400) changedByAcceptedWrite = true;
            if (request.method === 'GET' && response.statusCode < 400) answeredRead = true;
          }
          // A staff read answered (a passport revealed, a document, the PDF or the CSV) writes who
          // looked (docs/decisions/027): the one row a GET may add. Refused, it adds none.
          const unchanged = answeredRead
            ? withoutLooks(await fingerprint(t)) === withoutLooks(before)
            : (await fingerprint(t)) === before;
          if (!changedByAcceptedWrite && !unchanged) {
            failures.push(`rows changed by refused requests: ${role} ${method.toUpperCase()} ${path}`);
          }
          // An accepted sign-out or revocation ends the caller's session: sign in again.
          if (caller.email && (await t.get('/api/me', { cookie: caller.cookie })).statusCode !== 200) {
            caller.cookie = await t.signIn(caller.email, DEFAULT_PASSWORD);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  });
}
