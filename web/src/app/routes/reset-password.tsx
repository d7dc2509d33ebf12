import { useState, type FormEvent } from 'react';
import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@aylal/shared/auth-rules';
import { resetPassword } from '../../features/auth/api/auth-api.ts';
import { takeResetEmail } from '../../features/auth/reset-email.ts';
import { useLoginPanel } from '../../lib/login-panel-context.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { notifySuccess } from '../../components/notify.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { FormProblem } from '../../components/form-problem.tsx';

/** Where the emailed reset link lands: /reset-password?token=... (or ?error=INVALID_TOKEN). */
export function Component() {
  const { t } = useTranslation(['auth', 'error', 'common']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loginPanel = useLoginPanel();
  const token = params.get('token');
  const linkError = params.get('error');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(
    linkError ? t('error:RESET_INVALID_TOKEN') : token ? null : t('reset.missingToken'),
  );
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    const next = {
      password: password.length < PASSWORD_MIN_LENGTH ? t('validation.passwordTooShort') : undefined,
      confirm: confirm !== password ? t('validation.passwordsDiffer') : undefined,
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    setBusy(true);
    setFormError(null);
    try {
      await resetPassword(token, password);
      notifySuccess(t('common:toast.passwordChanged'));
      navigate('/', { replace: true });
      loginPanel.open('login', { email: takeResetEmail() });
    } catch (error) {
      setFormError(errorMessage(error, 'RESET_FAILED'));
    } finally {
      setBusy(false);
    }
  }

  const canSubmit = Boolean(token) && !linkError;
  return (
    <Container size={460} py={64}>
      <Paper withBorder radius="lg" p="xl">
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <Title order={1} size="h2">
              {t('reset.title')}
            </Title>
            <Text c="dimmed">{t('reset.intro')}</Text>
            <FormProblem>{formError}</FormProblem>
            {canSubmit ? (
              <>
                <PasswordField
                  toggleLabel={t('togglePassword')}
                  label={t('reset.newPassword')}
                  description={t('passwordHint')}
                  autoComplete="new-password"
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                  error={errors.password}
                  maxLength={128}
                  required
                />
                <PasswordField
                  toggleLabel={t('togglePassword')}
                  label={t('reset.confirmPassword')}
                  autoComplete="new-password"
                  value={confirm}
                  onChange={(event) => setConfirm(event.currentTarget.value)}
                  error={errors.confirm}
                  maxLength={128}
                  required
                />
                <Button type="submit" loading={busy}>
                  {t('reset.submit')}
                </Button>
              </>
            ) : (
              <Button variant="light" onClick={() => loginPanel.open('login')}>
                {t('reset.requestNew')}
              </Button>
            )}
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
