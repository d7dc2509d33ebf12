import { z } from 'zod';
import { ApiErrorSchema } from '@aylal/shared/schemas/errors';

/** A record's id in a route's path (`/…/:id`): any text, checked for what it names by the service. */
export const IdParams = z.object({ id: z.string().max(100) });

/** A route's error answers, each the one error shape: `errorAnswers(400, 401, 404)`. */
export function errorAnswers<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof ApiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema])) as Record<
    Status,
    typeof ApiErrorSchema
  >;
}

/** What a route's schema says besides its tag and summary; `response` holds its own answers, not the errors. */
interface RouteParts {
  description?: string;
  consumes?: string[];
  produces?: string[];
  headers?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  response: Record<number, z.ZodType>;
}

/** A route's schema from `routeSchemas`: its parts' own types, so handlers stay typed. */
type RouteSchema<Parts extends RouteParts, Errors> = { tags: string[]; summary: string } & Omit<Parts, 'response'> & {
    response: Parts['response'] & Errors;
  };

/**
 * The schemas of a group of routes: one OpenAPI tag and the error answers they share.
 * `const staffSchema = routeSchemas('admin', errorAnswers(400, 401, 403, 404))`, then per route
 * `schema: staffSchema('Delete a trip', { params: IdParams, response: { 204: z.null() } })`.
 */
export function routeSchemas<Errors extends Record<number, typeof ApiErrorSchema>>(tag: string, errors: Errors) {
  return <Parts extends RouteParts>(summary: string, parts: Parts): RouteSchema<Parts, Errors> => ({
    tags: [tag],
    summary,
    ...parts,
    response: { ...parts.response, ...errors },
  });
}
