// Linted by ../lint-boundaries.test.ts as if it were server/src/modules/jobs/<this file>: a walk
// from the jobs module into a file inside the audit module, past its index.ts.
import { recordChange } from '../audit/record.ts';

export const record = recordChange;
