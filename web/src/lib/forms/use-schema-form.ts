import { useRef, useState, type FormEvent } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import i18n from 'i18next';
import { focusFirstInvalid } from '../focus-first-invalid.ts';
import { loadNamespaces } from '../i18n.ts';
import { schemaMaxLength } from './field-limits.ts';
import { schemaErrors, type FieldMessages, type FormSchema } from './resolver.ts';
import { serverFieldPaths } from './server-errors.ts';

// The general messages; forms live in lazy routes, so these words load with them.
void loadNamespaces(['forms']);

export interface SchemaForm<Values> {
  /** Mantine's form: `form.getInputProps('title.en')`, `form.values`, `form.errors`. */
  form: UseFormReturnType<Values>;
  /** Whether a save was tried: from then on every change checks the form again. */
  submitted: boolean;
  /**
   * The form's submit handler: checks the values with the schema (the first field to mend gets the
   * focus), then calls `save` with them. Server refusals are shown with `showServerErrors`.
   */
  onSubmit: (save: (values: Values) => void | Promise<unknown>) => (event?: FormEvent<HTMLFormElement>) => void;
  /**
   * Puts the server's `VALIDATION_FAILED` details on the fields they name (each keeps its message
   * until it is changed); false when the failure was something else.
   */
  showServerErrors: (failure: unknown) => boolean;
  /** Starts over from saved values (no messages, nothing tried yet). */
  reset: (values: Values) => void;
}

/**
 * A form checked with a schema from `@aylal/shared/schemas/*` (the one the server checks with),
 * its messages in the reader's language. Nothing is said before the first save (unless `live`);
 * after it, a field's message follows every change and goes as soon as the field is mended. A text
 * field's `maxLength` comes from the schema too (`form.getInputProps` gives it), never written again.
 */
export function useSchemaForm<Values extends object>({
  schema,
  initialValues,
  messages,
  live = false,
  limits = schema,
}: {
  schema: FormSchema;
  initialValues: Values;
  messages?: FieldMessages;
  /** Check every change from the start (a short settings form), not only after the first save. */
  live?: boolean;
  /** The zod schema the fields' lengths are read from, when `schema` wraps one with rules of its own. */
  limits?: unknown;
}): SchemaForm<Values> {
  const [submitted, setSubmitted] = useState(live);
  const submittedRef = useRef(live);
  // Refusals by the server, with the value each field had then: shown until the field changes.
  const fromServer = useRef(new Map<string, { message: string; value: string }>());
  const formRef = useRef<UseFormReturnType<Values> | null>(null);

  const validate = (values: Values) => {
    const errors = schemaErrors(schema, values, messages);
    for (const [path, refusal] of fromServer.current) {
      if (JSON.stringify(valueAt(values, path)) !== refusal.value) fromServer.current.delete(path);
      else errors[path] ??= refusal.message;
    }
    return errors;
  };

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate,
    onValuesChange: () => {
      if (submittedRef.current) formRef.current?.validate();
    },
    enhanceGetInputProps: ({ field }) => {
      const maxLength = schemaMaxLength(limits, String(field));
      return maxLength === undefined ? undefined : { maxLength };
    },
  });
  formRef.current = form;

  const markSubmitted = () => {
    submittedRef.current = true;
    setSubmitted(true);
  };

  return {
    form,
    submitted,
    onSubmit: (save) => (event) => {
      markSubmitted();
      fromServer.current.clear();
      form.onSubmit(
        (values) => save(values),
        () => focusFirstInvalid(),
      )(event);
    },
    showServerErrors: (failure) => {
      const paths = serverFieldPaths(failure);
      if (!paths) return false;
      markSubmitted();
      const values = form.getValues();
      const ours = schemaErrors(schema, values, messages);
      for (const path of paths) {
        fromServer.current.set(path, {
          message: ours[path] ?? i18n.t('forms:issues.refused'),
          value: JSON.stringify(valueAt(values, path)),
        });
      }
      form.validate();
      focusFirstInvalid();
      return true;
    },
    reset: (values) => {
      submittedRef.current = live;
      setSubmitted(live);
      fromServer.current.clear();
      form.setInitialValues(values);
      form.setValues(values);
      form.clearErrors();
    },
  };
}

function valueAt(values: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | null | undefined)?.[key], values);
}
