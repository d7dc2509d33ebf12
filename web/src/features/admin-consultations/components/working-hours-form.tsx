import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Chip, Group, Loader, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { minutesOfDay, SLOT_LENGTHS, TIME_OF_DAY, WEEKDAYS, type WorkingHours } from '@aylal/shared/consultation-rules';
import { dayParts } from '@aylal/shared/dates';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSaveWorkingHours, useWorkingHours } from '../api/admin-consultations.ts';
import { useLanguage } from '../../../lib/use-language.ts';

// A Monday, to name the weekdays in the reader's language.
const MONDAY = new Date(Date.UTC(2026, 10, 23, 12));

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Asia/Ulaanbaatar', 'UTC'];
  }
}

/** The agency's consultation hours: which weekdays, from when to when, slot length, zone, horizon, notice. */
export function WorkingHoursForm() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const saved = useWorkingHours();
  const save = useSaveWorkingHours();
  const [hours, setHours] = useState<WorkingHours | null>(null);
  useEffect(() => {
    if (saved.data && !hours) setHours(saved.data);
  }, [saved.data, hours]);

  if (saved.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(saved.error)}
      </Alert>
    );
  if (!hours) return <Loader size="sm" />;

  const set = <K extends keyof WorkingHours>(key: K, value: WorkingHours[K]) => setHours({ ...hours, [key]: value });
  const badTime = (value: string) => (TIME_OF_DAY.test(value) ? undefined : t('settings.hours.badTime'));
  const tooShort =
    TIME_OF_DAY.test(hours.dayStart) &&
    TIME_OF_DAY.test(hours.dayEnd) &&
    minutesOfDay(hours.dayEnd) - minutesOfDay(hours.dayStart) < hours.slotMinutes;
  const invalid = hours.weekdays.length === 0 || Boolean(badTime(hours.dayStart) || badTime(hours.dayEnd)) || tooShort;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (invalid || !hours) return;
    try {
      setHours(await save.mutateAsync(hours));
      notifySuccess(t('settings.hours.saved'));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Stack gap={6} role="group" aria-labelledby="working-days">
          <Text size="sm" fw={500} id="working-days">
            {t('settings.hours.weekdays')}
          </Text>
          <Chip.Group
            multiple
            value={hours.weekdays.map(String)}
            onChange={(values) => set('weekdays', values.map(Number).sort())}
          >
            <Group gap={6}>
              {WEEKDAYS.map((day) => (
                <Chip key={day} value={String(day)} size="sm">
                  {dayParts(new Date(MONDAY.getTime() + (day - 1) * 86_400_000), language, 'UTC').weekday}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {hours.weekdays.length === 0 && (
            <Text size="xs" c="red">
              {t('settings.hours.noWeekdays')}
            </Text>
          )}
        </Stack>
        <Group gap="sm" align="flex-start">
          <TextInput
            type="time"
            label={t('settings.hours.from')}
            w={140}
            value={hours.dayStart}
            error={badTime(hours.dayStart)}
            onChange={(event) => set('dayStart', event.currentTarget.value)}
          />
          <TextInput
            type="time"
            label={t('settings.hours.to')}
            w={140}
            value={hours.dayEnd}
            error={badTime(hours.dayEnd) ?? (tooShort ? t('settings.hours.tooShort') : undefined)}
            onChange={(event) => set('dayEnd', event.currentTarget.value)}
          />
          <Select
            label={t('settings.hours.slot')}
            w={160}
            allowDeselect={false}
            value={String(hours.slotMinutes)}
            onChange={(value) => set('slotMinutes', Number(value ?? 30))}
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
            value={hours.timeZone}
            onChange={(value) => set('timeZone', value ?? hours.timeZone)}
            data={timeZones()}
          />
        </Group>
        <Group gap="sm" align="flex-start">
          <NumberInput
            label={t('settings.hours.horizon')}
            description={t('settings.hours.horizonHint')}
            w={240}
            min={1}
            max={365}
            allowDecimal={false}
            value={hours.horizonDays}
            onChange={(value) => set('horizonDays', Math.min(365, Math.max(1, Number(value) || 1)))}
          />
          <NumberInput
            label={t('settings.hours.lead')}
            description={t('settings.hours.leadHint')}
            w={240}
            min={0}
            max={168}
            allowDecimal={false}
            value={hours.leadHours}
            onChange={(value) => set('leadHours', Math.min(168, Math.max(0, Number(value) || 0)))}
          />
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
