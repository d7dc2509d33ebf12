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
