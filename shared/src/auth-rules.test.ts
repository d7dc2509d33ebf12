import { describe, expect, it } from 'vitest';
import { EmailSchema } from './schemas/auth.ts';
import { isEmail } from './auth-rules.ts';

// The web checks addresses with isEmail (no zod on the landing route); the server with zod.
// They must agree, or a person would see one verdict in the form and another from the server.
describe('isEmail', () => {
  const samples = [
    'a@b.co',
    'first.last+tag@example.com',
    "o'brien@example.ie",
    'user@sub.domain.mn',
    'bat-erdene_01@mail.mn',
    'plain',
    'a@b',
    '@example.com',
    'user@',
    'user@@example.com',
    'user@example..com',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    'user name@example.com',
    'user@exa mple.com',
    'user@-example.com',
    `${'a'.repeat(250)}@b.co`,
    'user@example.c',
  ];
  it.each(samples)('agrees with the server on %s', (value) => {
    expect(isEmail(value)).toBe(EmailSchema.safeParse(value).success);
  });
});
