import { useState, type FormEvent } from 'react';
import { Button, Container, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '@aylal/shared/query-keys';
import type { SecondFactorStatus } from '@aylal/shared/schemas/second-factor';
import { CodeField } from '../../../components/password-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { passkeysSupported, signInWithPasskey } from '../../../lib/passkeys.ts';
import { confirmIdentity } from '../../../lib/second-factor.ts';
import { useSession } from '../../../lib/session.ts';
import { useCodeEntry } from '../../../lib/use-code-entry.ts';
import { EnrolTwoFactor } from './enrol-two-factor.tsx';
import { AddPasskey } from './passkeys-section.tsx';
import { FormProblem } from '../../../components/form-problem.tsx';

await loadNamespaces(['secondFactor', 'error', 'auth']);

/** The code for a session signed in without it (Google, or before the app was set up elsewhere). */
function GiveTheCode() {
  const { t } = useTranslation(['secondFactor', 'error']);
  const client = useQueryClient();
  const entry = useCodeEntry();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!entry.readCode()) return;
    entry.setProblem(null);
    await entry.send(
      async () => client.setQueryData(queryKeys.account.secondFactor, await confirmIdentity({ code: entry.value })),
      (error) => entry.setProblem(errorMessage(error)),
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <CodeField
          label={t('staff.code')}
          value={entry.value}
          onChange={entry.setValue}
          error={entry.fieldError}
          maw={280}
        />
        <FormProblem>{entry.problem}</FormProblem>
        <div>
          <Button type="submit" loading={entry.busy}>
            {t('staff.verify')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

/** A passkey sign-in gives the session its second factor: the back office opens. */
function UsePasskey() {
  const { t } = useTranslation(['secondFactor', 'error']);
  const client = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function use() {
    setProblem(null);
    setBusy(true);
    try {
      await signInWithPasskey();
      await client.invalidateQueries({ queryKey: queryKeys.account.all });
    } catch (error) {
      setProblem(errorMessage(error, 'PASSKEY_FAILED'));
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm">
      <FormProblem>{problem}</FormProblem>
      <div>
        <Button
          variant="default"
          leftSection={<IconFingerprint size={16} aria-hidden />}
          onClick={() => void use()}
          loading={busy}
        >
          {t('staff.usePasskey')}
        </Button>
      </div>
    </Stack>
  );
}

/** Setting up a passkey instead of an app: the session that adds it has given its second factor. */
function EnrolPasskey() {
  const { t } = useTranslation(['secondFactor', 'error']);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div>
        <Button
          variant="subtle"
          px={0}
          leftSection={<IconFingerprint size={16} aria-hidden />}
          onClick={() => setOpen(true)}
        >
          {t('staff.addPasskeyInstead')}
        </Button>
      </div>
    );
  }
  return (
    <AddPasskey
      onDone={() => client.invalidateQueries({ queryKey: queryKeys.account.all })}
      onCancel={() => setOpen(false)}
    />
  );
}

/**
 * What the back office shows an admin whose session may not act as staff yet (decided on the
 * server, STAFF_TWO_FACTOR): set up an authenticator app, or give its code in this session.
 */
export default function StaffSecondFactor({ status }: { status: SecondFactorStatus }) {
  const { t } = useTranslation(['secondFactor', 'error', 'auth']);
  const client = useQueryClient();
  const session = useSession();
  const enrol = status.staff === 'enrol';
  return (
    <Container size="sm" px={0}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t(enrol ? 'staff.enrolTitle' : status.enabled ? 'staff.verifyTitle' : 'staff.verifyTitlePasskey')}
          </Title>
          <Text>
            {t(enrol ? 'staff.enrolIntro' : status.enabled ? 'staff.verifyIntro' : 'staff.verifyIntroPasskey')}
          </Text>
          {enrol ? (
            <EnrolTwoFactor
              hasPassword={status.hasPassword}
              email={session.user?.email ?? ''}
              onEnabled={() => void client.invalidateQueries({ queryKey: queryKeys.account.all })}
            />
          ) : (
            status.enabled && <GiveTheCode />
          )}
          {passkeysSupported() && (enrol || status.passkeys.length > 0) && (
            <>
              {(enrol || status.enabled) && <Divider label={t('auth:or')} labelPosition="center" />}
              {enrol ? <EnrolPasskey /> : <UsePasskey />}
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
