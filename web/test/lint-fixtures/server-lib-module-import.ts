// Linted by ../lint-boundaries.test.ts as if it were server/src/lib/<this file>: lib/ is what
// modules stand on, so it imports none of them, not even through an index.ts.
import { recordChange } from '../modules/audit/index.ts';

export const record = recordChange;
