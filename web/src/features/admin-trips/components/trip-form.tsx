import { useState, type FormEvent, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  FileButton,
  Fieldset,
  Group,
  Image,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowUp,
  IconPhotoPlus,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CONTINENTS,
  MEAL_PLANS,
  TRANSPORT_METHODS,
  TRIP_STATUSES,
  TRIP_TAGS,
  TRIP_TYPES,
  type TransportMethod,
} from '@aylal/shared/trip-rules';
import type { TripDetail, TripImage, TripInput } from '@aylal/shared/schemas/trips';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { moveItem as move } from '../../../lib/move-item.ts';
import {
  useDeleteTripImage,
  useOrderTripImages,
  useSaveTrip,
  useSetTripImageAlt,
  useUploadTripImage,
} from '../api/admin-trips.ts';

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
  const [input, setInput] = useState<TripInput>(trip ? toInput(trip) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveTrip();
  const set = (patch: Partial<TripInput>) => setInput((current) => ({ ...current, ...patch }));
  const error = (path: string) => errors[path];
  const fieldName = (field: string) =>
    ({
      departureDates: t('tripForm.sections.dates'),
      stops: t('tripForm.sections.stops'),
      itinerary: t('tripForm.sections.days'),
    })[field] ?? t(`tripForm.fields.${field}`, { defaultValue: field });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    // Days are numbered by their place in the list.
    const payload = { ...input, itinerary: input.itinerary.map((day, index) => ({ ...day, day: index + 1 })) };
    try {
      const saved = await save.mutateAsync({ id: trip?.id, input: payload });
      notifySuccess(t('tripForm.saved'));
      onSaved(saved);
    } catch (failure) {
      if (
        failure instanceof ApiRequestError &&
        failure.code === 'VALIDATION_FAILED' &&
        Array.isArray(failure.details)
      ) {
        const found: Record<string, string> = {};
        for (const detail of failure.details as { path: string; message: string }[]) {
          // The server's wording is for developers; people get a translated hint on the field.
          found[detail.path.replace(/^body\./, '')] = t('tripForm.checkField');
        }
        setErrors(found);
        const names = new Set(Object.keys(found).map((path) => fieldName(path.split('.')[0]!)));
        setProblem(t('tripForm.invalid', { fields: [...names].join(', ') }));
      } else {
        setProblem(errorMessage(failure));
      }
    }
  }

  const bilingual = (
    label: string,
    field: 'title' | 'summary' | 'description' | 'destination' | 'country',
    long = false,
  ) => {
    const Input = long ? Textarea : TextInput;
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(['en', 'mn'] as const).map((language) => (
          <Input
            key={language}
            label={`${label} (${t(language === 'en' ? 'tripForm.english' : 'tripForm.mongolian')})`}
            value={input[field][language]}
            onChange={(event) => set({ [field]: { ...input[field], [language]: event.currentTarget.value } })}
            error={error(`${field}.${language}`) ?? (language === 'en' ? error(field) : undefined)}
            {...(long ? { autosize: true, minRows: 3 } : {})}
          />
        ))}
      </SimpleGrid>
    );
  };

  const rowControls = (
    index: number,
    length: number,
    onChange: (delta: number | null) => void,
    name: string,
  ): ReactNode => (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        disabled={index === 0}
        onClick={() => onChange(-1)}
        aria-label={`${t('tripForm.move.up')}: ${name}`}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        disabled={index === length - 1}
        onClick={() => onChange(1)}
        aria-label={`${t('tripForm.move.down')}: ${name}`}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        onClick={() => onChange(null)}
        aria-label={`${t('tripForm.remove')}: ${name}`}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );

  return (
    <form onSubmit={submit} noValidate>
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
                value={input.continent}
                onChange={(value) => value && set({ continent: value as TripInput['continent'] })}
                data={CONTINENTS.map((value) => ({ value, label: t(`tripsList:continents.${value}`) }))}
              />
              <Select
                label={t('tripForm.fields.type')}
                allowDeselect={false}
                value={input.type}
                onChange={(value) => value && set({ type: value as TripInput['type'] })}
                data={TRIP_TYPES.map((value) => ({ value, label: t(`tripsList:types.${value}`) }))}
              />
              <Select
                label={t('tripForm.fields.mealPlan')}
                allowDeselect={false}
                value={input.mealPlan}
                onChange={(value) => value && set({ mealPlan: value as TripInput['mealPlan'] })}
                data={MEAL_PLANS.map((value) => ({ value, label: t(`tripDetails:mealPlans.${value}`) }))}
              />
              <NumberInput
                label={t('tripForm.fields.durationDays')}
                min={1}
                max={365}
                value={input.durationDays}
                onChange={(value) => set({ durationDays: Number(value) || 1 })}
                error={error('durationDays')}
              />
              <NumberInput
                label={t('tripForm.fields.fare')}
                min={0}
                decimalScale={2}
                value={input.fare}
                onChange={(value) => set({ fare: Number(value) || 0 })}
                error={error('fare')}
              />
              <NumberInput
                label={t('tripForm.fields.capacity')}
                min={1}
                max={1000}
                value={input.capacity}
                onChange={(value) => set({ capacity: Number(value) || 1 })}
                error={error('capacity')}
              />
            </SimpleGrid>
            <MultiSelect
              label={t('tripForm.fields.tags')}
              value={input.tags}
              onChange={(value) => set({ tags: value as TripInput['tags'] })}
              data={TRIP_TAGS.map((value) => ({ value, label: t(`tripsList:tags.${value}`) }))}
              maxValues={10}
              searchable
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('tripForm.fields.status')}
              </Text>
              <SegmentedControl
                value={input.status}
                onChange={(value) => set({ status: value as TripInput['status'] })}
                data={TRIP_STATUSES.map((value) => ({ value, label: t(`trips.statuses.${value}`) }))}
                w="fit-content"
              />
            </Stack>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('tripForm.sections.dates')}>
          <Stack gap="xs">
            {input.departureDates.map((date, index) => (
              <Group key={index} gap="xs" align="flex-end">
                <TextInput
                  type="date"
                  label={`${t('tripForm.fields.date')} ${index + 1}`}
                  value={date}
                  onChange={(event) => {
                    const next = [...input.departureDates];
                    next[index] = event.currentTarget.value;
                    set({ departureDates: next });
                  }}
                  error={error(`departureDates.${index}`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={4}
                  onClick={() => set({ departureDates: input.departureDates.filter((_, i) => i !== index) })}
                  aria-label={`${t('tripForm.remove')}: ${t('tripForm.fields.date')} ${index + 1}`}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              w="fit-content"
              onClick={() => set({ departureDates: [...input.departureDates, ''] })}
            >
              {t('tripForm.add.date')}
            </Button>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('tripForm.sections.stops')}>
          <Stack gap="sm">
            {input.stops.map((stop, index) => {
              const name = stop.place.en || stop.place.mn || `${index + 1}`;
              const update = (patch: Partial<typeof stop>) =>
                set({ stops: input.stops.map((item, i) => (i === index ? { ...item, ...patch } : item)) });
              return (
                <Group key={index} align="flex-end" gap="xs" wrap="wrap">
                  <TextInput
                    label={`${t('tripForm.fields.place')} ${index + 1} (${t('tripForm.english')})`}
                    value={stop.place.en}
                    onChange={(event) => update({ place: { ...stop.place, en: event.currentTarget.value } })}
                    error={error(`stops.${index}.place`)}
                  />
                  <TextInput
                    label={`${t('tripForm.fields.place')} ${index + 1} (${t('tripForm.mongolian')})`}
                    value={stop.place.mn}
                    onChange={(event) => update({ place: { ...stop.place, mn: event.currentTarget.value } })}
                  />
                  <Select
                    label={t('tripForm.fields.transport')}
                    allowDeselect={false}
                    value={stop.transport}
                    onChange={(value) => value && update({ transport: value as TransportMethod })}
                    data={TRANSPORT_METHODS.map((value) => ({ value, label: t(`transport:${value}`) }))}
                    w={170}
                  />
                  {rowControls(
                    index,
                    input.stops.length,
                    (delta) =>
                      set({
                        stops:
                          delta === null ? input.stops.filter((_, i) => i !== index) : move(input.stops, index, delta),
                      }),
                    name,
                  )}
                </Group>
              );
            })}
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              w="fit-content"
              onClick={() => set({ stops: [...input.stops, { place: { en: '', mn: '' }, transport: 'car' }] })}
            >
              {t('tripForm.add.stop')}
            </Button>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('tripForm.sections.days')}>
          <Stack gap="md">
            {input.itinerary.map((day, index) => {
              const update = (patch: Partial<typeof day>) =>
                set({ itinerary: input.itinerary.map((item, i) => (i === index ? { ...item, ...patch } : item)) });
              const name = t('tripDetails:day', { day: index + 1 });
              return (
                <Stack
                  key={index}
                  gap="xs"
                  p="sm"
                  style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
                >
                  <Group justify="space-between">
                    <Text fw={700}>{name}</Text>
                    {rowControls(
                      index,
                      input.itinerary.length,
                      (delta) =>
                        set({
                          itinerary:
                            delta === null
                              ? input.itinerary.filter((_, i) => i !== index)
                              : move(input.itinerary, index, delta),
                        }),
                      name,
                    )}
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    {(['en', 'mn'] as const).map((language) => (
                      <TextInput
                        key={language}
                        label={`${t('tripForm.fields.dayTitle')} (${t(language === 'en' ? 'tripForm.english' : 'tripForm.mongolian')})`}
                        value={day.title[language]}
                        onChange={(event) => update({ title: { ...day.title, [language]: event.currentTarget.value } })}
                        error={language === 'en' ? error(`itinerary.${index}.title`) : undefined}
                      />
                    ))}
                  </SimpleGrid>
                  {day.activities.map((activity, activityIndex) => (
                    <Group key={activityIndex} gap="xs" align="flex-end" wrap="nowrap">
                      {(['en', 'mn'] as const).map((language) => (
                        <TextInput
                          key={language}
                          style={{ flex: 1 }}
                          label={`${t('tripForm.fields.activity')} ${activityIndex + 1} (${t(language === 'en' ? 'tripForm.english' : 'tripForm.mongolian')})`}
                          value={activity[language]}
                          onChange={(event) =>
                            update({
                              activities: day.activities.map((item, i) =>
                                i === activityIndex ? { ...item, [language]: event.currentTarget.value } : item,
                              ),
                            })
                          }
                        />
                      ))}
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        mb={4}
                        onClick={() => update({ activities: day.activities.filter((_, i) => i !== activityIndex) })}
                        aria-label={`${t('tripForm.remove')}: ${t('tripForm.fields.activity')} ${activityIndex + 1}`}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  ))}
                  <Button
                    variant="subtle"
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    w="fit-content"
                    onClick={() => update({ activities: [...day.activities, { en: '', mn: '' }] })}
                  >
                    {t('tripForm.add.activity')}
                  </Button>
                </Stack>
              );
            })}
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              w="fit-content"
              onClick={() =>
                set({
                  itinerary: [
                    ...input.itinerary,
                    { day: input.itinerary.length + 1, title: { en: '', mn: '' }, activities: [] },
                  ],
                })
              }
            >
              {t('tripForm.add.day')}
            </Button>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('tripForm.sections.pictures')}>
          {trip ? <Pictures trip={trip} /> : <Text c="dimmed">{t('tripForm.picturesAfterSave')}</Text>}
        </Fieldset>

        {problem && (
          <Alert color="red" role="alert">
            {problem}
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

function Pictures({ trip }: { trip: TripDetail }) {
  const { t } = useTranslation('admin');
  const upload = useUploadTripImage(trip.id);
  const remove = useDeleteTripImage(trip.id);
  const order = useOrderTripImages(trip.id);
  async function add(files: File[]) {
    for (const file of files) {
      try {
        await upload.mutateAsync(file);
        notifySuccess(t('tripForm.uploaded'));
      } catch (failure) {
        notifyError(errorMessage(failure));
      }
    }
  }
  function move(index: number, delta: number) {
    const ids = trip.images.map((image) => image.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + delta, 0, moved!);
    order.mutate(ids, { onError: (failure) => notifyError(errorMessage(failure)) });
  }
  return (
    <Stack>
      {trip.images.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('tripForm.picturesHint')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {trip.images.map((image, index) => (
          <Stack key={image.id} gap={6} aria-label={t('tripForm.pictureN', { n: index + 1 })} role="group">
            <div style={{ position: 'relative' }}>
              <Image src={`${image.url}-480.webp`} alt={image.alt.en} radius="sm" h={130} fit="cover" />
              {index === 0 && (
                <Badge style={{ position: 'absolute', top: 8, left: 8 }} size="sm">
                  {t('tripForm.cover')}
                </Badge>
              )}
            </div>
            <PictureDescription tripId={trip.id} image={image} />
            <Group gap={4} justify="space-between">
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  disabled={index === 0 || order.isPending}
                  onClick={() => move(index, -1)}
                  aria-label={`${t('tripForm.moveEarlier')}: ${index + 1}`}
                >
                  <IconArrowLeft size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  disabled={index === trip.images.length - 1 || order.isPending}
                  onClick={() => move(index, 1)}
                  aria-label={`${t('tripForm.moveLater')}: ${index + 1}`}
                >
                  <IconArrowRight size={16} />
                </ActionIcon>
              </Group>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => remove.mutate(image.id)}
                aria-label={`${t('tripForm.remove')}: ${index + 1}`}
              >
                {t('tripForm.remove')}
              </Button>
            </Group>
          </Stack>
        ))}
      </SimpleGrid>
      <FileButton onChange={(files) => void add(files)} accept="image/jpeg,image/png,image/webp,image/avif" multiple>
        {(props) => (
          <Button
            {...props}
            variant="light"
            leftSection={<IconPhotoPlus size={16} />}
            loading={upload.isPending}
            w="fit-content"
          >
            {t('tripForm.add.picture')}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}

/** A picture's description in both languages, saved once when focus leaves both fields changed. */
function PictureDescription({ tripId, image }: { tripId: string; image: TripImage }) {
  const { t } = useTranslation('admin');
  const save = useSetTripImageAlt(tripId);
  const [alt, setAlt] = useState(image.alt);
  const commit = () => {
    const next = { en: alt.en.trim(), mn: alt.mn.trim() };
    if (next.en === image.alt.en && next.mn === image.alt.mn) return;
    save.mutate(
      { imageId: image.id, alt: next },
      {
        onSuccess: () => notifySuccess(t('tripForm.altSaved')),
        onError: (failure) => notifyError(errorMessage(failure)),
      },
    );
  };
  return (
    <Stack
      gap={6}
      onBlur={(event) => {
        // Moving from one language to the other is still editing: save when focus leaves both.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) commit();
      }}
    >
      <TextInput
        size="xs"
        label={t('tripForm.altEn')}
        value={alt.en}
        maxLength={300}
        onChange={(event) => setAlt({ ...alt, en: event.currentTarget.value })}
      />
      <TextInput
        size="xs"
        label={t('tripForm.altMn')}
        value={alt.mn}
        maxLength={300}
        onChange={(event) => setAlt({ ...alt, mn: event.currentTarget.value })}
      />
    </Stack>
  );
}
