import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiRequestError } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

/** A server that answers each request with `answer(n)` (n from 1), recording what it was sent. */
function server(answer: (n: number) => Response | Error) {
  const sent: { url: string; method: string; key: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        url,
        method: init.method ?? 'GET',
        key: (init.headers as Record<string, string>)['idempotency-key'],
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const next = answer(sent.length);
      if (next instanceof Error) throw next;
      return next;
    }),
  );
  return sent;
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Writes happen once, however often they are clicked (docs/decisions/028). */
describe('apiRequest writes', () => {
  it('sends a write asked for twice while under way once, and both get its answer', async () => {
    const sent = server(() => json({ id: 'a1' }));
    const body = { body: 'We have two places left.' };
    const [first, second] = await Promise.all([
      apiRequest('/api/reply', { method: 'POST', body }),
      apiRequest('/api/reply', { method: 'POST', body }),
    ]);
    expect(sent).toHaveLength(1);
    expect(first).toEqual({ id: 'a1' });
    expect(second).toEqual({ id: 'a1' });
    expect(sent[0]!.key).toMatch(/^\d+(-\d+){3}$/);
  });

  it('keeps the key for a retry after a lost answer, and frees it once answered', async () => {
    const sent = server((n) => (n === 1 ? new TypeError('network down') : json({ ok: true })));
    const write = () => apiRequest('/api/jobs/1/applications', { method: 'POST' });
    await expect(write()).rejects.toMatchObject({ code: 'NETWORK' });
    await write();
    await write();
    expect(sent[1]!.key).toBe(sent[0]!.key);
    // Answered: the same thing sent again is a new action.
    expect(sent[2]!.key).not.toBe(sent[1]!.key);
  });

  it('gives different writes their own keys, and reads none', async () => {
    const sent = server(() => json({}, 200));
    await Promise.all([
      apiRequest('/api/a', { method: 'POST', body: { n: 1 } }),
      apiRequest('/api/a', { method: 'POST', body: { n: 2 } }),
      apiRequest('/api/a'),
    ]);
    expect(sent).toHaveLength(3);
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
    expect(sent.find((request) => request.method === 'GET')!.key).toBeUndefined();
  });

  it('frees the key of a refusal, which the server kept nothing of', async () => {
    const sent = server((n) => (n === 1 ? json({ error: { code: 'VISA_INCOMPLETE' } }, 400) : json({})));
    const write = () => apiRequest('/api/visa-applications/1/submit', { method: 'POST', body: {} });
    await expect(write()).rejects.toBeInstanceOf(ApiRequestError);
    await write();
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });
});

/** A failure on our side names its request, for the person to quote; a refusal of theirs does not. */
describe('request ids in messages', () => {
  it('keeps X-Request-Id on a 5xx and adds it to the message, in the reader’s language', async () => {
    const { default: i18n } = await import('i18next');
    const common = (await import('@aylal/locales/en/common.json', { with: { type: 'json' } })).default;
    const error = (await import('@aylal/locales/en/error.json', { with: { type: 'json' } })).default;
    await i18n.init({ lng: 'en', resources: { en: { common, error } }, interpolation: { escapeValue: false } });
    const { errorMessage, requestIdOf } = await import('./api-client.ts');
    const failed = (status: number) =>
      new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal Server Error' } }), {
        status,
        headers: { 'content-type': 'application/json', 'x-request-id': '3f9a0c1b2d4e' },
      });

    server(() => failed(500));
    const ours = await apiRequest('/api/trips').catch((caught: unknown) => caught);
    expect(requestIdOf(ours)).toBe('3f9a0c1b2d4e');
    expect(errorMessage(ours)).toBe(`${error.INTERNAL} Error reference: 3f9a0c1b2d4e`);

    server(() => failed(409));
    const theirs = await apiRequest('/api/trips').catch((caught: unknown) => caught);
    expect(requestIdOf(theirs)).toBeUndefined();
    expect(errorMessage(theirs)).toBe(error.INTERNAL);
  });
});
