import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';

/** GET /api/health: 200 only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable') }) },
      },
    },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
