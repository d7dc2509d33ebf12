/**
 * Stopping one of two processes behind a load balancer cuts no request (issue 26): on SIGTERM the
 * process says it is not ready (`/api/health/ready` 503) and sends its live streams elsewhere
 * with a reconnect hint, keeps serving while the balancer's probes notice, then stops listening
 * and finishes what is in flight. The balancer is a round-robin proxy probing readiness every
 * 200 ms; requests keep coming through it the whole time, and the process is started again.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabaseFromTemplate, dropDatabase } from '../test/database.ts';
import { DEFAULT_PASSWORD, ORIGIN } from '../test/helpers.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../test/round-robin-proxy.ts';
import { startServerProcess, type ServerProcess } from './bench/server-process.ts';
import { SseClient } from './bench/sse-client.ts';

describe('a rolling restart behind a load balancer', () => {
  const adminUrl = inject('testDbAdminUrl');
  const databaseName = `${inject('testDbPrefix')}_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string;
  const processes: ServerProcess[] = [];
  let proxy: RoundRobinProxy;
  // Shared, as the README asks of several processes; a drain of 1.5 s, seven probes' worth.
  const env = { PUBLIC_URL: 'http://localhost:3000', SHUTDOWN_DRAIN_SECONDS: '1.5' };

  beforeAll(async () => {
    databaseUrl = await createDatabaseFromTemplate(adminUrl, databaseName, inject('testDbTemplate'));
    processes.push(
      ...(await Promise.all([startServerProcess(databaseUrl, env), startServerProcess(databaseUrl, env)])),
    );
    proxy = await startRoundRobinProxy(
      processes.map((one) => one.baseUrl),
      { readyPath: '/api/health/ready', probeMs: 200 },
    );
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(processes.map((one) => one.stop()));
    await dropDatabase(adminUrl, databaseName);
  });

  it('answers every request while one process stops and starts again, and moves its live streams', async () => {
    const signUp = await fetch(`${proxy.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      // An address of its own each try (a retried test signs up again).
      body: JSON.stringify({ email: `rolling-${Date.now()}@example.com`, password: DEFAULT_PASSWORD, name: 'Rolling' }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .join('; ');

    // A stream on the process that will stop (opened on it directly, so which one is certain).
    const first = processes[0]!;
    const stream = await new SseClient({ cookie }).open(`${first.baseUrl}/api/notifications/stream`);
    await stream.waitFor((event) => event.event === 'unread');

    // Readers through the balancer the whole time: a signed-in read and a public one, four at once.
    const answers: { status: number; at: number }[] = [];
    let reading = true;
    const reader = async (path: string) => {
      while (reading) {
        const status = await fetch(`${proxy.url}${path}`, { headers: { cookie } }).then(
          async (response) => (await response.arrayBuffer(), response.status),
          () => 0,
        );
        answers.push({ status, at: Date.now() });
      }
    };
    const readers = ['/api/me', '/api/trips?pageSize=5', '/api/me', '/api/jobs?pageSize=5'].map(reader);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const stoppedAt = Date.now();
    const exitCode = first.exited;
    process.kill(first.pid, 'SIGTERM');
    // At once: not ready (still alive), and the stream ended with a hint to come back soon.
    const readiness = async () => {
      const response = await fetch(`${first.baseUrl}/api/health/ready`);
      return { status: response.status, body: await response.json() };
    };
    await expect
      .poll(readiness, { timeout: 1000, interval: 20 })
      .toEqual({ status: 503, body: { status: 'unavailable', reason: 'stopping' } });
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
    await expect.poll(() => stream.closed, { timeout: 2000 }).toBe(true);
    expect(stream.retryMs).toBeGreaterThanOrEqual(500);
    expect(stream.retryMs).toBeLessThanOrEqual(3000);
    // Reconnecting through the balancer after the hint, as EventSource does, lands on the other.
    await new Promise((resolve) => setTimeout(resolve, stream.retryMs));
    const again = await new SseClient({ cookie }).open(`${proxy.url}/api/notifications/stream`);
    expect(again.status).toBe(200);
    await again.waitFor((event) => event.event === 'unread');
    again.close();

    expect(await exitCode).toBe(0);
    const stoppedFor = Date.now() - stoppedAt;
    // The same process again, on the same port: the balancer sends it requests once it is ready.
    const restarted = await startServerProcess(databaseUrl, { ...env, PORT: String(first.port) });
    processes[0] = restarted;
    const requestsBefore = proxy.requests.length;
    await expect
      .poll(() => proxy.requests.slice(requestsBefore).filter((request) => request.backend === 0).length, {
        timeout: 5000,
      })
      .toBeGreaterThan(10);
    reading = false;
    await Promise.all(readers);

    const failed = answers.filter((answer) => answer.status !== 200);
    expect(failed, `${answers.length} answers`).toEqual([]);
    expect(
      answers.filter((answer) => answer.at > stoppedAt && answer.at < stoppedAt + stoppedFor).length,
    ).toBeGreaterThan(20);
  }, 120_000);
});
