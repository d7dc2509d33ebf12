import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';

/**
 * Health answers well inside a supervisor's or load balancer's probe timeout, and sooner than a
 * request waits for a connection (CONNECTION_TIMEOUT_MS): a database that does not answer by
 * then counts as down.
 */
export const HEALTH_TIMEOUT_MS = 2000;

/** Whether `select 1` comes back within the timeout; a late answer is ignored. */
async function isDatabaseAnswering(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/health: 200 only when the database answers, 503 at once (or after 2 s) when it does not. */
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
      if (await isDatabaseAnswering(db, HEALTH_TIMEOUT_MS)) return { status: 'ok' as const };
      return reply.status(503).send({ status: 'unavailable' as const });
    },
  );
};
