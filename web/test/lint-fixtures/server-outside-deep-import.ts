// Linted by ../lint-boundaries.test.ts as if it were server/src/plugins/<this file>: outside the
// modules too, a module is reached through its index.ts only.
import { insertTrips } from '../modules/trips/service.ts';

export const insert = insertTrips;
