import { Button, Chip, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SLOT_LENGTHS, WEEKDAYS, WorkingHoursSchema, type WorkingHours } from '@aylal/shared/schemas/consultations';
import { dayParts } from '@aylal/shared/dates';
import { Loaded } from '../../../components/loaded.tsx';
import { runAction } from '../../../lib/run-action.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useSaveWorkingHours, useWorkingHours } from '../api/admin-consultations.ts';

// A Monday, to name the weekdays in the reader's language.
const MONDAY = new Date(Date.UTC(2026, 10, 23, 12));

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Asia/Ulaanbaatar', 'UTC'];
  }
}

const MESSAGES = {
  weekdays: 'admin:settings.hours.noWeekdays',
  'dayStart:invalid_format': 'admin:settings.hours.badTime',
  'dayEnd:invalid_format': 'admin:settings.hours.badTime',
  'dayEnd:custom': 'admin:settings.hours.tooShort',
  'officeAddress:too_big': 'admin:settings.hours.addressTooLong',
  'tripFeeUsd:too_big': 'admin:settings.hours.feeTooHigh',
  'visaFeeUsd:too_big': 'admin:settings.hours.feeTooHigh',
};

/** The agency's consultation hours: which weekdays, from when to when, slot length, zone, horizon, notice. */
export function WorkingHoursForm() {
  return <Loaded query={useWorkingHours()}>{(saved) => <HoursForm saved={saved} />}</Loaded>;
}

function HoursForm({ saved }: { saved: WorkingHours }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const save = useSaveWorkingHours();
  const { form, onSubmit, reset } = useSchemaForm({
    schema: WorkingHoursSchema,
    initialValues: saved,
    messages: MESSAGES,
    live: true,
  });
  const invalid = Object.keys(form.errors).length > 0;

  const submit = onSubmit(async (hours) => {
    await runAction(async () => reset(await save.mutateAsync(hours)), t('settings.hours.saved'));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={6} role="group" aria-labelledby="working-days">
          <Text size="sm" fw={500} id="working-days">
            {t('settings.hours.weekdays')}
          </Text>
          <Chip.Group
            multiple
            value={form.values.weekdays.map(String)}
            onChange={(values) => form.setFieldValue('weekdays', values.map(Number).sort())}
          >
            <Group gap={6}>
              {WEEKDAYS.map((day) => (
                <Chip key={day} value={String(day)} size="sm">
                  {dayParts(new Date(MONDAY.getTime() + (day - 1) * 86_400_000), language, 'UTC').weekday}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {form.errors.weekdays && (
            <Text size="xs" c="red">
              {form.errors.weekdays}
            </Text>
          )}
        </Stack>
        <Group gap="sm" align="flex-start">
          <TextInput type="time" label={t('settings.hours.from')} w={140} {...form.getInputProps('dayStart')} />
          <TextInput type="time" label={t('settings.hours.to')} w={140} {...form.getInputProps('dayEnd')} />
          <Select
            label={t('settings.hours.slot')}
            w={160}
            allowDeselect={false}
            value={String(form.values.slotMinutes)}
            onChange={(value) => value && form.setFieldValue('slotMinutes', Number(value))}
            data={SLOT_LENGTHS.map((minutes) => ({
              value: String(minutes),
              label: t('settings.hours.minutes', { count: minutes }),
            }))}
          />
          <Select
            label={t('settings.hours.timeZone')}
            w={240}
            searchable
            allowDeselect={false}
            {...form.getInputProps('timeZone')}
            data={timeZones()}
          />
        </Group>
        <Group gap="sm" align="flex-start">
          <NumberInput
            label={t('settings.hours.horizon')}
            description={t('settings.hours.horizonHint')}
            w={240}
            min={1}
            allowDecimal={false}
            {...form.getInputProps('horizonDays')}
          />
          <NumberInput
            label={t('settings.hours.lead')}
            description={t('settings.hours.leadHint')}
            w={240}
            min={0}
            allowDecimal={false}
            {...form.getInputProps('leadHours')}
          />
        </Group>
        <TextInput
          label={t('settings.hours.officeAddress')}
          description={t('settings.hours.officeAddressHint')}
          maw={560}
          {...form.getInputProps('officeAddress')}
        />
        <Group gap="sm" align="flex-start">
          {(['tripFeeUsd', 'visaFeeUsd'] as const).map((field) => (
            <NumberInput
              key={field}
              label={t(field === 'tripFeeUsd' ? 'settings.hours.tripFee' : 'settings.hours.visaFee')}
              description={t('settings.hours.feeHint')}
              w={330}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              prefix="$"
              thousandSeparator=","
              {...form.getInputProps(field)}
            />
          ))}
        </Group>
        <Group>
          <Button type="submit" disabled={invalid} loading={save.isPending}>
            {t('settings.hours.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
