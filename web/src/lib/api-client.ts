import i18n from 'i18next';
import type { Resources } from '@aylal/locales/resources';

type ErrorKey = keyof Resources['error'];

/** An API refusal: `code` is looked up as `error:<code>` for the message a person sees. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Query parameters from a filter: unset and empty values left out. */
export function queryString(values: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * `fresh`: ask the server even when the browser holds a cached answer (the public answers may be
   * kept 30 s), for what staff may just have changed in this tab.
   */
  fresh?: boolean;
}

/**
 * Writes happen once, however often they are clicked (docs/decisions/028). Each write is known by
 * what it sends (method, path, If-Match, body). The same write asked for while the first is under
 * way (a double click that beat the busy button) shares the first's request and answer. Each
 * carries an Idempotency-Key, the same for the same write until it is answered: a retry after a
 * network error or a 5xx (which may have acted) gets the first one's answer from the server
 * instead of acting twice. An answered write frees its key, so sending the same thing again
 * afterwards (read, unread, read) is a new action. Keys are kept ten minutes at most.
 */
const pendingWrites = new Map<string, { key: string; at: number }>();
const WRITE_KEY_MS = 10 * 60_000;

function writeKey(action: string): string {
  const now = Date.now();
  for (const [held, { at }] of pendingWrites) if (now - at > WRITE_KEY_MS) pendingWrites.delete(held);
  const known = pendingWrites.get(action);
  if (known) return known.key;
  // randomUUID needs a secure context (HTTPS or localhost); random bytes do not.
  const key =
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  pendingWrites.set(action, { key, at: now });
  return key;
}

/** The writes under way, by what they send, with their answer to come. */
const writesUnderWay = new Map<string, Promise<unknown>>();

/** Fetches JSON from the API in the reader's language; failures throw ApiRequestError. */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, headers } = options;
  // An upload (FormData) is neither shared nor keyed: the server cannot compare its file.
  if (method === 'GET' || body instanceof FormData) return send<T>(path, options, null);
  const action = `${method} ${path} ${headers?.['if-match'] ?? ''} ${body === undefined ? '' : JSON.stringify(body)}`;
  const underWay = writesUnderWay.get(action);
  if (underWay) return underWay as Promise<T>;
  const sent = send<T>(path, options, action).finally(() => writesUnderWay.delete(action));
  writesUnderWay.set(action, sent);
  return sent;
}

async function send<T>(
  path: string,
  { method = 'GET', body, signal, headers, fresh = false }: RequestOptions,
  action: string | null,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      ...(fresh ? { cache: 'no-cache' as const } : {}),
      headers: {
        accept: 'application/json',
        'accept-language': i18n.language || 'en',
        // A FormData body (file uploads) sets its own multipart type and boundary.
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        ...(action ? { 'idempotency-key': writeKey(action) } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'NETWORK', 'network error');
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (action && response.status < 500) pendingWrites.delete(action);
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
    throw new ApiRequestError(
      response.status,
      error?.code ?? 'INTERNAL',
      error?.message ?? response.statusText,
      error?.details,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The translated message for any error thrown by apiRequest (or anything else). */
export function errorMessage(error: unknown, fallbackCode = 'INTERNAL'): string {
  const code = error instanceof ApiRequestError ? error.code : fallbackCode;
  // Any code the server sends; one without a text falls back to the fallback's message.
  return i18n.t(`error:${code as ErrorKey}`, { defaultValue: i18n.t(`error:${fallbackCode as ErrorKey}`) });
}
