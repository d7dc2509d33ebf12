import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { VisaApplication } from '@aylal/shared/schemas/visa';
import { AGENCY_ADMIN, errorOf, useAccounts, useTestApp } from '../../test/helpers.ts';
import { completeVisaForm, visaConsent } from '../../test/visa.ts';
import { issueContactFormToken } from '../modules/contact/index.ts';

const SECRET = 'test-secret-that-is-at-least-32-characters-long';
const STAFF = '/api/admin/contact-messages';

/**
 * Things happen once (docs/decisions/028): a write sent again with its Idempotency-Key, while the
 * first is under way or after it, gets the first answer and acts no second time.
 */
describe('idempotency keys', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, {
    admin: AGENCY_ADMIN,
    person: 'person@example.com',
  });
  let messageId: string;
  const email = 'asking@example.com';

  const count = async (query: ReturnType<typeof sql>) => Number((await t.db.execute<{ n: string }>(query)).rows[0]!.n);
  const replies = () =>
    count(sql`select count(*) as n from contact_events where message_id = ${messageId} and kind = 'reply'`);
  const mailsTo = () => count(sql`select count(*) as n from outbox where ${email} = any(string_to_array("to", ','))`);
  const reply = (key: string, body = 'We have two places left in June.') =>
    t.send('POST', `${STAFF}/${messageId}/reply`, {
      cookie: accounts.admin,
      body: { body },
      headers: { 'idempotency-key': key },
    });

  beforeAll(async () => {
    const sent = await t.send('POST', '/api/contact', {
      body: {
        title: 'About: Gobi Highlights',
        type: 'trips',
        name: 'Bat Erdene',
        email,
        contact: '+976 9911 2233',
        message: 'Is there space for two people in June?',
        formToken: issueContactFormToken(SECRET, Date.now() - 20_000),
      },
      remoteAddress: '10.7.0.1',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { reference } = sent.json() as { reference: string };
    messageId = (
      await t.db.execute<{ id: string }>(sql`select id from contact_messages where reference = ${reference}`)
    ).rows[0]!.id;
  });

  it('answers a double-clicked reply once: one reply, one email, the same answer twice', async () => {
    const [mailsBefore, key] = [await mailsTo(), randomUUID()];
    const [first, second] = await Promise.all([reply(key), reply(key)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.body).toBe(first.body);
    expect([first.headers['idempotent-replayed'], second.headers['idempotent-replayed']].sort()).toEqual([
      'true',
      undefined,
    ]);
    expect(await replies()).toBe(1);
    expect(await mailsTo()).toBe(mailsBefore + 1);

    // Sent again later (a retry after a lost answer): the same answer, nothing new.
    const later = await reply(key);
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.headers['cache-control']).toBe('private, no-store');
    expect(later.json()).toEqual(first.json());
    expect(await replies()).toBe(1);

    // Another key is another action.
    expect((await reply(randomUUID())).statusCode).toBe(200);
    expect(await replies()).toBe(2);
  });

  it('refuses a key sent again with another request, and a malformed key, changing nothing', async () => {
    const key = randomUUID();
    expect((await reply(key, 'First words')).statusCode).toBe(200);
    const before = await replies();
    const other = await reply(key, 'Other words');
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const malformed = await reply('short');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(await replies()).toBe(before);
  });

  it('keeps nothing of a refusal: the same request acts once it can', async () => {
    const draft = (
      await t.send('POST', '/api/visa-applications', { cookie: accounts.person })
    ).json() as VisaApplication;
    const key = randomUUID();
    const submit = () =>
      t.send('POST', `/api/visa-applications/${draft.id}/submit`, {
        cookie: accounts.person,
        body: visaConsent(),
        headers: { 'idempotency-key': key },
      });
    const incomplete = await submit();
    expect(errorOf(incomplete).code).toBe('VISA_INCOMPLETE');
    const saved = await t.send('PUT', `/api/visa-applications/${draft.id}`, {
      cookie: accounts.person,
      body: { form: completeVisaForm() },
      headers: { 'if-match': `"${draft.version}"` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await submit();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.headers['idempotent-replayed']).toBeUndefined();
    const again = await submit();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.json() as VisaApplication).reference).toBe((sent.json() as VisaApplication).reference);
  });

  it("never answers with another person's answer: a key is the sender's own", async () => {
    const key = randomUUID();
    const mine = await t.send('POST', '/api/visa-applications', {
      cookie: accounts.person,
      headers: { 'idempotency-key': key },
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = await t.send('POST', '/api/visa-applications', {
      cookie: accounts.admin,
      headers: { 'idempotency-key': key },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect((theirs.json() as VisaApplication).id).not.toBe((mine.json() as VisaApplication).id);
  });

  it('forgets keys after 24 hours (the privacy sweep)', async () => {
    const key = randomUUID();
    expect((await reply(key, 'An old answer')).statusCode).toBe(200);
    await t.db.execute(sql`update idempotent_requests set created_at = now() - interval '25 hours' where key = ${key}`);
    const report = await t.app.privacySweep.runOnce(new Date());
    expect(report?.expiredRequestKeys).toBeGreaterThanOrEqual(1);
    expect(await count(sql`select count(*) as n from idempotent_requests where key = ${key}`)).toBe(0);
  });
});
