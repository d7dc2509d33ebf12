import type { OutgoingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@aylal/shared/schemas/errors';
import type { NotificationHub } from './hub.ts';
import { LiveStream } from './live-stream.ts';

/** How long a browser waits before reconnecting a dropped stream (the SSE `retry:` hint), in ms. */
export const RETRY_MS = 3000;

const StreamQuerySchema = z.object({
  /** What EventSource sends itself as the Last-Event-ID header on reconnect, for a first connection. */
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
});

function lastEventIdOf(header: string | string[] | undefined, query: string | undefined): number | null {
  const value = (Array.isArray(header) ? header[0] : header) ?? query;
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/**
 * `GET /api/notifications/stream`: Server-Sent Events for the signed-in user (decision 014).
 * Sends `event: notification` (`id:` the notification's seq, data `{ feed, item }`) and
 * `event: unread` (data `{ user, staff? }`; staff for admins), the counts first of all, a comment
 * heartbeat every LIVE_HEARTBEAT_SECONDS, and on a reconnect (Last-Event-ID) what was missed.
 * It lives as long as its session and role (decision 024): when either changes, `event: ended`
 * (data `{ reason }`) and the end. The response is written by hand (hijacked): no plugin
 * compresses or buffers it.
 */
export const notificationStreamRoutes: FastifyPluginAsyncZod<{ hub: NotificationHub }> = async (app, { hub }) => {
  app.get(
    '/notifications/stream',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Live notifications and unread counts (text/event-stream)',
        description:
          'Server-Sent Events: `notification` (id: seq; data `{ feed, item }`), `unread` (data `{ user, staff? }`), ' +
          'a `: hb` comment every 20 s, and `ended` (data `{ reason: "session" | "role" }`) before the server ends ' +
          'it because its session ended or the role changed. Resumes after the Last-Event-ID header or `lastEventId`.',
        querystring: StreamQuerySchema,
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('text/event-stream'), 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const resumeAfter = lastEventIdOf(request.headers['last-event-id'], request.query.lastEventId);
      await hub.ready();

      reply.hijack();
      const response = reply.raw;
      const socket = request.raw.socket;
      // Held open for as long as the reader wants; written as soon as there is something.
      socket.setTimeout(0);
      socket.setNoDelay(true);
      socket.setKeepAlive(true, 60_000);
      response.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'private, no-store, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      response.write(`retry: ${RETRY_MS}\n\n`);

      // The staff feed only to a staff session (second factor given where needed, docs/decisions/023).
      const stream = new LiveStream(response, user.id, user.isStaff, resumeAfter ?? 0, request.sessionToken!);
      response.on('close', () => hub.remove(stream));
      response.on('error', () => hub.remove(stream));
      if (response.destroyed) return;
      await hub.add(stream, resumeAfter);
    },
  );
};
