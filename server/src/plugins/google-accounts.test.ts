import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * Google sign-in against the local OpenID provider the end-to-end tests use ("Local Google",
 * e2e/support/oidc-provider.ts), run here as its own process: what Google says of an address and
 * a picture, and what the product makes of it (decision 022).
 */
const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STAFF = 'google-staff@example.com';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startLocalGoogle(): Promise<{ issuer: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(repoDir, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      path.join(repoDir, 'e2e', 'support', 'oidc-provider.ts'),
    ],
    { env: { ...process.env, OIDC_PORT: String(port), OIDC_ISSUER: issuer }, stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    const healthy = await fetch(`${issuer}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill();
      throw new Error('the local OpenID provider did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { issuer, stop };
}

describe('Google accounts (decision 022)', () => {
  let google: Awaited<ReturnType<typeof startLocalGoogle>>;
  let t: TestApp;
  beforeAll(async () => {
    google = await startLocalGoogle();
    t = await createTestApp({
      GOOGLE_CLIENT_ID: 'e2e-client',
      GOOGLE_CLIENT_SECRET: 'e2e-secret',
      GOOGLE_ISSUER: google.issuer,
      ADMIN_EMAILS: `${STAFF},uma.unverified@example.com`,
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await google?.stop();
  });

  /** "Continue with Google", the account chosen on Local Google's page, back to our callback: the browser's cookies. */
  async function continueWithGoogle(account: 'staff' | 'unverified'): Promise<string> {
    const start = await t.authPost('/sign-in/social', {
      provider: 'google',
      callbackURL: '/?authSuccess=google',
      errorCallbackURL: '/?authError=google',
    });
    expect(start.statusCode, start.body).toBe(200);
    const page = await (await fetch((start.json() as { url: string }).url)).text();
    const requestId = /name="request_id" value="([^"]+)"/.exec(page)![1]!;
    const chosen = await fetch(`${google.issuer}/authorize/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request_id: requestId, account }),
      redirect: 'manual',
    });
    const callback = new URL(chosen.headers.get('location')!);
    const back = await t.get(callback.pathname + callback.search, { cookie: cookieHeader(start) });
    expect(back.statusCode, back.body).toBe(302);
    expect(back.headers.location).toMatch(/authSuccess=google/);
    return cookieHeader(back);
  }

  it('counts an address Google verified as verified: a listed one is staff at once, with its https picture', async () => {
    const cookie = await continueWithGoogle('staff');
    expect((await t.get('/api/me', { cookie })).json()).toMatchObject({
      email: STAFF,
      emailVerified: true,
      role: 'admin',
      picture: 'https://images.example.com/sam.png',
    });
    await t.app.deliveries.drain();
    expect(t.mails.filter((mail) => mail.to === STAFF)).toEqual([]);
  });

  it('sends an address Google did not verify the link like any sign-up, keeps it a user, and drops an unsafe picture', async () => {
    const cookie = await continueWithGoogle('unverified');
    expect((await t.get('/api/me', { cookie })).json()).toMatchObject({
      email: 'uma.unverified@example.com',
      emailVerified: false,
      role: 'user',
      picture: null,
    });
    await t.app.deliveries.drain();
    expect(t.mails.filter((mail) => mail.to === 'uma.unverified@example.com').map((mail) => mail.subject)).toEqual([
      'Confirm your email address for Aylal',
    ]);
    // Its link makes it verified, and so (listed) staff.
    await t.verifyEmail('uma.unverified@example.com');
    expect((await t.get('/api/me', { cookie })).json()).toMatchObject({ emailVerified: true, role: 'admin' });
  });
});
