import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router';
import { ErrorFallback } from '../components/error-fallback.tsx';
import { requestIdOf } from '../lib/api-client.ts';

/**
 * Error element of every route: the spec's fallback. Try Again loads the page afresh: a screen
 * whose code failed to download (the usual cause on a phone) can only be fetched again that way,
 * because browsers remember a failed module import.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  useEffect(() => console.error(error), [error]);
  return <ErrorFallback onRetry={() => navigate(0)} reference={requestIdOf(error)} />;
}
