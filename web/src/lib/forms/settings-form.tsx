import type { ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UseFormReturnType } from '@mantine/form';
import { Loaded } from '../../components/loaded.tsx';
import { runAction } from '../run-action.ts';
import type { FieldMessages, FormSchema } from './resolver.ts';
import { useSchemaForm } from './use-schema-form.ts';

interface SettingsFormProps<Values> {
  /** The saved settings; the form mounts once they are here. */
  query: { data: Values | undefined; isError: boolean; error: unknown };
  schema: FormSchema;
  save: { mutateAsync: (values: Values) => Promise<Values>; isPending: boolean };
  /** The settings' words in `admin:settings.<words>`: `save` (the button) and `saved` (said once saved). */
  words: 'retention' | 'visa' | 'hours';
  messages?: FieldMessages;
  /** Save allowed once something changed (`dirty`, the default), or whenever nothing is refused (`valid`). */
  canSave?: 'dirty' | 'valid';
  /** Every refusal of the server as a toast, none on the fields. */
  toastServerErrors?: boolean;
  /** The fields. */
  children: (form: UseFormReturnType<Values>) => ReactNode;
}

/**
 * A back-office settings form: it starts from the saved settings and checks every change (`live`);
 * a save sends them, starts over from what the server kept and says `done`. The server's field
 * refusals land on the fields unless `toastServerErrors`. The save button ends the form.
 */
export function SettingsForm<Values extends object>(props: SettingsFormProps<Values>) {
  return <Loaded query={props.query}>{(saved) => <SettingsFields {...props} saved={saved} />}</Loaded>;
}

function SettingsFields<Values extends object>(props: SettingsFormProps<Values> & { saved: Values }) {
  const { t } = useTranslation('admin');
  const { save, words } = props;
  const { form, onSubmit, showServerErrors, reset } = useSchemaForm({
    schema: props.schema,
    initialValues: props.saved,
    messages: props.messages,
    live: true,
  });
  const submit = onSubmit(async (values) => {
    await runAction(
      async () => reset(await save.mutateAsync(values)),
      t(`settings.${words}.saved`),
      props.toastServerErrors ? {} : { shown: showServerErrors },
    );
  });
  const canSave = props.canSave === 'valid' ? Object.keys(form.errors).length === 0 : form.isDirty();

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {props.children(form)}
        <Group>
          <Button type="submit" disabled={!canSave} loading={save.isPending}>
            {t(`settings.${words}.save`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
