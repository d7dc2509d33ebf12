import { useSchemaForm } from './use-schema-form.ts';
import type { FormSchema } from './resolver.ts';

/**
 * A form of one text (a staff note, a reply), checked with `schema`: the text is sent trimmed, and
 * the field is emptied once `send` has it (a refusal keeps it, to mend and send again).
 */
export function useTextForm<K extends string>(schema: FormSchema, name: K, send: (text: string) => Promise<unknown>) {
  const empty = { [name]: '' } as Record<K, string>;
  const { form, onSubmit, reset } = useSchemaForm<Record<K, string>>({ schema, initialValues: empty });
  const submit = onSubmit(async (values) => {
    await send(values[name].trim());
    reset(empty);
  });
  return { form, submit };
}
