import type { FastifyInstance } from 'fastify';
import { isSafeKey, type Storage } from '../lib/storage.ts';
import { sendError } from './errors.ts';

/** GET /uploads/<key>: uploaded pictures. Names are generated and never reused, so cache for a year. */
export async function uploadsRoutes(app: FastifyInstance, { storage }: { storage: Storage }) {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isSafeKey(key) || !key.endsWith('.webp')) return sendError(request, reply, 404, 'NOT_FOUND');
    const file = await storage.open(key);
    if (!file) return sendError(request, reply, 404, 'NOT_FOUND');
    return reply
      .type('image/webp')
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.stream);
  });
}
