import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { readSecondFactorCode } from '@aylal/shared/second-factor-rules';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { CodeField } from '../../../components/password-field.tsx';
import { verifySecondFactor } from '../api/auth-api.ts';
import { FormProblem } from '../../../components/form-problem.tsx';

/**
 * The sign-in's second step (docs/decisions/023): the six-digit code from the authenticator app,
 * or one of the backup codes. Better Auth's two-factor cookie, set after the password or Google,
 * says whose sign-in this is.
 */
export function SecondFactorStep(props: { onSignedIn: () => Promise<void>; onStartOver: (problem?: string) => void }) {
  const { t } = useTranslation(['secondFactor', 'error']);
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const parsed = readSecondFactorCode(code);
    if (!parsed) return setFieldError(t(code.trim() ? 'errors.code' : 'fresh.codeRequired'));
    setFieldError(null);
    setBusy(true);
    try {
      await verifySecondFactor(parsed);
      await props.onSignedIn();
    } catch (error) {
      setBusy(false);
      // The ten minutes ran out, or five wrong codes: the password (or Google) again.
      if (error instanceof ApiRequestError && error.code === 'TWO_FACTOR_SIGN_IN_AGAIN') {
        return props.onStartOver(errorMessage(error));
      }
      setProblem(errorMessage(error, 'AUTH_LOGIN_FAILED'));
    }
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
          value={code}
          onChange={setCode}
          error={fieldError}
          maxLength={backup ? 20 : 7}
        />
        <FormProblem>{problem}</FormProblem>
        <Button type="submit" size="md" loading={busy}>
          {t('login.submit')}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          onClick={() => {
            setBackup(!backup);
            setCode('');
            setFieldError(null);
            setProblem(null);
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
