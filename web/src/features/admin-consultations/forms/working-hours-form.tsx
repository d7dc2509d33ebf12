import { Chip, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SLOT_LENGTHS, WEEKDAYS, WorkingHoursSchema } from '@aylal/shared/schemas/consultations';
import { dayParts } from '@aylal/shared/dates';
import { SettingsForm } from '../../../lib/forms/settings-form.tsx';
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
  const { t } = useTranslation('admin');
  const language = useLanguage();
  return (
    <SettingsForm
      query={useWorkingHours()}
      schema={WorkingHoursSchema}
      save={useSaveWorkingHours()}
      words="hours"
      messages={MESSAGES}
      canSave="valid"
      toastServerErrors
    >
      {(form) => (
        <>
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
        </>
      )}
    </SettingsForm>
  );
}
