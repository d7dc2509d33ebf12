import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '@aylal/shared/query-keys';
import { notifySuccess } from '../../../components/notify.ts';
import { CurrentPasswordField } from '../../../components/password-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { secondFactorStatusQuery } from '../../../lib/second-factor.ts';
import { useSession } from '../../../lib/session.ts';
import { useFreshSignIn } from '../../../lib/use-fresh-sign-in.tsx';
import { newBackupCodes, turnOff } from '../api/two-factor.ts';
import { BackupCodes } from './backup-codes.tsx';
import { EnrolTwoFactor } from './enrol-two-factor.tsx';
import { FormProblem } from '../../../components/form-problem.tsx';

await loadNamespaces(['secondFactor', 'error']);

type Asking = 'turn-off' | 'new-codes';

/** Turning the factor off or new backup codes: asked with the password (a Google-only account has none). */
function PasswordQuestion(props: {
  asking: Asking;
  hasPassword: boolean;
  onClose: () => void;
  onConfirm: (password: string | null) => Promise<void>;
}) {
  const { t } = useTranslation(['secondFactor', 'error']);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const turningOff = props.asking === 'turn-off';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (props.hasPassword && password === '') return setFieldError(t('fresh.passwordRequired'));
    setFieldError(null);
    setProblem(null);
    setBusy(true);
    try {
      await props.onConfirm(props.hasPassword ? password : null);
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t(turningOff ? 'section.turnOffTitle' : 'section.newCodesTitle')}
      centered
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t(turningOff ? 'section.turnOffBody' : 'section.newCodesBody')}</Text>
          {props.hasPassword ? (
            <CurrentPasswordField
              data-autofocus
              label={t('section.password')}
              toggleLabel={t('section.showPassword')}
              value={password}
              onChange={setPassword}
              error={fieldError}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('section.googleOnly')}
            </Text>
          )}
          <FormProblem>{problem}</FormProblem>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose} disabled={busy}>
              {t('section.cancel')}
            </Button>
            <Button type="submit" color={turningOff ? 'red' : undefined} loading={busy}>
              {t(turningOff ? 'section.turnOff' : 'section.newCodes')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * /profile's two-step sign-in (docs/decisions/023): set up an authenticator app (QR code, key,
 * first code, backup codes shown once), new backup codes, or turn it off, each with the password.
 */
export function SecondFactorSection() {
  const { t } = useTranslation(['secondFactor', 'error']);
  const client = useQueryClient();
  const session = useSession();
  const status = useQuery(secondFactorStatusQuery());
  const fresh = useFreshSignIn();
  const [view, setView] = useState<{ name: 'status' } | { name: 'enrol' } | { name: 'codes'; codes: string[] }>({
    name: 'status',
  });
  const [asking, setAsking] = useState<Asking | null>(null);
  const email = session.user?.email ?? '';

  /** The account's sessions and factor changed (Better Auth replaces this session): read them again. */
  const changed = () => client.invalidateQueries({ queryKey: queryKeys.account.all });

  async function confirm(which: Asking, password: string | null) {
    if (which === 'turn-off') {
      // A Google-only account may first be asked to confirm it is them.
      const done = await fresh.run(() => turnOff(password));
      setAsking(null);
      if (done === undefined) return;
      await changed();
      notifySuccess(t('section.turnedOff'));
      return;
    }
    const answer = await fresh.run(() => newBackupCodes(password));
    setAsking(null);
    if (!answer) return;
    setView({ name: 'codes', codes: answer.backupCodes });
    await changed();
  }

  const data = status.data;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="profile-two-factor">
      <Stack gap="md">
        <Group gap="sm" justify="space-between">
          <Title order={2} size="h3" id="profile-two-factor">
            {t('section.title')}
          </Title>
          {data && (
            <Badge
              color={data.enabled ? 'teal' : 'gray'}
              variant="light"
              size="lg"
              leftSection={data.enabled ? <IconShieldCheck size={14} aria-hidden /> : undefined}
            >
              {t(data.enabled ? 'section.statusOn' : 'section.statusOff')}
            </Badge>
          )}
        </Group>
        <Text size="sm">{t('section.intro')}</Text>
        {status.isError && (
          <Alert color="red" role="alert">
            {t('section.loadFailed')}
          </Alert>
        )}
        {data?.staff !== null && data?.staffRequired && !data.enabled && data.passkeys.length === 0 && (
          <Alert color="yellow" variant="light" role="note">
            {t('section.requiredForStaff')}
          </Alert>
        )}
        {data && view.name === 'enrol' && (
          <EnrolTwoFactor
            hasPassword={data.hasPassword}
            email={email}
            onCancel={() => setView({ name: 'status' })}
            onEnabled={() => {
              setView({ name: 'status' });
              void changed();
              notifySuccess(t('enrol.enabled'));
            }}
          />
        )}
        {view.name === 'codes' && (
          <BackupCodes codes={view.codes} email={email} onDone={() => setView({ name: 'status' })} />
        )}
        {data && view.name === 'status' && !data.enabled && (
          <Group>
            {/* Its label wraps on a phone rather than being cut (the Mongolian is long). */}
            <Button
              leftSection={<IconShieldCheck size={16} aria-hidden />}
              onClick={() => setView({ name: 'enrol' })}
              h="auto"
              mih={36}
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
            >
              {t('section.setUp')}
            </Button>
          </Group>
        )}
        {data && view.name === 'status' && data.enabled && (
          <Stack gap="sm">
            <Text size="sm">{t('section.backupLeft', { count: data.backupCodesLeft ?? 0 })}</Text>
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconKey size={16} aria-hidden />}
                onClick={() => setAsking('new-codes')}
              >
                {t('section.newCodes')}
              </Button>
              <Button
                variant="light"
                color="red"
                leftSection={<IconShieldOff size={16} aria-hidden />}
                onClick={() => setAsking('turn-off')}
              >
                {t('section.turnOff')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
      {asking && data && (
        <PasswordQuestion
          asking={asking}
          hasPassword={data.hasPassword}
          onClose={() => setAsking(null)}
          onConfirm={(password) => confirm(asking, password)}
        />
      )}
      {fresh.dialog}
    </Paper>
  );
}
