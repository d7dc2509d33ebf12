import { Group, NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RetentionSettingsSchema } from '@aylal/shared/retention';
import { SettingsForm } from '../../../lib/forms/settings-form.tsx';
import { useRetention, useSaveRetention } from '../api/retention.ts';

const FIELDS = ['approvedDays', 'refusedDays', 'withdrawnDays'] as const;

/** How many days after each outcome a visa application's documents and sensitive answers are kept. */
export function RetentionForm() {
  const { t } = useTranslation('admin');
  return (
    <SettingsForm query={useRetention()} schema={RetentionSettingsSchema} save={useSaveRetention()} words="retention">
      {(form) => (
        <Group gap="sm" align="flex-start">
          {FIELDS.map((field) => (
            <NumberInput
              key={field}
              label={t(`settings.retention.${field}`)}
              description={t('settings.retention.daysHint')}
              w={200}
              min={1}
              max={3650}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps(field)}
            />
          ))}
        </Group>
      )}
    </SettingsForm>
  );
}
