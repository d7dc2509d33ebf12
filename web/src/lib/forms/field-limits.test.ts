import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContactFormSchema } from '@aylal/shared/schemas/contact';
import { schemaMaxLength } from './field-limits.ts';

describe("a field's limit from its schema", () => {
  const schema = z
    .object({
      title: z.object({ en: z.string().trim().max(200), mn: z.string().max(200) }),
      note: z.string().max(2000).optional(),
      email: z.union([z.literal(''), z.email().max(254)]),
      count: z.number().max(10),
      free: z.string(),
      items: z.array(z.object({ role: z.string().max(80).nullable() })),
    })
    .refine(() => true);

  it('reads a text field at its path, through objects, lists and wrappers', () => {
    expect(schemaMaxLength(schema, 'title.en')).toBe(200);
    expect(schemaMaxLength(schema, 'note')).toBe(2000);
    expect(schemaMaxLength(schema, 'items.3.role')).toBe(80);
    expect(schemaMaxLength(schema, 'email')).toBe(254);
  });

  it('gives nothing for a number, a text without a limit or a path the schema does not have', () => {
    expect(schemaMaxLength(schema, 'count')).toBeUndefined();
    expect(schemaMaxLength(schema, 'free')).toBeUndefined();
    expect(schemaMaxLength(schema, 'title.de')).toBeUndefined();
    expect(schemaMaxLength(schema, 'note.more')).toBeUndefined();
  });

  it('reads the shared schemas the forms use (a pipe of a trimmed text into an email)', () => {
    expect(schemaMaxLength(ContactFormSchema, 'email')).toBe(254);
  });
});
