// Linted by ../lint-boundaries.test.ts as if it were web/src/features/jobs/api/<this file>: lib/
// is for every feature.
import { apiRequest } from '../../../lib/api-client.ts';

export const request = apiRequest;
