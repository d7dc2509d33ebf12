import type { ReactNode } from 'react';
import { Alert, Loader } from '@mantine/core';
import { errorMessage } from '../lib/api-client.ts';

interface LoadedQuery<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
}

/**
 * What a query has loaded, drawn by `children`; until then a small loader, and its failure as a
 * translated alert. For a form that starts from saved values: it mounts once they are here.
 */
export function Loaded<T>({ query, children }: { query: LoadedQuery<T>; children: (data: T) => ReactNode }) {
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(query.error)}
      </Alert>
    );
  if (query.data === undefined) return <Loader size="sm" />;
  return children(query.data);
}
