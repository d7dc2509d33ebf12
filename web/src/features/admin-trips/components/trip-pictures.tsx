import { useState } from 'react';
import { Badge, Image, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AddFilesButton } from '../../../components/add-files-button.tsx';
import type { TripDetail, TripImage } from '@aylal/shared/schemas/trips';
import { notifySuccess } from '../../../components/notify.ts';
import { notifyFailure, runAction } from '../../../lib/run-action.ts';
import { RowControls } from '../../../lib/forms/row-controls.tsx';
import { moveItem } from '../../../lib/move-item.ts';
import { useDeleteTripImage, useOrderTripImages, useSetTripImageAlt, useUploadTripImage } from '../api/admin-trips.ts';

/** A saved trip's pictures: uploaded, ordered (the first is the cover), described and removed at once. */
export function TripPictures({ trip }: { trip: TripDetail }) {
  const { t } = useTranslation('admin');
  const upload = useUploadTripImage(trip.id);
  const remove = useDeleteTripImage(trip.id);
  const order = useOrderTripImages(trip.id);
  async function add(files: File[]) {
    for (const file of files) {
      await runAction(() => upload.mutateAsync(file), t('tripForm.uploaded'));
    }
  }
  function move(index: number, delta: number) {
    const ids = moveItem(
      trip.images.map((image) => image.id),
      index,
      delta,
    );
    order.mutate(ids, { onError: notifyFailure });
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
            <RowControls
              label={String(index + 1)}
              index={index}
              count={trip.images.length}
              onMove={(delta) => move(index, delta)}
              onRemove={() => remove.mutate(image.id)}
              disabled={order.isPending}
              horizontal
            />
          </Stack>
        ))}
      </SimpleGrid>
      <AddFilesButton
        onChange={(files) => void add(files)}
        accept="image/jpeg,image/png,image/webp,image/avif"
        multiple
        icon={<IconPhotoPlus size={16} />}
        label={t('tripForm.add.picture')}
        busy={upload.isPending}
        w="fit-content"
      />
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
        onError: notifyFailure,
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
      {(['en', 'mn'] as const).map((language) => (
        <TextInput
          key={language}
          size="xs"
          label={t(language === 'en' ? 'tripForm.altEn' : 'tripForm.altMn')}
          value={alt[language]}
          maxLength={300}
          onChange={(event) => setAlt({ ...alt, [language]: event.currentTarget.value })}
        />
      ))}
    </Stack>
  );
}
