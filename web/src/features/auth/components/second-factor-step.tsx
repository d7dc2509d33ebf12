import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { CodeField } from '../../../components/password-field.tsx';
import { verifySecondFactor } from '../api/auth-api.ts';
import { FormProblem } from '../../../components/form-problem.tsx';
import { useCodeEntry } from '../../../lib/use-code-entry.ts';

/**
 * The sign-in's second step (docs/decisions/023): the six-digit code from the authenticator app,
 * or one of the backup codes. Better Auth's two-factor cookie, set after the password or Google,
 * says whose sign-in this is.
 */
export function SecondFactorStep(props: { onSignedIn: () => Promise<void>; onStartOver: (problem?: string) => void }) {
  const { t } = useTranslation(['secondFactor', 'error']);
  const [backup, setBackup] = useState(false);
  const entry = useCodeEntry();

  async function submit(event: FormEvent) {
    event.preventDefault();
    entry.setProblem(null);
    const parsed = entry.readCode();
    if (!parsed) return;
    await entry.send(
      async () => {
        await verifySecondFactor(parsed);
        await props.onSignedIn();
      },
      (error) => {
        // The ten minutes ran out, or five wrong codes: the password (or Google) again.
        if (error instanceof ApiRequestError && error.code === 'TWO_FACTOR_SIGN_IN_AGAIN') {
          props.onStartOver(errorMessage(error));
        } else entry.setProblem(errorMessage(error, 'AUTH_LOGIN_FAILED'));
      },
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t(backup ? 'login.backupIntro' : 'login.intro')}</Text>
        <CodeField
          key={backup ? 'backup' : 'app'}
          data-autofocus
          autoFocus
          label={t(backup ? 'login.backupCode' : 'login.code')}
          inputMode={backup ? 'text' : 'numeric'}
          value={entry.value}
          onChange={entry.setValue}
          error={entry.fieldError}
          maxLength={backup ? 20 : 7}
        />
        <FormProblem>{entry.problem}</FormProblem>
        <Button type="submit" size="md" loading={entry.busy}>
          {t('login.submit')}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          onClick={() => {
            setBackup(!backup);
            entry.clear();
          }}
        >
          {t(backup ? 'login.useApp' : 'login.useBackup')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" ta="left" onClick={() => props.onStartOver()}>
          {t('login.startOver')}
        </Anchor>
      </Stack>
    </form>
  );
}
