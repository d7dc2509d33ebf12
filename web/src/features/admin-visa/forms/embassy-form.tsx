import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminVisaActionRequestSchema } from '@aylal/shared/schemas/visa';
import { DateField } from '../../../lib/forms/date-field.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';

interface Values {
  action: 'lodge' | 'approve';
  embassyReceipt: string;
  lodgedOn: string;
  validFrom: string;
  validTo: string;
}

/**
 * Lodging (the embassy's receipt number and the day it was lodged) or approving (the visa's
 * validity, which the applicant then sees): what staff record of the embassy (docs/decisions/031).
 * Each may be left empty and given later by staff who do not have it at hand.
 */
export function EmbassyForm(props: {
  action: 'lodge' | 'approve';
  /** Something to weigh before confirming (documents still missing). */
  warning?: string;
  busy: boolean;
  onCancel: () => void;
  onSend: (request: Omit<Values, 'action'>) => Promise<unknown>;
}) {
  const { t } = useTranslation(['admin', 'visaApplicationForm', 'common']);
  const { form, onSubmit } = useSchemaForm<Values>({
    schema: AdminVisaActionRequestSchema,
    initialValues: { action: props.action, embassyReceipt: '', lodgedOn: '', validFrom: '', validTo: '' },
  });
  const submit = onSubmit(async ({ action: _action, ...values }) => {
    await props.onSend(values);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t(`visa.detail.confirm.${props.action}.body`)}</Text>
        {props.action === 'lodge' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('visaApplicationForm:embassy.receipt')}
              autoComplete="off"
              {...form.getInputProps('embassyReceipt')}
            />
            <DateField label={t('visaApplicationForm:embassy.lodgedOn')} {...form.getInputProps('lodgedOn')} />
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateField label={t('visaApplicationForm:embassy.validFrom')} {...form.getInputProps('validFrom')} />
            <DateField label={t('visaApplicationForm:embassy.validTo')} {...form.getInputProps('validTo')} />
          </SimpleGrid>
        )}
        {props.warning && (
          <Alert color="orange" p="xs">
            <Text size="sm">{props.warning}</Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" color={props.action === 'lodge' ? 'violet' : 'teal'} loading={props.busy}>
            {t(`visa.detail.actions.${props.action}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
