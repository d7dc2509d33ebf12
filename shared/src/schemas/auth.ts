import { z } from 'zod';

import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../auth-rules.ts';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES, type Role } from '../auth-rules.ts';

export const EmailSchema = z.email().max(EMAIL_MAX_LENGTH);

export const SignInRequestSchema = z.object({
  email: EmailSchema,
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export const SignUpRequestSchema = SignInRequestSchema.extend({
  name: z.string().trim().min(1).max(100),
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

/** The session user of spec section 3, as GET /api/me returns it. */
export const SessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Whether the address was proven (decision 022): the profile offers the link again until it is. */
  emailVerified: z.boolean(),
  picture: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: z.enum(ROLES),
  hasCV: z.boolean(),
  hasVisa: z.boolean(),
  hasProfile: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;
