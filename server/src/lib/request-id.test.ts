/**
 * Request ids (issue 26): every answer names its request, the request's log lines and the queued
 * emails it caused carry the same id, and only a trusted proxy may choose it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/mail.ts';
import { DEFAULT_PASSWORD, useTestApp } from '../../test/helpers.ts';

const OURS = /^[0-9a-f]{12}$/;

describe('request ids', () => {
  const logLines: string[] = [];
  // The test's requests come from 127.0.0.1; the proxy trusted here is another address.
  const t = useTestApp({ TRUST_PROXY: '10.0.0.2', LOG_LEVEL: 'info' }, { logLines });
  const logged = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('answers each request with an id of its own, on every log line of that request', async () => {
    const first = await t.get('/api/health');
    const second = await t.get('/api/trips?pageSize=1');
    const [one, two] = [first.headers['x-request-id'], second.headers['x-request-id']];
    expect(one).toMatch(OURS);
    expect(two).toMatch(OURS);
    expect(one).not.toBe(two);
    const lines = logged().filter((line) => line.requestId === two);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    // A refusal names its request too.
    const refused = await t.send('POST', '/api/contact', { body: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['x-request-id']).toMatch(OURS);
  });

  it('takes the id a trusted proxy sends, and no one else’s', async () => {
    const viaProxy = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.0.0.2',
      headers: { 'x-request-id': 'lb-7f3a9c' },
    });
    expect(viaProxy.headers['x-request-id']).toBe('lb-7f3a9c');
    expect(logged().some((line) => line.requestId === 'lb-7f3a9c')).toBe(true);

    const fromAnyone = await t.get('/api/health', { headers: { 'x-request-id': 'chosen-by-a-client' } });
    expect(fromAnyone.headers['x-request-id']).toMatch(OURS);
    // Not a shape we log as it is, even from the proxy (a log line must stay one line).
    const odd = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.0.0.2',
      headers: { 'x-request-id': 'a b\nc' },
    });
    expect(odd.headers['x-request-id']).toMatch(OURS);
  });

  it('keeps the id on the emails the request queued, and the delivery worker logs it', async () => {
    const signUp = await t.authPost('/sign-up/email', {
      email: 'request-id@example.com',
      password: DEFAULT_PASSWORD,
      name: 'Request Id',
    });
    expect(signUp.statusCode).toBe(200);
    const requestId = signUp.headers['x-request-id'];
    expect(requestId).toMatch(OURS);
    const [queued] = await t.db
      .select({ id: outbox.id, requestId: outbox.requestId })
      .from(outbox)
      .where(eq(outbox.to, 'request-id@example.com'));
    expect(queued?.requestId).toBe(requestId);

    await t.app.deliveries.drain();
    const sent = logged().find((line) => line.msg === 'email sent' && line.outbox === queued!.id);
    expect(sent?.requestId).toBe(requestId);
    // The worker's line names the message by id only: no address, no subject.
    expect(JSON.stringify(sent)).not.toContain('request-id@example.com');
  });
});
