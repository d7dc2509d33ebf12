import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminContactMergeRequestSchema, AdminContactNoteRequestSchema } from '@aylal/shared/schemas/contact';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useTextForm } from '../../../lib/forms/use-text-form.ts';

/** An internal note (staff only). */
export function NoteForm(props: { busy: boolean; onAdd: (note: string) => Promise<unknown> }) {
  const { t } = useTranslation('admin');
  const { form, submit } = useTextForm(AdminContactNoteRequestSchema, 'note', props.onAdd);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea label={t('contact.note.label')} required autosize minRows={2} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={props.busy}>
            {t('contact.note.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Merging this conversation into another, named by its reference. */
export function MergeForm(props: { busy: boolean; onMerge: (into: string) => Promise<unknown> }) {
  const { t } = useTranslation('admin');
  const { form, onSubmit } = useSchemaForm<{ into: string }>({
    schema: AdminContactMergeRequestSchema,
    initialValues: { into: '' },
  });
  const submit = onSubmit(async (values) => {
    await props.onMerge(values.into.trim());
  });
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('contact.merge.label')}
          placeholder="C-2026-00001"
          required
          style={{ flex: 1, minWidth: 180 }}
          {...form.getInputProps('into')}
        />
        <Button type="submit" variant="default" loading={props.busy}>
          {t('contact.merge.action')}
        </Button>
      </Group>
    </form>
  );
}
