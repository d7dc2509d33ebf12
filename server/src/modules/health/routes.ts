import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isMigrating, type Db } from '../../db/client.ts';

/**
 * Health answers well inside a supervisor's or load balancer's probe timeout, and sooner than a
 * request waits for a connection (CONNECTION_TIMEOUT_MS): a database that does not answer by
 * then counts as down.
 */
export const HEALTH_TIMEOUT_MS = 2000;

/** What `read` answers within the timeout; undefined when it fails or comes late. */
async function withinTimeout<T>(read: Promise<T>, timeoutMs: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  const answered = read.catch(() => undefined);
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

const NotReadySchema = z.object({
  status: z.literal('unavailable'),
  /** Why a load balancer should send requests elsewhere. */
  reason: z.enum(['stopping', 'database', 'migrating']),
});

/**
 * GET /api/health: liveness, 200 only when the database answers, 503 at once (or after 2 s) when
 * it does not. GET /api/health/ready (issue 26): whether to send this process requests, 503 while
 * it is stopping, while its database does not answer, or while a process migrates the database.
 */
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
      if (await withinTimeout(db.execute(sql`select 1`), HEALTH_TIMEOUT_MS)) return { status: 'ok' as const };
      return reply.status(503).send({ status: 'unavailable' as const });
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: 503 while stopping, while the database is unreachable or being migrated',
        response: { 200: z.object({ status: z.literal('ready') }), 503: NotReadySchema },
      },
    },
    async (_request, reply) => {
      const notReady = (reason: z.infer<typeof NotReadySchema>['reason']) =>
        reply.status(503).send({ status: 'unavailable' as const, reason });
      if (app.lifecycle.stopping) return notReady('stopping');
      const migrating = await withinTimeout(isMigrating(db), HEALTH_TIMEOUT_MS);
      if (migrating === undefined) return notReady('database');
      if (migrating) return notReady('migrating');
      return { status: 'ready' as const };
    },
  );
};
