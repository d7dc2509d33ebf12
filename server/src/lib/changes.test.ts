import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { changesPlugin, type ChangeTag } from './changes.ts';
import { ListeningCache } from './listening-cache.ts';

/** A cache told its channel is listened to. */
function listening() {
  const cache = new ListeningCache<number>(60_000);
  cache.setListening(true);
  return cache;
}

/** An app with the changes plugin and no database (no cache here listens on a channel). */
async function appWithChanges() {
  const app = Fastify();
  await app.register(changesPlugin, { connectionString: 'postgres://postgres@127.0.0.1:1/none' });
  return app;
}

describe('forgetting by what a route says it changes', () => {
  it('forgets the caches kept under a changed tag, by the route matched however its path is spelled', async () => {
    const app = await appWithChanges();
    const caches = { visa: listening(), contact: listening(), dashboard: listening() };
    app.changes.keep(caches.visa, { tags: ['visa', 'hours'] });
    app.changes.keep(caches.contact, { tags: ['contact', 'account'] });
    app.changes.keep(caches.dashboard, { tags: ['visa', 'contact', 'account'] });
    const ok = async () => ({ ok: true });
    const route = (changes: readonly ChangeTag[]) => ({ config: { changes } });
    app.post('/api/visa-applications/:id/submit', route(['visa']), ok);
    app.post('/api/admin/contact-messages/:id/read', route(['contact']), ok);
    app.get('/api/admin/contact-messages/:id', ok);
    app.post('/api/auth/*', route(['account']), ok);
    app.post('/api/notifications/read', route([]), ok);
    app.put('/api/visa-applications/:id', route([]), async (request) => {
      if ((request.body as { staffSee?: boolean } | undefined)?.staffSee) request.changed('visa');
      return { ok: true };
    });
    app.post('/api/refused', route(['visa', 'contact', 'account']), async (_request, reply) =>
      reply.status(409).send({}),
    );
    await app.ready();
    const kept = () => Object.fromEntries(Object.entries(caches).map(([name, cache]) => [name, cache.size]));
    try {
      for (const [method, url, forgotten, body] of [
        ['POST', '/%61pi/visa-applications/1/submit', ['visa', 'dashboard']],
        ['POST', '/api/admin/%63ontact-messages/1/rea%64', ['contact', 'dashboard']],
        ['GET', '/api/admin/%63ontact-messages/1', []],
        ['POST', '/%61pi/auth/sign-up/email', ['contact', 'dashboard']],
        ['POST', '/api/notifications/read', []],
        // What only the handler knows: a draft's autosave changes nothing staff see, another save does.
        ['PUT', '/api/visa-applications/1', [], {}],
        ['PUT', '/api/visa-applications/1', ['visa', 'dashboard'], { staffSee: true }],
        // A refusal changed nothing.
        ['POST', '/api/refused', []],
      ] as const) {
        for (const cache of Object.values(caches)) await cache.get('page', async () => 1);
        await app.inject({ method, url, ...(body ? { payload: body } : {}) });
        expect(kept(), `${method} ${url}`).toEqual({
          visa: forgotten.includes('visa' as never) ? 0 : 1,
          contact: forgotten.includes('contact' as never) ? 0 : 1,
          dashboard: forgotten.includes('dashboard' as never) ? 0 : 1,
        });
      }
    } finally {
      await app.close();
    }
  });

  it('refuses to start with a writing route that does not say what it changes', async () => {
    const app = await appWithChanges();
    app.get('/api/reads', async () => ({}));
    expect(() => app.post('/api/writes', async () => ({}))).toThrow(/POST \/api\/writes changes data/);
    await app.close();
  });
});
