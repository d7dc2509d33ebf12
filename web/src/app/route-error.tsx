import { useNavigate, useRouteError } from 'react-router';
import { useEffect } from 'react';
import { ErrorFallback } from '../components/error-fallback.tsx';

/** Error element of every route: the spec's fallback, with Try Again re-running the route. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  useEffect(() => console.error(error), [error]);
  return <ErrorFallback onRetry={() => navigate(0)} />;
}
