// Linted by ../lint-boundaries.test.ts as if it were web/src/features/jobs/api/<this file>: a
// schema's type carries no zod, so any web module may import it.
import type { JobInput } from '@aylal/shared/schemas/jobs';

export type Input = JobInput;
