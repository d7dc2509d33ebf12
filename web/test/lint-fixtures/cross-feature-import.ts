// Linted by ../lint-boundaries.test.ts as if it were web/src/features/jobs/api/<this file>: a
// relative walk from the jobs feature into the auth feature, which no glob on the text can see.
import { signOut } from '../../auth/api/auth-api.ts';

export const leave = signOut;
