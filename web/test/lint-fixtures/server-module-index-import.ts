// Linted by ../lint-boundaries.test.ts as if it were server/src/modules/jobs/<this file>: another
// module through its index.ts, the module's own files and lib/.
import { recordChange } from '../audit/index.ts';
import { getWorkingHours } from '../../lib/agency-clock.ts';
import { findOpenJobs } from './service.ts';

export const uses = [recordChange, getWorkingHours, findOpenJobs];
