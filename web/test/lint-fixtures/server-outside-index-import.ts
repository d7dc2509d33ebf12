// Linted by ../lint-boundaries.test.ts as if it were server/src/plugins/<this file>.
import { insertTrips } from '../modules/trips/index.ts';

export const insert = insertTrips;
