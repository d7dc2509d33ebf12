import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconMapPin, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ConsultationPlaceRequestSchema,
  type AdminConsultationDetail,
  type ConsultationPlaceRequest,
} from '@aylal/shared/schemas/consultations';
import { runAction } from '../../../lib/run-action.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useConsultationPlace, useWorkingHours } from '../api/admin-consultations.ts';

type Kind = ConsultationPlaceRequest['kind'];

const MESSAGES = {
  videoUrl: 'admin:consultations.place.badLink',
  'place:custom': 'admin:consultations.place.placeRequired',
  'place:too_big': 'admin:consultations.place.placeTooLong',
};

function valuesOf(consultation: AdminConsultationDetail) {
  const location = consultation.location;
  return {
    kind: (location?.kind ?? 'office') as Kind,
    place: location?.kind === 'place' ? location.address : '',
    videoUrl: location?.kind === 'video' ? location.url : '',
  };
}

/**
 * Where a consultation happens: the office (its address from Settings), another place, or a video
 * link (https). Saving tells the traveller; only while it is pending or confirmed and not over.
 */
export function PlaceForm({ consultation, editable }: { consultation: AdminConsultationDetail; editable: boolean }) {
  const { t } = useTranslation(['admin', 'footer']);
  const save = useConsultationPlace(consultation.id);
  const { form, onSubmit, showServerErrors, reset } = useSchemaForm({
    schema: ConsultationPlaceRequestSchema,
    initialValues: valuesOf(consultation),
    messages: MESSAGES,
  });
  // Settings' address, whatever the consultation's place is now (staff may be switching to the office).
  const office = useWorkingHours().data?.officeAddress ?? '';

  const submit = onSubmit(async (values) => {
    await runAction(
      async () => reset(valuesOf(await save.mutateAsync({ ...values, version: consultation.version }))),
      t('consultations.place.saved'),
      { shown: showServerErrors },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="consultation-place">
      <Stack gap="xs">
        <Text fw={600} size="sm" id="consultation-place">
          {t('consultations.place.title')}
        </Text>
        <SegmentedControl
          fullWidth
          disabled={!editable}
          aria-label={t('consultations.place.title')}
          value={form.values.kind}
          onChange={(value) => form.setFieldValue('kind', value as Kind)}
          data={[
            { value: 'office', label: t('consultations.place.office') },
            { value: 'place', label: t('consultations.place.other') },
            { value: 'video', label: t('consultations.place.video') },
          ]}
        />
        {form.values.kind === 'office' && (
          <Text size="sm" c="dimmed">
            {t('consultations.place.officeIs', { address: office || t('footer:address') })}
          </Text>
        )}
        {form.values.kind === 'place' && (
          <TextInput
            label={t('consultations.place.placeLabel')}
            leftSection={<IconMapPin size={16} />}
            disabled={!editable}
            {...form.getInputProps('place')}
          />
        )}
        {form.values.kind === 'video' && (
          <TextInput
            type="url"
            label={t('consultations.place.videoLabel')}
            description={t('consultations.place.videoHint')}
            placeholder="https://"
            leftSection={<IconVideo size={16} />}
            disabled={!editable}
            {...form.getInputProps('videoUrl')}
          />
        )}
        {editable ? (
          <Group>
            <Button type="submit" size="sm" variant="light" loading={save.isPending}>
              {t('consultations.place.save')}
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {t('consultations.place.closed')}
          </Text>
        )}
      </Stack>
    </form>
  );
}
