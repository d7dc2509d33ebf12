import { useState, type FormEvent } from 'react';
import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { readSecondFactorCode, totpSecretOf } from '@aylal/shared/second-factor-rules';
import { FormProblem } from '../../../components/form-problem.tsx';
import { CodeField, CurrentPasswordField } from '../../../components/password-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { finishEnrolment, startEnrolment, type Enrolment } from '../api/two-factor.ts';
import { BackupCodes } from './backup-codes.tsx';
import { QrCode } from '../../../components/qr-code.tsx';

type Step = { name: 'password' } | { name: 'scan'; enrolment: Enrolment } | { name: 'codes'; codes: string[] };

/**
 * Setting up an authenticator app: the password (when the account has one), then the QR code and
 * its key as text with the app's first code, then the backup codes, shown once.
 */
export function EnrolTwoFactor(props: {
  hasPassword: boolean;
  email: string;
  onCancel?: () => void;
  /** After the backup codes were seen: the factor is on and this session has it. */
  onEnabled: () => void;
}) {
  const { t } = useTranslation(['secondFactor', 'error']);
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function attempt(action: () => Promise<void>) {
    setProblem(null);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  function begin(event: FormEvent) {
    event.preventDefault();
    if (props.hasPassword && value === '') return setFieldError(t('fresh.passwordRequired'));
    setFieldError(null);
    void attempt(async () => {
      const enrolment = await startEnrolment(props.hasPassword ? value : null);
      setValue('');
      setStep({ name: 'scan', enrolment });
    });
  }

  function confirm(event: FormEvent, enrolment: Enrolment) {
    event.preventDefault();
    const code = readSecondFactorCode(value);
    if (code?.kind !== 'totp') return setFieldError(t('errors.code'));
    setFieldError(null);
    void attempt(async () => {
      await finishEnrolment(code.code);
      setStep({ name: 'codes', codes: enrolment.backupCodes });
    });
  }

  const cancel = props.onCancel && (
    <Button variant="default" onClick={props.onCancel} disabled={busy}>
      {t('enrol.cancel')}
    </Button>
  );

  if (step.name === 'codes') return <BackupCodes codes={step.codes} email={props.email} onDone={props.onEnabled} />;

  if (step.name === 'password')
    return (
      <form onSubmit={begin} noValidate>
        <Stack gap="sm">
          {props.hasPassword ? (
            <>
              <Text size="sm">{t('enrol.passwordIntro')}</Text>
              <CurrentPasswordField
                label={t('section.password')}
                toggleLabel={t('section.showPassword')}
                value={value}
                onChange={setValue}
                error={fieldError}
                maw={360}
              />
            </>
          ) : (
            <Text size="sm">{t('section.googleOnly')}</Text>
          )}
          <FormProblem>{problem}</FormProblem>
          <Group gap="sm">
            <Button type="submit" loading={busy}>
              {t('enrol.start')}
            </Button>
            {cancel}
          </Group>
        </Stack>
      </form>
    );

  const secret = totpSecretOf(step.enrolment.totpURI);
  return (
    <form onSubmit={(event) => confirm(event, step.enrolment)} noValidate>
      <Stack gap="md">
        <Text fw={600}>{t('enrol.scan')}</Text>
        <QrCode text={step.enrolment.totpURI} label={t('enrol.qrLabel')} size={200} />
        <Stack gap={4}>
          <Text size="sm">{t('enrol.cantScan')}</Text>
          <Group gap="xs" wrap="nowrap">
            <Code fz="md" style={{ overflowWrap: 'anywhere' }}>
              {secret}
            </Code>
            <CopyButton value={secret.replace(/\s/g, '')}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="default"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                >
                  {copied ? t('enrol.keyCopied') : t('enrol.copyKey')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <Text fw={600}>{t('enrol.enterCode')}</Text>
        <CodeField
          label={t('enrol.code')}
          inputMode="numeric"
          value={value}
          onChange={setValue}
          error={fieldError}
          maxLength={7}
          maw={200}
        />
        <FormProblem>{problem}</FormProblem>
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            {t('enrol.turnOn')}
          </Button>
          {cancel}
        </Group>
      </Stack>
    </form>
  );
}
