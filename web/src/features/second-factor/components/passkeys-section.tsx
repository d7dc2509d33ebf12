import { useState, type FormEvent } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFingerprint, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@aylal/shared/dates';
import { queryKeys } from '@aylal/shared/query-keys';
import type { Passkey, SecondFactorStatus } from '@aylal/shared/schemas/second-factor';
import { PASSKEY_NAME_MAX } from '@aylal/shared/second-factor-rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyFailure } from '../../../lib/run-action.ts';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { addPasskey, passkeysSupported, removePasskey } from '../../../lib/passkeys.ts';
import { secondFactorStatusQuery } from '../../../lib/second-factor.ts';
import { useFreshSignIn } from '../../../lib/use-fresh-sign-in.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { FormProblem } from '../../../components/form-problem.tsx';

await loadNamespaces(['secondFactor', 'error']);

/** Naming and creating a new passkey: the browser then asks for the fingerprint, face or PIN. */
export function AddPasskey({ onDone, onCancel }: { onDone: () => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation(['secondFactor', 'error']);
  const fresh = useFreshSignIn();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setBusy(true);
    try {
      // Adding a way in asks for a sign-in of the last 15 minutes (the dialog, then again).
      if ((await fresh.run(() => addPasskey(name))) === undefined) return setBusy(false);
      await onDone();
    } catch (error) {
      setProblem(errorMessage(error, 'PASSKEY_FAILED'));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          data-autofocus
          label={t('passkeys.name')}
          description={t('passkeys.nameHint')}
          placeholder={t('passkeys.namePlaceholder')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={PASSKEY_NAME_MAX}
          maw={360}
        />
        <FormProblem>{problem}</FormProblem>
        <Group gap="sm">
          <Button type="submit" loading={busy} leftSection={<IconFingerprint size={16} aria-hidden />}>
            {t('passkeys.create')}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('passkeys.cancel')}
          </Button>
        </Group>
      </Stack>
      {fresh.dialog}
    </form>
  );
}

/**
 * /profile's passkeys (docs/decisions/023): each one listed with its name and the day it was added,
 * a new one named and created with the browser, one removed after asking.
 */
export function PasskeysSection() {
  const { t } = useTranslation(['secondFactor', 'error']);
  const language = useLanguage();
  const client = useQueryClient();
  const status = useQuery(secondFactorStatusQuery());
  const fresh = useFreshSignIn();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = passkeysSupported();
  const keys = status.data?.passkeys ?? [];
  const label = (key: Passkey) => key.name ?? t('passkeys.unnamed');

  async function added() {
    setAdding(false);
    await client.invalidateQueries({ queryKey: queryKeys.account.all });
    notifySuccess(t('passkeys.added'));
  }

  async function remove(key: Passkey) {
    setBusy(true);
    try {
      const now = await fresh.run(() => removePasskey<SecondFactorStatus>(key.id));
      if (now === undefined) return;
      client.setQueryData(queryKeys.account.secondFactor, now);
      await client.invalidateQueries({ queryKey: queryKeys.account.all });
      notifySuccess(t('passkeys.removed'));
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="profile-passkeys">
      <Stack gap="md">
        <Title order={2} size="h3" id="profile-passkeys">
          {t('passkeys.title')}
        </Title>
        <Text size="sm">{t('passkeys.intro')}</Text>
        {status.data &&
          (keys.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('passkeys.none')}
            </Text>
          ) : (
            <Stack
              component="ul"
              gap="xs"
              p={0}
              m={0}
              aria-label={t('passkeys.listLabel')}
              style={{ listStyle: 'none' }}
            >
              {keys.map((key) => (
                <Group component="li" key={key.id} justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <IconFingerprint size={20} aria-hidden style={{ flexShrink: 0 }} />
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate>
                        {label(key)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('passkeys.addedOn', { date: formatDate(key.createdAt, language) })}
                      </Text>
                    </div>
                    {key.backedUp && (
                      <Badge variant="light" color="gray" size="sm">
                        {t('passkeys.synced')}
                      </Badge>
                    )}
                  </Group>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('passkeys.removeLabel', { name: label(key) })}
                    onClick={() => setRemoving(key)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          ))}
        {supported && adding && <AddPasskey onDone={added} onCancel={() => setAdding(false)} />}
        {supported && !adding && status.data && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconFingerprint size={16} aria-hidden />}
              onClick={() => setAdding(true)}
            >
              {t('passkeys.add')}
            </Button>
          </Group>
        )}
        {!supported && (
          <Text size="sm" c="dimmed">
            {t('passkeys.unsupported')}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={t('passkeys.removeTitle')}
        body={removing ? t('passkeys.removeBody', { name: label(removing) }) : ''}
        action={t('passkeys.remove')}
        color="red"
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      />
      {fresh.dialog}
    </Paper>
  );
}
