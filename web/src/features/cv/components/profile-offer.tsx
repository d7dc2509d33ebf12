import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Cv } from '@aylal/shared/schemas/cv';
import { useQueryClient } from '@tanstack/react-query';
import { readProfile } from '../../../lib/entities/profile.ts';

/**
 * A new CV may start from the profile's details: offered, never done on its own, and only the
 * name, email, phone and address are filled in.
 */
export function ProfileOffer(props: { onUse: (details: Partial<Cv>) => void }) {
  const { t } = useTranslation('cv');
  const [open, setOpen] = useState(true);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const client = useQueryClient();
  if (!open) return null;

  async function use() {
    setPending(true);
    setFailed(false);
    try {
      const saved = await readProfile(client);
      if (!saved) throw new Error('No profile');
      const { fullName, email, phone, address } = saved.profile;
      props.onUse({ fullName, email, phone, address });
      setOpen(false);
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  }

  return (
    <Alert color="teal" title={t('fromProfile.title')}>
      <Text size="sm">{t('fromProfile.body')}</Text>
      {failed && (
        <Text size="sm" c="red.8" role="alert" mt={4}>
          {t('fromProfile.failed')}
        </Text>
      )}
      <Group gap="sm" mt="sm">
        <Button size="xs" loading={pending} onClick={() => void use()}>
          {t('fromProfile.use')}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setOpen(false)}>
          {t('fromProfile.dismiss')}
        </Button>
      </Group>
    </Alert>
  );
}
