import { ApiRequestError } from '../api-client.ts';

/**
 * The form fields the server refused, from its `VALIDATION_FAILED` details (`body.stops.0.place`
 * becomes `stops.0.place`); null when the failure is something else.
 */
export function serverFieldPaths(failure: unknown): string[] | null {
  if (!(failure instanceof ApiRequestError) || failure.code !== 'VALIDATION_FAILED') return null;
  if (!Array.isArray(failure.details)) return [];
  return (failure.details as { path?: unknown }[])
    .map((detail) => String(detail.path ?? '').replace(/^body\.?/, ''))
    .filter(Boolean);
}
