import type { BetterAuthOptions } from 'better-auth';
import { APIError } from 'better-auth/api';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable.ts';

/**
 * An unreachable database as an error Better Auth lets through: it turns any other error of its
 * storage into a 500 (reading a session) or a 422 (creating a user), but passes an APIError on
 * untouched, so the request answers 503 SERVICE_UNAVAILABLE and the driver's error stays its cause.
 */
function toUnavailableApiError(error: unknown): unknown {
  if (!isDatabaseUnavailable(error) || error instanceof APIError) return error;
  const unavailable = new APIError(
    'SERVICE_UNAVAILABLE',
    { code: 'SERVICE_UNAVAILABLE', message: 'The service is unavailable for a moment' },
    // The bridge passes x-retry-after on as Retry-After, like the sign-in limit's.
    { 'x-retry-after': String(RETRY_AFTER_SECONDS) },
  );
  return Object.assign(unavailable, { cause: error });
}

/** Better Auth's `onAPIError.onError`: errors of our own hooks' queries get the same treatment. */
export function rethrowUnavailable(error: unknown): void {
  const converted = toUnavailableApiError(error);
  if (converted !== error) throw converted;
}

/**
 * Wraps a Better Auth adapter so that every storage call reports an unreachable database as such,
 * including calls on the adapter a transaction hands its callback (sign-up runs in one).
 */
export function reportingUnavailable<Adapter extends object>(
  createAdapter: (options: BetterAuthOptions) => Adapter,
): (options: BetterAuthOptions) => Adapter {
  return (options) => wrapAdapter(createAdapter(options));
}

function wrapAdapter<Adapter extends object>(adapter: Adapter): Adapter {
  return new Proxy(adapter, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const callArgs =
          key === 'transaction' && typeof args[0] === 'function'
            ? [
                (transaction: object) => (args[0] as (adapter: object) => unknown)(wrapAdapter(transaction)),
                ...args.slice(1),
              ]
            : args;
        const result: unknown = (value as (...args: unknown[]) => unknown).apply(target, callArgs);
        if (!(result instanceof Promise)) return result;
        return result.catch((error: unknown) => {
          throw toUnavailableApiError(error);
        });
      };
    },
  });
}
