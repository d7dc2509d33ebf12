import { useState } from 'react';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CONTINENTS,
  MEAL_PLANS,
  TRIP_STATUSES,
  TRIP_TAGS,
  TRIP_TYPES,
  TripInputSchema,
  type TripDetail,
  type TripInput,
} from '@aylal/shared/schemas/trips';
import { notifySuccess } from '../../../components/notify.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { BilingualFields } from '../../../lib/forms/bilingual-fields.tsx';
import { DateField } from '../../../lib/forms/date-field.tsx';
import { RowControls } from '../../../lib/forms/row-controls.tsx';
import { useFormList } from '../../../lib/forms/use-form-list.ts';
import { useLeaveGuard } from '../../../lib/forms/leave-guard.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useSaveTrip } from '../api/admin-trips.ts';
import { TripPictures } from '../components/trip-pictures.tsx';
import type { TripFormState } from './trip-form-state.ts';
import { TripDays, TripStops } from './trip-route.tsx';

const EMPTY: TripInput = {
  title: { en: '', mn: '' },
  summary: { en: '', mn: '' },
  description: { en: '', mn: '' },
  continent: 'asia',
  country: { en: '', mn: '' },
  destination: { en: '', mn: '' },
  type: 'group',
  tags: [],
  mealPlan: 'full-board',
  durationDays: 1,
  fare: 0,
  capacity: 10,
  departureDates: [],
  stops: [],
  itinerary: [{ day: 1, title: { en: '', mn: '' }, activities: [] }],
  status: 'draft',
};

function toInput(trip: TripDetail): TripInput {
  const { id: _id, images: _images, createdAt: _created, updatedAt: _updated, ...input } = trip;
  return input;
}

