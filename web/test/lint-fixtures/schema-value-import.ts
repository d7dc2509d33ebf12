// Linted by ../lint-boundaries.test.ts at several places: a schema's value (zod) is for the form
// kit only, its type for everyone.
import { JobInputSchema } from '@aylal/shared/schemas/jobs';

export const schema = JobInputSchema;
