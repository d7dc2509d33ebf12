import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RetentionSettingsSchema, type RetentionSettings } from '@aylal/shared/retention';
import { Loaded } from '../../../components/loaded.tsx';
import { runAction } from '../../../lib/run-action.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useRetention, useSaveRetention } from '../api/retention.ts';

const FIELDS = ['approvedDays', 'refusedDays', 'withdrawnDays'] as const;

/** How many days after each outcome a visa application's documents and sensitive answers are kept. */
export function RetentionForm() {
  return <Loaded query={useRetention()}>{(saved) => <DaysForm saved={saved} />}</Loaded>;
}

function DaysForm({ saved }: { saved: RetentionSettings }) {
  const { t } = useTranslation('admin');
  const save = useSaveRetention();
  const { form, onSubmit, showServerErrors, reset } = useSchemaForm({
    schema: RetentionSettingsSchema,
    initialValues: saved,
    live: true,
  });

  const submit = onSubmit(async (settings) => {
    await runAction(async () => reset(await save.mutateAsync(settings)), t('settings.retention.saved'), {
      shown: showServerErrors,
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
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
        <Group>
          <Button type="submit" disabled={!form.isDirty()} loading={save.isPending}>
            {t('settings.retention.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
