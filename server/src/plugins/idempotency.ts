import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { idempotentRequests } from '../db/schema/idempotency.ts';
import { sendError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The `Idempotency-Key` this request holds, to record its answer under (docs/decisions/028). */
    idempotency: { scope: string; key: string } | null;
  }
}

/** How long a key answers with its first answer. */
export const IDEMPOTENCY_KEEP_HOURS = 24;
/** A key as the web sends it (four random 32-bit numbers) or any client's: 8 to 100 letters, digits, '-' or '_'. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** How long a repeat waits for the first request with its key to be answered, and how often it looks. */
const WAIT_MS = 15_000;
const POLL_MS = 40;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface IdempotencyOptions {
  db: Db;
  /** How long a repeat waits for the first request (tests shorten it). */
  waitMs?: number;
}

function fingerprintOf(request: FastifyRequest, route: string): string {
  const body = JSON.stringify(request.body ?? null);
  const version = request.headers['if-match'] ?? '';
  return createHash('sha256')
    .update(`${request.method} ${route} ${request.url} ${String(version)} ${body}`)
    .digest('base64url');
}

function replay(reply: FastifyReply, row: { status: number; contentType: string | null; body: string | null }) {
  reply.status(row.status).header('idempotent-replayed', 'true').header('cache-control', 'private, no-store');
  if (row.contentType) reply.type(row.contentType);
  return reply.send(row.body ?? '');
}

/**
 * Anything a person sends happens once, however often they click (docs/decisions/028). A write
 * (any method but a read) that carries `Idempotency-Key` claims the key for its sender (their
 * account, or 'anonymous') before its handler runs; its successful answer is kept 24 hours, and
 * the same key with the same request gets that answer again (`Idempotent-Replayed: true`) instead
 * of acting twice. A repeat that arrives while the first is still being answered waits for it. A
 * request that fails (any 4xx or 5xx) keeps nothing, so that trying again acts. The same key with
 * another request is refused (IDEMPOTENCY_KEY_REUSED). Better Auth's routes are left out: their
 * answers carry session cookies, which are never stored. Decided by the route Fastify matched.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, { db, waitMs = WAIT_MS }: IdempotencyOptions) => {
  app.decorateRequest('idempotency', null);

  /** Forgets a claim whose request kept no answer, so that the next try acts. */
  async function release(claim: { scope: string; key: string }) {
    await db
      .delete(idempotentRequests)
      .where(
        and(
          eq(idempotentRequests.scope, claim.scope),
          eq(idempotentRequests.key, claim.key),
          sql`${idempotentRequests.status} is null`,
        ),
      );
  }

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined || READS.has(request.method)) return;
    const route = request.routeOptions.url;
    if (!route || route.startsWith('/api/auth/')) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      return sendError(request, reply, 400, 'IDEMPOTENCY_KEY_INVALID');
    }
    // An upload's body is read by its handler: its file is not part of the fingerprint, so the key is not honoured.
    if (request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
    await app.readUser(request);
    const scope = request.user?.id ?? 'anonymous';
    const fingerprint = fingerprintOf(request, route);
    const deadline = Date.now() + waitMs;
    for (;;) {
      // Claimed when new, or when the key's last use is older than the time it is kept.
      const claimed = await db.execute(sql`
        insert into idempotent_requests (scope, key, fingerprint) values (${scope}, ${key}, ${fingerprint})
        on conflict (scope, key) do update
          set fingerprint = excluded.fingerprint, status = null, content_type = null, body = null, created_at = now()
          where idempotent_requests.created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEEP_HOURS})
        returning 1`);
      if (claimed.rows.length > 0) {
        request.idempotency = { scope, key };
        return;
      }
      const [row] = await db
        .select()
        .from(idempotentRequests)
        .where(and(eq(idempotentRequests.scope, scope), eq(idempotentRequests.key, key)))
        .limit(1);
      // Gone: the first request failed meanwhile, and this one acts in its place.
      if (!row) continue;
      if (row.fingerprint !== fingerprint) return sendError(request, reply, 422, 'IDEMPOTENCY_KEY_REUSED');
      if (row.status !== null) return replay(reply, { ...row, status: row.status });
      if (Date.now() >= deadline) return sendError(request, reply, 409, 'REQUEST_IN_PROGRESS');
      await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const kept = reply.statusCode < 300 && (payload === null || payload === undefined || text !== null);
    if (!kept) {
      await release(claim);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await db
      .update(idempotentRequests)
      .set({
        status: reply.statusCode,
        contentType: typeof contentType === 'string' ? contentType : null,
        body: text ?? '',
      })
      .where(and(eq(idempotentRequests.scope, claim.scope), eq(idempotentRequests.key, claim.key)));
    return payload;
  });

  // Whatever ended a request without passing onSend keeps nothing either. (A dropped connection is
  // not such an end: its handler goes on and its answer is recorded for the retry to receive.)
  app.addHook('onResponse', async (request) => {
    if (request.idempotency) await release(request.idempotency);
  });
});
