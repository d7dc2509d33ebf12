/**
 * A small round-robin HTTP proxy for the several-processes tests (e2e/scale.spec.ts, the rolling
 * restart in server/src/rolling-restart.test.ts): each request goes to the next backend in turn,
 * as a load balancer without sticky sessions would send it. Given `readyPath`, it probes each
 * backend there every `probeMs`, as a load balancer does, and sends requests only to those that
 * answered 200 last time (to all of them when none did).
 * Streaming-safe: request and answer bodies are piped as they come, so a Server-Sent Events stream
 * flows through unbuffered and stays open for as long as either side keeps it.
 *
 * It adds X-Forwarded-For (the caller's address appended to what it sent), X-Forwarded-Proto and
 * X-Forwarded-Host, as a reverse proxy does; the backends trust it through TRUST_PROXY.
 * Every request is recorded with the backend that answered it, for the test to look at.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  path: string;
  /** Index of the backend that got it. */
  backend: number;
}

export interface RoundRobinProxy {
  url: string;
  port: number;
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

export interface ProxyOptions {
  port?: number;
  /** Where each backend answers whether to send it requests (200: yes). */
  readyPath?: string;
  probeMs?: number;
}

export async function startRoundRobinProxy(
  backends: string[],
  { port = 0, readyPath, probeMs = 200 }: ProxyOptions = {},
): Promise<RoundRobinProxy> {
  const requests: ProxiedRequest[] = [];
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const ready = backends.map(() => true);
  const probe = async () => {
    await Promise.all(
      backends.map(async (backend, index) => {
        ready[index] = await fetch(new URL(readyPath!, backend), { signal: AbortSignal.timeout(probeMs * 5) }).then(
          async (answer) => (await answer.arrayBuffer(), answer.status === 200),
          () => false,
        );
      }),
    );
  };
  let probing: NodeJS.Timeout | undefined;
  let closed = false;
  const probeLater = () => {
    if (!closed) probing = setTimeout(() => void probe().finally(probeLater), probeMs);
  };
  if (readyPath) {
    await probe();
    probeLater();
  }
  /** The next backend in turn among those ready. */
  const pick = () => {
    for (let tried = 0; tried < backends.length; tried += 1) {
      const candidate = next;
      next = (next + 1) % backends.length;
      if (ready[candidate]) return candidate;
    }
    const candidate = next;
    next = (next + 1) % backends.length;
    return candidate;
  };

  const server = http.createServer((request, response) => {
    const backend = pick();
    requests.push({ method: request.method ?? 'GET', path: request.url ?? '/', backend });
    const target = new URL(request.url ?? '/', backends[backend]);
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const headers = {
      ...request.headers,
      'x-forwarded-for': forwardedFor,
      'x-forwarded-proto': 'http',
      'x-forwarded-host': request.headers.host ?? '',
    };
    const upstream = http.request(target, { method: request.method, headers, agent }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
      // Headers go out now: an event stream's first event may come much later.
      response.flushHeaders();
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
      else response.destroy();
    });
    // The browser going away (a closed tab, a dropped event stream) ends the backend's side too.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });
  server.keepAliveTimeout = 5_000;

  // Every interface (IPv4 and IPv6): "localhost" may resolve to either.
  await new Promise<void>((resolve) => server.listen(port, resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    // localhost, as PUBLIC_URL and the browser use it (cookies are per host name).
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        clearTimeout(probing);
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
