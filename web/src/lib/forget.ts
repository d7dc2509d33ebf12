import type { QueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@aylal/shared/query-keys';

/** Marks stale (and refetches where shown) everything under each key: what a change made out of date. */
export function forget(client: QueryClient, keys: readonly QueryKey[]) {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
