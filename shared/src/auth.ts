import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const EmailSchema = z.email().max(254);

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
  picture: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: z.enum(ROLES),
  hasCV: z.boolean(),
  hasVisa: z.boolean(),
  hasProfile: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;
