/**
 * Metrics (issue 26): Prometheus's text on a listener of its own, every family there, requests by
 * the route Fastify matched (never the raw URL), and nothing of them on the public port.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { findFreePort } from '../db/embedded.ts';
import { outbox } from '../db/schema/mail.ts';
import { serveMetrics } from './metrics.ts';
import { DEFAULT_PASSWORD, useTestApp } from '../../test/helpers.ts';

const FAMILIES = {
  aylal_http_request_duration_seconds: 'histogram',
  aylal_db_pool_connections: 'gauge',
  aylal_delivery_queue: 'gauge',
  aylal_delivery_oldest_waiting_seconds: 'gauge',
  aylal_live_streams_open: 'gauge',
  aylal_pdf_drawing: 'gauge',
  aylal_pdf_refused_total: 'counter',
  aylal_cache_requests_total: 'counter',
  aylal_payments: 'gauge',
};

describe('metrics', () => {
  const t = useTestApp();

  it('serves every family on METRICS_PORT, requests by route pattern, and nothing on the public port', async () => {
    const tripId = randomUUID();
    await t.get('/api/trips?pageSize=3');
    await t.get('/api/trips?pageSize=3');
    expect((await t.get(`/api/trips/${tripId}`)).statusCode).toBe(404);
    const signUp = await t.authPost('/sign-up/email', {
      email: 'metrics@example.com',
      password: DEFAULT_PASSWORD,
      name: 'Metrics',
    });
    expect(signUp.statusCode).toBe(200);

    await t.db.insert(outbox).values({
      to: 'gave-up@example.com',
      subject: 'Never sent',
      text: '.',
      attempts: 8,
      failedAt: new Date(),
    });

    const port = await findFreePort();
    const server = await serveMetrics(t.app, port, '127.0.0.1');
    expect((server.address() as AddressInfo).port).toBe(port);
    const scrape = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toContain('text/plain');
    const text = await scrape.text();

    for (const [family, type] of Object.entries(FAMILIES)) expect(text).toContain(`# TYPE ${family} ${type}`);
    const sample = (pattern: RegExp) => Number(text.match(pattern)?.[1] ?? Number.NaN);
    expect(
      sample(
        /aylal_http_request_duration_seconds_count\{method="GET",route="\/api\/trips\/:id",status_code="404"\} (\d+)/,
      ),
    ).toBe(1);
    expect(
      sample(/aylal_http_request_duration_seconds_count\{method="GET",route="\/api\/trips",status_code="200"\} (\d+)/),
    ).toBe(2);
    expect(text).not.toContain(tripId);
    expect(sample(/aylal_cache_requests_total\{cache="trip",result="miss"\} (\d+)/)).toBe(1);
    expect(sample(/aylal_cache_requests_total\{cache="trip",result="hit"\} (\d+)/)).toBe(1);
    // An email given up on after its attempts.
    expect(sample(/aylal_delivery_queue\{channel="email",state="failed"\} (\d+)/)).toBe(1);
    expect(sample(/aylal_delivery_queue\{channel="email",state="waiting"\} (\d+)/)).toBeGreaterThanOrEqual(0);
    expect(sample(/aylal_delivery_queue\{channel="push",state="failed"\} (\d+)/)).toBe(0);
    expect(sample(/aylal_db_pool_connections\{state="total"\} (\d+)/)).toBeGreaterThan(0);
    expect(sample(/aylal_live_streams_open (\d+)/)).toBe(0);
    expect(sample(/aylal_pdf_refused_total (\d+)/)).toBe(0);
    // Nothing personal: not the address that signed up.
    expect(text).not.toContain('metrics@example.com');
    expect(text).not.toContain('gave-up@example.com');

    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect((await t.get('/metrics')).statusCode).toBe(404);
    expect((await t.get('/api/metrics')).statusCode).toBe(404);
  });
});
