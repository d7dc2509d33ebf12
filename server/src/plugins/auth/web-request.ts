// What crosses the bridge: a Fastify request checked for what Better Auth would turn into a 500,
// then made the Fetch API request Better Auth reads, with the client's address in a header only
// the bridge sets.

import type { FastifyRequest } from 'fastify';

/** The header the Fastify bridge sets from `request.ip`; clients cannot supply it. */
export const CLIENT_IP_HEADER = 'x-aylal-client-ip';

/** Whether any string (key or value) in parsed JSON holds a NUL, or any value is null; iterative, so deep nesting cannot overflow the stack. */
function hasNulOrNull(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null) return true;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * What Better Auth would turn into a 500: PostgreSQL refuses NUL in text, and a `null` reaches
 * columns that must not be null. Refused here for every auth route alike, as other routes do:
 * malformed JSON is BAD_REQUEST, a NUL anywhere (URL or body) or a null value VALIDATION_FAILED.
 */
export function findInputProblem(
  rawUrl: string,
  contentType: string | undefined,
  body: unknown,
): 'BAD_REQUEST' | 'VALIDATION_FAILED' | null {
  if (/%00/.test(rawUrl)) return 'VALIDATION_FAILED';
  if (typeof body !== 'string' || body === '') return null;
  if (body.includes('\u0000')) return 'VALIDATION_FAILED';
  if (!/^application\/json\s*(;|$)/i.test(contentType ?? '')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'BAD_REQUEST';
  }
  return hasNulOrNull(parsed) ? 'VALIDATION_FAILED' : null;
}

export function toWebRequest(request: FastifyRequest, url: URL, method = request.method): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key.toLowerCase() === CLIENT_IP_HEADER) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = method !== 'GET' && method !== 'HEAD' && typeof request.body === 'string';
  return new Request(url, {
    method,
    headers,
    body: hasBody && request.body !== '' ? (request.body as string) : undefined,
  });
}
