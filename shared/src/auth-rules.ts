// The sign-in rules the web checks before calling the server, kept free of zod so the landing
// route's bundle stays small; the server validates with the schemas in auth.ts.

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

// Same shape zod's z.email() accepts: something@domain.tld without spaces.
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([\w'+-.]*)[\w+-]@([a-z0-9][a-z0-9-]*\.)+[a-z]{2,}$/i;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}
