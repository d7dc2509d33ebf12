import i18n from 'i18next';
import type { core } from 'zod';

/** What the form layer needs of a schema from `@aylal/shared/schemas/*` (zod's safeParse). */
export interface FormSchema {
  safeParse(values: unknown): { success: true } | { success: false; error: { issues: core.$ZodIssue[] } };
}

/**
 * A form's own words for some of its fields, as i18n keys: by field path with list indices written
 * `#` ("experience.#.company"), optionally narrowed to one zod issue code ("dayEnd:custom"); a
 * function picks the key from the field's value. Fields without one get the general message for
 * what went wrong (`forms:issues.*`).
 */
export type FieldMessages = Record<string, string | ((value: unknown) => string)>;

/** Messages the shared schemas give their own refinements, and the general words for each. */
const REFINEMENTS: Record<string, string> = {
  'required in at least one language': 'oneLanguage',
  'ends before it starts': 'endBeforeStart',
  'not a plausible date': 'date',
};

/** A refusal a shared schema words itself, as an i18n key of a namespace's `errors` or `validation`. */
const OWN_KEY = /^\w+:(errors|validation)\.\w+$/;

/** The dotted path Mantine's form uses ("stops.0.place") of a zod issue. */
export const issuePath = (issue: { path: readonly PropertyKey[] }) => issue.path.map(String).join('.');

/** The i18n key and values of the general message for an issue: it says what to do, not what failed. */
function general(issue: core.$ZodIssue, value: unknown): [string, Record<string, unknown>?] {
  switch (issue.code) {
    case 'too_small': {
      const count = Number(issue.minimum);
      if (issue.origin === 'string') return count <= 1 ? ['required'] : ['textTooShort', { count }];
      if (issue.origin === 'array' || issue.origin === 'set') return ['listTooShort', { count }];
      return ['numberTooSmall', { minimum: count }];
    }
    case 'too_big': {
      const count = Number(issue.maximum);
      if (issue.origin === 'string') return ['textTooLong', { count }];
      if (issue.origin === 'array' || issue.origin === 'set') return ['listTooLong', { count }];
      return ['numberTooBig', { maximum: count }];
    }
    case 'invalid_type':
      if (value === undefined || value === null || value === '') return ['required'];
      return issue.expected === 'int' ? ['wholeNumber'] : issue.expected === 'number' ? ['number'] : ['invalid'];
    case 'not_multiple_of': {
      const divisor = Number(issue.divisor);
      return divisor < 1 ? ['decimals', { count: Math.round(-Math.log10(divisor)) }] : ['multipleOf', { divisor }];
    }
    case 'invalid_format':
      if (issue.format === 'email') return ['email'];
      if (issue.format === 'date') return ['date'];
      return ['format'];
    case 'invalid_value':
      return ['choice'];
    case 'custom':
      return [REFINEMENTS[issue.message] ?? 'invalid'];
    default:
      return ['invalid'];
  }
}

/**
 * Field messages are keys of any namespace chosen at run time (each form names its own), so they
 * are looked up untyped; the general ones are `forms:issues.*`, kept in step by resolver.test.ts.
 */
const translate = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string;

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<PropertyKey, unknown> | undefined)?.[key], values);
}

/** The translated message for one issue: the form's own words for its field, else the general ones. */
export function issueMessage(issue: core.$ZodIssue, values: unknown, messages: FieldMessages = {}): string {
  const pattern = issue.path.map((part) => (typeof part === 'number' ? '#' : String(part))).join('.');
  const own = messages[`${pattern}:${issue.code}`] ?? messages[pattern];
  const value = valueAt(values, issue.path);
  if (own) return translate(typeof own === 'function' ? own(value) : own);
  // A shared schema that words its own refusal gives its i18n key ('profile:errors.phone').
  if (issue.code === 'custom' && OWN_KEY.test(issue.message)) return translate(issue.message);
  const [key, options] = general(issue, value);
  return translate(`forms:issues.${key}`, options);
}

/** Field errors of values against a schema, one message per field (its first issue), by dotted path. */
export function schemaErrors(schema: FormSchema, values: unknown, messages?: FieldMessages): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issuePath(issue);
    errors[path] ??= issueMessage(issue, values, messages);
  }
  return errors;
}
