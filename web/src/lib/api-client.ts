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
    /** For a failure on our side (5xx): the request's id, for a person to quote to the agency. */
    public readonly requestId?: string,
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

export interface RequestOptions {
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
 * Fetches JSON from the API in the reader's language; failures throw ApiRequestError. Writes
 * happen once, however often they are clicked (api-writes.ts, loaded with the first write).
 */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (options.method ?? 'GET') === 'GET'
    ? send<T>(path, options)
    : import('./api-writes.ts').then((writes) => writes.sendOnce<T>(path, options));
}

/** A GET whose refusal with `missing` (the API's "not found" for this thing) means "none yet": null. */
export async function apiRequestOrNull<T>(path: string, missing: string, signal?: AbortSignal): Promise<T | null> {
  try {
    return await send<T>(path, { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === missing) return null;
    throw error;
  }
}

/** What every request to the API carries: JSON answers, in the reader's language (and apiUpload's). */
export const apiHeaders = () => ({ accept: 'application/json', 'accept-language': i18n.language || 'en' });

/**
 * An answer's JSON body (null when empty or not JSON), or, for a failed status, the API's refusal
 * (`{ error: { code, message, details } }`) thrown as ApiRequestError (INTERNAL for a body not ours),
 * with the request's id (X-Request-Id) when the failure was on our side.
 */
export function answerOf<T>(status: number, text: string, statusText: string, requestId?: string | null): T {
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: a proxy's page, no body of ours.
  }
  if (status > 199 && status < 300) return data as T;
  const error = (data as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
  throw new ApiRequestError(
    status,
    error?.code ?? 'INTERNAL',
    error?.message ?? statusText,
    error?.details,
    status >= 500 ? (requestId ?? undefined) : undefined,
  );
}

/** One request as it is asked for (apiRequest, and api-writes.ts for writes). */
export async function send<T>(
  path: string,
  { method = 'GET', body, signal, headers, fresh = false }: RequestOptions,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      ...(fresh ? { cache: 'no-cache' as const } : {}),
      headers: {
        ...apiHeaders(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'NETWORK', 'network error');
  }
  return answerOf<T>(response.status, await response.text(), response.statusText, response.headers.get('x-request-id'));
}

/** The translated message for any error thrown by apiRequest (or anything else). */
export function errorMessage(error: unknown, fallbackCode = 'INTERNAL'): string {
  const code = error instanceof ApiRequestError ? error.code : fallbackCode;
  // Any code the server sends; one without a text falls back to the fallback's message.
  const message = i18n.t(`error:${code as ErrorKey}`, { defaultValue: i18n.t(`error:${fallbackCode as ErrorKey}`) });
  const id = requestIdOf(error);
  return id ? `${message} ${i18n.t('common:errorFallback.reference', { id })}` : message;
}

/** The id a person can quote for a failure on our side (5xx), if the error is one. */
export function requestIdOf(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.requestId : undefined;
}
