import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client.ts';

/**
 * The process's metrics in Prometheus's text format (issue 26), served on a listener of their own
 * (`METRICS_PORT`, off by default: `serveMetrics`), never on the public port. Requests are counted
 * and timed by the route Fastify matched (never the raw URL: its ids would make a series per
 * record); the pool, the delivery queue, the payments and whatever a module registers
 * (`app.metrics.gauge`) are read when Prometheus scrapes. Nothing personal is ever a label.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #cacheRequests = new Counter({
    name: 'aylal_cache_requests_total',
    help: 'Reads of the shared answer caches, by cache and whether the answer was kept (hit) or loaded (miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [this.registry],
  });
  readonly #pdfRefused = new Counter({
    name: 'aylal_pdf_refused_total',
    help: 'PDF drawings refused: a person over their share (PDF_BUSY) or the pool full',
    registers: [this.registry],
  });
  readonly requestDuration = new Histogram({
    name: 'aylal_http_request_duration_seconds',
    help: 'Time to answer, by method, the route Fastify matched and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /** A cache's reads, counted under its name. */
  cacheRead(cache: string, hit: boolean): void {
    this.#cacheRequests.inc({ cache, result: hit ? 'hit' : 'miss' });
  }

  pdfRefused(): void {
    this.#pdfRefused.inc();
  }

  /** A gauge read at each scrape: `read` gives one value, or values by a label. */
  gauge(
    name: string,
    help: string,
    read: () => number | Promise<number> | Promise<{ labels: Record<string, string>; value: number }[]>,
    labelNames: string[] = [],
  ): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        const value = await read();
        if (typeof value === 'number') {
          this.set(value);
          return;
        }
        this.reset();
        for (const entry of value) this.set(entry.labels, entry.value);
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** The listeners serving them (serveMetrics), closed with the app. */
  readonly listeners = new Set<http.Server>();

  async close(): Promise<void> {
    await Promise.all(
      [...this.listeners].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Queue rows: waiting (never tried), retrying (tried, to be tried again) and failed for good. */
async function deliveryQueue(db: Db) {
  const { rows } = await db.$client.query<{ channel: string; state: string; count: string }>(
    `select channel, state, count(*)::text as count from (
       select 'email' as channel, case when failed_at is not null then 'failed'
         when attempts > 0 then 'retrying' else 'waiting' end as state
       from outbox where sent_at is null
       union all
       select 'push', case when failed_at is not null then 'failed'
         when attempts > 0 then 'retrying' else 'waiting' end
       from push_deliveries where sent_at is null
     ) queue group by channel, state`,
  );
  const values = [];
  for (const channel of ['email', 'push'])
    for (const state of ['waiting', 'retrying', 'failed']) {
      const row = rows.find((found) => found.channel === channel && found.state === state);
      values.push({ labels: { channel, state }, value: Number(row?.count ?? 0) });
    }
  return values;
}

async function oldestWaiting(db: Db) {
  const { rows } = await db.$client.query<{ channel: string; age: number | null }>(
    `select 'email' as channel, extract(epoch from now() - min(created_at))::float8 as age
       from outbox where sent_at is null and failed_at is null
     union all
     select 'push', extract(epoch from now() - min(created_at))::float8
       from push_deliveries where sent_at is null and failed_at is null`,
  );
  return rows.map((row) => ({ labels: { channel: row.channel }, value: row.age ?? 0 }));
}

async function paymentsByState(db: Db) {
  const { rows } = await db.$client.query<{ state: string; count: string }>(
    `select state, count(*)::text as count from payments group by state`,
  );
  return rows.map((row) => ({ labels: { state: row.state }, value: Number(row.count) }));
}

/** `app.metrics`, the request timer, and the gauges every process has. */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { db }: { db: Db }) => {
    const metrics = new Metrics();
    app.decorate('metrics', metrics);
    app.addHook('onClose', () => metrics.close());
    app.addHook('onResponse', async (request, reply) => {
      metrics.requestDuration.observe(
        {
          method: request.method,
          // The pattern (`/api/trips/:id`), or one label for whatever no route matched.
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
    const pool = db.$client;
    metrics.gauge(
      'aylal_db_pool_connections',
      'The database pool: connections open, idle, and requests waiting for one',
      async () => [
        { labels: { state: 'total' }, value: pool.totalCount },
        { labels: { state: 'idle' }, value: pool.idleCount },
        { labels: { state: 'waiting' }, value: pool.waitingCount },
      ],
      ['state'],
    );
    metrics.gauge(
      'aylal_delivery_queue',
      'Emails and pushes not sent: waiting, retrying, failed for good',
      () => deliveryQueue(db),
      ['channel', 'state'],
    );
    metrics.gauge(
      'aylal_delivery_oldest_waiting_seconds',
      'Age of the oldest email or push still to be sent (0: none)',
      () => oldestWaiting(db),
      ['channel'],
    );
    metrics.gauge('aylal_payments', 'Payments by state', () => paymentsByState(db), ['state']);
  },
  { name: 'metrics' },
);

/** The metrics' own listener (`METRICS_PORT`), once the app is ready; closed with the app. */
export async function serveMetrics(app: FastifyInstance, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    app.metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': app.metrics.registry.contentType }).end(text),
      (error: unknown) => {
        app.log.warn({ err: error }, 'metrics could not be read');
        response.writeHead(503).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  app.metrics.listeners.add(server);
  return server;
}
