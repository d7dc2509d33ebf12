import { execFileSync, spawn } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { cookieHeader, DEFAULT_PASSWORD, errorOf, ORIGIN, requestsTo } from '../../test/helpers.ts';
import { CONNECTION_TIMEOUT_MS, createDb, migrateDb, type Db } from './client.ts';
import {
  removeStalePidFile,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
  type StartEmbeddedOptions,
} from './embedded.ts';

/**
 * A PostgreSQL of this file's own (the shared test server cannot be stopped): the app reaches it
 * through DATABASE_URL, as with a database run by someone else, and the same instance then shows
 * the embedded supervisor's handling of postmaster.pid.
 */
describe('a database that goes away and comes back', () => {
  let dataDir: string;
  let databaseDir: string;
  let embedded: EmbeddedDatabase;
  let db: Db;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const notices: string[] = [];
  let startOptions: StartEmbeddedOptions;

  // The app is built in beforeAll (and again after a restart): requests go to the current one.
  const post = (url: string, body: unknown, cookie?: string) => requestsTo(app).send('POST', url, { body, cookie });
  const get = (url: string, cookie?: string) => requestsTo(app).get(url, { cookie });
  const signUp = (email: string) =>
    post('/api/auth/sign-up/email', { email, password: DEFAULT_PASSWORD, name: 'Recovery' });

  beforeAll(async () => {
    // Reachable by the `postgres` user the embedded server runs as when we are root.
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'aylal-recovery-db-'));
    chmodSync(dataDir, 0o755);
    databaseDir = path.join(dataDir, 'postgres');
    startOptions = { dataDir, restartDelaysMs: [200, 400, 800, 1600], onNotice: (message) => notices.push(message) };
    embedded = await startEmbeddedPostgres(startOptions);
    startOptions.port = embedded.port;
    db = createDb(embedded.url, 5);
    await migrateDb(db);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: embedded.url,
      PUBLIC_URL: ORIGIN,
      AUTH_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      AUTH_RATE_LIMIT: '10000',
      // Every catalogue request reaches the database.
      CATALOGUE_CACHE_SECONDS: '0',
      LOG_LEVEL: 'silent',
    });
    app = await buildApp({ config, db, webDistDir: null, logger: false });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.$client.end();
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 on health and data routes while it is down, and recovers without restarting the app', async () => {
    const signedUp = await signUp('before@example.com');
    expect(signedUp.statusCode).toBe(200);
    const cookie = cookieHeader(signedUp);
    expect((await get('/api/me', cookie)).statusCode).toBe(200);

    await embedded.stop();
    // A stop is no crash: nothing restarts it.
    await sleep(500);
    expect(notices.filter((notice) => notice.includes('unexpectedly'))).toEqual([]);

    const startedAt = Date.now();
    const health = await get('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable' });
    expect(Date.now() - startedAt).toBeLessThan(2500);
    const refused = [
      await get('/api/trips'),
      await get('/api/me', cookie),
      await signUp('during@example.com'),
      await post('/api/auth/sign-in/email', { email: 'before@example.com', password: DEFAULT_PASSWORD }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(503);
      expect(errorOf(response).code).toBe('SERVICE_UNAVAILABLE');
      expect(response.headers['retry-after']).toBe('5');
    }

    // Back on the same port: the app's pool connects afresh by itself.
    embedded = await startEmbeddedPostgres(startOptions);
    expect((await get('/api/health')).statusCode).toBe(200);
    expect((await get('/api/trips')).statusCode).toBe(200);
    expect((await get('/api/me', cookie)).statusCode).toBe(200);
    expect((await signUp('after@example.com')).statusCode).toBe(200);
  }, 60_000);

  it('keeps the postmaster.pid of a running PostgreSQL', () => {
    expect(removeStalePidFile(databaseDir)).toBeUndefined();
    expect(existsSync(path.join(databaseDir, 'postmaster.pid'))).toBe(true);
  });

  it('restarts a killed server on its port though postmaster.pid names a live process of another kind', async () => {
    // A live process of the `postgres` user (as PostgreSQL itself runs): PostgreSQL would take it
    // for a server still running in this directory and refuse to start.
    const asPostgres =
      process.getuid?.() === 0
        ? {
            uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
            gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
          }
        : {};
    const impostor = spawn('sleep', ['60'], { ...asPostgres, stdio: 'ignore' });
    try {
      const pidFile = path.join(databaseDir, 'postmaster.pid');
      const lines = readFileSync(pidFile, 'utf8').split('\n');
      const postmaster = Number(lines[0]);
      process.kill(postmaster, 'SIGKILL');
      writeFileSync(pidFile, [String(impostor.pid), ...lines.slice(1)].join('\n'));

      // Health may still answer from a connection that has not yet noticed the crash: wait for
      // the restart itself, then for health.
      const deadline = Date.now() + 20_000;
      while (!notices.join('\n').includes('running again') || (await get('/api/health')).statusCode !== 200) {
        if (Date.now() > deadline) throw new Error(`no restart:\n${notices.join('\n')}`);
        await sleep(100);
      }
      expect(notices.join('\n')).toContain(`removed a stale ${pidFile} (process ${impostor.pid}`);
      expect(notices.join('\n')).toContain('running again');
      expect(Number(readFileSync(pidFile, 'utf8').split('\n')[0])).not.toBe(postmaster);
      // The rows committed before the crash are all there.
      const me = await post('/api/auth/sign-in/email', { email: 'after@example.com', password: DEFAULT_PASSWORD });
      expect(me.statusCode).toBe(200);
    } finally {
      impostor.kill();
    }
  }, 60_000);
});

describe('a database that accepts connections but never answers', () => {
  it('answers 503 once the connection timeout has passed, instead of hanging', async () => {
    const sockets: Socket[] = [];
    let answering = false;
    // Holds every connection open without a word until the measurement is over, then refuses them,
    // so that nothing left connecting (the pool, the session cache's LISTEN) can hold up closing.
    const silent = createServer((socket) => (answering ? socket.destroy() : void sockets.push(socket)));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const url = `postgres://nobody:nothing@127.0.0.1:${port}/nothing`;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aylal-stalled-'));
    const stalled = createDb(url, 1);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      PUBLIC_URL: ORIGIN,
      AUTH_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      CATALOGUE_CACHE_SECONDS: '0',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, db: stalled, webDistDir: null, logger: false });
    try {
      const startedAt = Date.now();
      const response = await within(
        CONNECTION_TIMEOUT_MS + 10_000,
        'the request',
        app.inject({ method: 'GET', url: '/api/trips' }),
      );
      const elapsed = Date.now() - startedAt;
      expect(response.statusCode).toBe(503);
      expect(errorOf(response).code).toBe('SERVICE_UNAVAILABLE');
      expect(elapsed).toBeGreaterThanOrEqual(CONNECTION_TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(CONNECTION_TIMEOUT_MS + 2000);
    } finally {
      answering = true;
      for (const socket of sockets) socket.destroy();
      const closed = new Promise((resolve) => silent.close(resolve));
      await within(5000, 'closing the app', app.close());
      await within(5000, 'ending the pool', stalled.$client.end());
      await within(5000, 'closing the silent server', closed);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** Fails with what was slow instead of the test's timeout, which names nothing. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
