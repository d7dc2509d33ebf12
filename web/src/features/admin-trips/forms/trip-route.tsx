import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TRANSPORT_METHODS, type TripInput } from '@aylal/shared/schemas/trips';
import { RowControls } from '../../../lib/forms/row-controls.tsx';
import { isTypedIn } from '../../../lib/forms/typed-in.ts';
import { useFormList } from '../../../lib/forms/use-form-list.ts';
import { pairError, useLanguageLabel } from '../../../lib/forms/bilingual-fields.tsx';
import type { TripFormState } from './trip-form-state.ts';

type Stop = TripInput['stops'][number];
type Day = TripInput['itinerary'][number];
type Activity = Day['activities'][number];

const LANGUAGES = ['en', 'mn'] as const;

/** The route: places in order, each with how travellers arrive there. */
export function TripStops({ state: { form } }: { state: TripFormState }) {
  const { t } = useTranslation(['admin', 'transport']);
  const stops = useFormList<TripInput, Stop>(form, 'stops');
  const labelled = useLanguageLabel();
  return (
    <Stack gap="sm">
      {stops.rows.map(({ key, index, item, path }) => (
        <Group key={key} align="flex-end" gap="xs" wrap="wrap">
          {LANGUAGES.map((language) => (
            <TextInput
              key={language}
              label={labelled(`${t('tripForm.fields.place')} ${index + 1}`, language)}
              {...form.getInputProps(path(`place.${language}`))}
              error={pairError(form, path('place'), language)}
            />
          ))}
          <Select
            label={t('tripForm.fields.transport')}
            allowDeselect={false}
            {...form.getInputProps(path('transport'))}
            data={TRANSPORT_METHODS.map((value) => ({ value, label: t(`transport:${value}`) }))}
            w={170}
          />
          <Group mb={4}>
            <RowControls
              label={item.place.en || item.place.mn || `${index + 1}`}
              index={index}
              count={stops.count}
              onMove={(delta) => stops.move(index, delta)}
              onRemove={() => stops.remove(index)}
              confirmRemoval={isTypedIn(item.place)}
            />
          </Group>
        </Group>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        w="fit-content"
        onClick={() => stops.add({ place: { en: '', mn: '' }, transport: 'car' })}
      >
        {t('tripForm.add.stop')}
      </Button>
    </Stack>
  );
}

/** Day by day: each day's title and activities, numbered by their place in the list. */
export function TripDays({ state }: { state: TripFormState }) {
  const { t } = useTranslation(['admin', 'tripDetails']);
  const days = useFormList<TripInput, Day>(state.form, 'itinerary');
  return (
    <Stack gap="md">
      {days.rows.map(({ key, index, item, path }) => {
        const name = t('tripDetails:day', { day: index + 1 });
        return (
          <Stack key={key} gap="xs" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
            <Group justify="space-between">
              <Text fw={700}>{name}</Text>
              <RowControls
                label={name}
                index={index}
                count={days.count}
                onMove={(delta) => days.move(index, delta)}
                onRemove={() => days.remove(index)}
                confirmRemoval={isTypedIn(item)}
              />
            </Group>
            <DayFields state={state} path={path()} />
          </Stack>
        );
      })}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        w="fit-content"
        onClick={() => days.add({ day: days.count + 1, title: { en: '', mn: '' }, activities: [] })}
      >
        {t('tripForm.add.day')}
      </Button>
    </Stack>
  );
}

/** One day's title in both languages and its activities. */
function DayFields({ state: { form }, path }: { state: TripFormState; path: string }) {
  const { t } = useTranslation('admin');
  const activities = useFormList<TripInput, Activity>(form, `${path}.activities`);
  const labelled = useLanguageLabel();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {LANGUAGES.map((language) => (
          <TextInput
            key={language}
            label={labelled(t('tripForm.fields.dayTitle'), language)}
            {...form.getInputProps(`${path}.title.${language}`)}
            error={pairError(form, `${path}.title`, language)}
          />
        ))}
      </SimpleGrid>
      {activities.rows.map((row) => {
        const label = `${t('tripForm.fields.activity')} ${row.index + 1}`;
        return (
          <Group key={row.key} gap="xs" align="flex-end" wrap="nowrap">
            {LANGUAGES.map((language) => (
              <TextInput
                key={language}
                style={{ flex: 1 }}
                label={labelled(label, language)}
                {...form.getInputProps(row.path(language))}
                error={pairError(form, row.path(), language)}
              />
            ))}
            <Group mb={4}>
              <RowControls
                label={label}
                index={row.index}
                count={activities.count}
                onMove={(delta) => activities.move(row.index, delta)}
                onRemove={() => activities.remove(row.index)}
              />
            </Group>
          </Group>
        );
      })}
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconPlus size={14} />}
        w="fit-content"
        onClick={() => activities.add({ en: '', mn: '' })}
      >
        {t('tripForm.add.activity')}
      </Button>
    </>
  );
}
