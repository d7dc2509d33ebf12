import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { TestApp } from './helpers.ts';
import { CookieJar } from './second-factor.ts';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const OIDC_CLIENT_ID = 'server-test-client';
export const OIDC_CLIENT_SECRET = 'server-test-secret';
/** The account the provider's "Continue as Gabi Google" button signs in. */
export const GOOGLE_EMAIL = 'gabi.google@example.com';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface OidcProvider {
  issuer: string;
  /** The configuration a test app needs to offer "Continue with Google" through this provider. */
  config: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The end-to-end run's local OpenID provider (e2e/support/oidc-provider.ts), standing in for
 * Google, in a process of its own on a free port. Start it before the app: Better Auth reads its
 * discovery document when it starts.
 */
export async function startOidcProvider(): Promise<OidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const tsx = path.join(repoDir, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const child: ChildProcess = spawn(process.execPath, [tsx, path.join(repoDir, 'e2e', 'support', 'oidc-provider.ts')], {
    cwd: path.join(repoDir, 'e2e'),
    env: {
      ...process.env,
      OIDC_PORT: String(port),
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the OpenID provider exited:\n${output}`);
    try {
      if ((await fetch(`${issuer}/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the OpenID provider did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    issuer,
    config: { GOOGLE_CLIENT_ID: OIDC_CLIENT_ID, GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET, GOOGLE_ISSUER: issuer },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * "Continue with Google" as the login panel starts it and a browser follows it: the product's
 * redirect to the provider, its "Continue as Gabi Google" button, and the product's callback.
 * Answers the callback's response and the browser's cookies after it.
 */
export async function signInWithGoogle(t: TestApp, callbackURL = '/profile?authSuccess=google', cookie = '') {
  const jar = new CookieJar(cookie);
  const start = await t.authPost('/sign-in/social', { provider: 'google', callbackURL }, { cookie: jar.header });
  expect(start.statusCode, start.body).toBe(200);
  jar.take(start);
  const { url } = start.json() as { url: string };
  const page = await (await fetch(url)).text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(page)?.[1];
  expect(requestId, page).toBeTruthy();
  const decision = await fetch(new URL('/authorize/decision', url), {
    method: 'POST',
    body: new URLSearchParams({ request_id: requestId!, account: 'gabi' }),
    redirect: 'manual',
  });
  const back = new URL(decision.headers.get('location')!);
  const callback = await t.get(`${back.pathname}${back.search}`, { cookie: jar.header });
  jar.take(callback);
  return { callback, jar };
}
