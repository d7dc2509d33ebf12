/**
 * A small round-robin HTTP proxy for the several-processes test (e2e/scale.spec.ts): each request
 * goes to the next backend in turn, as a load balancer without sticky sessions would send it.
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

export async function startRoundRobinProxy(backends: string[], port = 0): Promise<RoundRobinProxy> {
  const requests: ProxiedRequest[] = [];
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });

  const server = http.createServer((request, response) => {
    const backend = next;
    next = (next + 1) % backends.length;
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
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
