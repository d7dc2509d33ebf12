import type { TripInput } from '@aylal/shared/schemas/trips';
import type { SchemaForm } from '../../../lib/forms/use-schema-form.ts';

export type TripFormState = SchemaForm<TripInput>;

/** The message of one half of a bilingual pair (a rule on the pair itself shows on the English half). */
export const pairError = (form: TripFormState['form'], path: string, language: 'en' | 'mn') =>
  form.errors[`${path}.${language}`] ?? (language === 'en' ? form.errors[path] : undefined);