/** Create or edit a trip: every field, both languages, stops, days and dates in order, pictures. */
export function TripForm({ trip, onSaved }: { trip?: TripDetail; onSaved: (trip: TripDetail) => void }) {
  const { t } = useTranslation(['admin', 'tripsList', 'tripDetails', 'transport']);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveTrip();
  const state = useSchemaForm({ schema: TripInputSchema, initialValues: trip ? toInput(trip) : EMPTY });
  const { form, submitted, onSubmit, showServerErrors } = state;
  const fieldName = (field: string) =>
    ({
      departureDates: t('tripForm.sections.dates'),
      stops: t('tripForm.sections.stops'),
      itinerary: t('tripForm.sections.days'),
    })[field] ?? t(`tripForm.fields.${field}`, { defaultValue: field });
  const invalidFields = submitted
    ? [...new Set(Object.keys(form.errors).map((path) => fieldName(path.split('.')[0]!)))]
    : [];

  const leaveGuard = useLeaveGuard(form.isDirty());

  const submit = onSubmit(async (input) => {
    setProblem(null);
    // Days are numbered by their place in the list.
    const payload = { ...input, itinerary: input.itinerary.map((day, index) => ({ ...day, day: index + 1 })) };
    try {
      const saved = await save.mutateAsync({ id: trip?.id, input: payload });
      notifySuccess(t('tripForm.saved'));
      // What was saved is the new starting point; moving on to the saved record's page is no leaving.
      form.resetDirty();
      leaveGuard.allowNext();
      onSaved(saved);
    } catch (failure) {
      if (!showServerErrors(failure)) setProblem(errorMessage(failure));
    }
  });

  const bilingual = (
    label: string,
    field: 'title' | 'summary' | 'description' | 'destination' | 'country',
    long = false,
  ) => <BilingualFields form={form} path={field} label={label} long={long} />;

  return (
    <form onSubmit={submit} noValidate>
      {leaveGuard.modal}
      <Stack gap="lg">
        <Fieldset legend={t('tripForm.sections.texts')}>
          <Stack>
            {bilingual(t('tripForm.fields.title'), 'title')}
            {bilingual(t('tripForm.fields.summary'), 'summary')}
            {bilingual(t('tripForm.fields.description'), 'description', true)}
          </Stack>
        </Fieldset>

        <Fieldset legend={t('tripForm.sections.facts')}>
          <Stack>
            {bilingual(t('tripForm.fields.destination'), 'destination')}
            {bilingual(t('tripForm.fields.country'), 'country')}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label={t('tripForm.fields.continent')}
                allowDeselect={false}
                {...form.getInputProps('continent')}
                data={CONTINENTS.map((value) => ({ value, label: t(`tripsList:continents.${value}`) }))}
              />
              <Select
                label={t('tripForm.fields.type')}
                allowDeselect={false}
                {...form.getInputProps('type')}
                data={TRIP_TYPES.map((value) => ({ value, label: t(`tripsList:types.${value}`) }))}
              />
              <Select
                label={t('tripForm.fields.mealPlan')}
                allowDeselect={false}
                {...form.getInputProps('mealPlan')}
                data={MEAL_PLANS.map((value) => ({ value, label: t(`tripDetails:mealPlans.${value}`) }))}
              />
              <NumberInput
                label={t('tripForm.fields.durationDays')}
                min={1}
                max={365}
                clampBehavior="none"
                {...form.getInputProps('durationDays')}
              />
              <NumberInput
                label={t('tripForm.fields.fare')}
                min={0}
                decimalScale={2}
                clampBehavior="none"
                {...form.getInputProps('fare')}
              />
              <NumberInput
                label={t('tripForm.fields.capacity')}
                min={1}
                max={1000}
                clampBehavior="none"
                {...form.getInputProps('capacity')}
              />
            </SimpleGrid>
            <MultiSelect
              label={t('tripForm.fields.tags')}
              {...form.getInputProps('tags')}
              data={TRIP_TAGS.map((value) => ({ value, label: t(`tripsList:tags.${value}`) }))}
              maxValues={10}
              searchable
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('tripForm.fields.status')}
              </Text>
              <SegmentedControl
                {...form.getInputProps('status')}
                data={TRIP_STATUSES.map((value) => ({ value, label: t(`trips.statuses.${value}`) }))}
                w="fit-content"
              />
            </Stack>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('tripForm.sections.dates')}>
          <DepartureDates state={state} />
        </Fieldset>

        <Fieldset legend={t('tripForm.sections.stops')}>
          <TripStops state={state} />
        </Fieldset>

        <Fieldset legend={t('tripForm.sections.days')}>
          <TripDays state={state} />
        </Fieldset>

        <Fieldset legend={t('tripForm.sections.pictures')}>
          {trip ? <TripPictures trip={trip} /> : <Text c="dimmed">{t('tripForm.picturesAfterSave')}</Text>}
        </Fieldset>

        {(invalidFields.length > 0 || problem) && (
          <Alert color="red" role="alert">
            {invalidFields.length > 0 ? t('tripForm.invalid', { fields: invalidFields.join(', ') }) : problem}
          </Alert>
        )}
        <Group>
          <Button type="submit" size="md" loading={save.isPending}>
            {t('tripForm.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The departure dates, in the order given (the public page sorts them). */
function DepartureDates({ state: { form } }: { state: TripFormState }) {
  const { t } = useTranslation('admin');
  const dates = useFormList<TripInput, string>(form, 'departureDates');
  return (
    <Stack gap="xs">
      {dates.rows.map((row) => {
        const label = `${t('tripForm.fields.date')} ${row.index + 1}`;
        return (
          <Group key={row.key} gap="xs" align="flex-end">
            <DateField label={label} {...form.getInputProps(row.path())} />
            <Group mb={4}>
              <RowControls
                label={label}
                index={row.index}
                count={dates.count}
                onRemove={() => dates.remove(row.index)}
                fixed
              />
            </Group>
          </Group>
        );
      })}
      <Button variant="light" leftSection={<IconPlus size={16} />} w="fit-content" onClick={() => dates.add('')}>
        {t('tripForm.add.date')}
      </Button>
    </Stack>
  );
}
