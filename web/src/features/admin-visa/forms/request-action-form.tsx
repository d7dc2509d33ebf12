import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminVisaActionRequestSchema, VISA_SECTIONS, type VisaSection } from '@aylal/shared/schemas/visa';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';

interface Values {
  action: 'request-action';
  section: VisaSection | '';
  message: string;
}

/**
 * Asking the applicant for a change: the section they are to change and why, both required (the
 * applicant reads the message in their notification's page, so it is written for them).
 */
export function RequestActionForm(props: {
  busy: boolean;
  onCancel: () => void;
  onSend: (request: { section: VisaSection; message: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation(['admin', 'visaApplicationForm', 'common']);
  const { form, onSubmit } = useSchemaForm<Values>({
    schema: AdminVisaActionRequestSchema,
    initialValues: { action: 'request-action', section: '', message: '' },
  });
  const submit = onSubmit(async (values) => {
    await props.onSend({ section: values.section as VisaSection, message: values.message.trim() });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('visa.detail.requestIntro')}</Text>
        <Select
          label={t('visa.detail.requestSection')}
          placeholder={t('visa.detail.chooseSection')}
          required
          allowDeselect={false}
          data={VISA_SECTIONS.map((section) => ({
            value: section,
            label: t(`visaApplicationForm:sections.${section}`),
          }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('section')}
        />
        <Textarea
          label={t('visa.detail.requestMessage')}
          description={t('visa.detail.requestMessageHint')}
          required
          autosize
          minRows={3}
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" color="orange" loading={props.busy}>
            {t('visa.detail.actions.request-action')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
