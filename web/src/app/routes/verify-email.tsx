import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isEmail } from '@aylal/shared/auth-rules';
import { sendVerificationEmail } from '../../features/auth/api/auth-api.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { refreshSession, useSession } from '../../lib/session.ts';
import { FormProblem } from '../../components/form-problem.tsx';

type Outcome = 'verified' | 'expired' | 'invalid' | 'missing';

/**
 * Where the address-verification link lands (decision 022): /verify-email?verified=1 when it
 * worked, with `error=TOKEN_EXPIRED` (or another code) when it did not; then a new link can be
 * sent, to the signed-in account's address or to the one typed here.
 */
export function Component() {
  const { t } = useTranslation(['auth', 'error', 'common']);
  const [params] = useSearchParams();
  const session = useSession();
  const error = params.get('error');
  const outcome: Outcome = error
    ? error === 'TOKEN_EXPIRED'
      ? 'expired'
      : 'invalid'
    : params.get('verified') === '1'
      ? 'verified'
      : 'missing';

  // The header and the profile learn that the address is verified now.
  useEffect(() => {
    if (outcome === 'verified') void refreshSession();
  }, [outcome]);

  return (
    <Container size={460} py={64}>
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('verify.title')}
          </Title>
          {outcome === 'verified' ? (
            <>
              <Alert color="teal" variant="light" role="status">
                {t('verify.verified')}
              </Alert>
              <Group>
                {session.user ? (
                  <Button component={Link} to="/profile">
                    {t('verify.profile')}
                  </Button>
                ) : (
                  <Button component={Link} to="/">
                    {t('verify.home')}
                  </Button>
                )}
              </Group>
            </>
          ) : outcome === 'missing' ? (
            <Text>{t('verify.missing')}</Text>
          ) : (
            <>
              <Alert color="red" variant="light" role="alert">
                {t(outcome === 'expired' ? 'verify.expired' : 'verify.invalid')}
              </Alert>
              <SendNewLink signedInEmail={session.user?.email} />
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

/** "Send a new link": to the account signed in here, or to the address typed. */
function SendNewLink({ signedInEmail }: { signedInEmail: string | undefined }) {
  const { t } = useTranslation(['auth', 'error']);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    const address = signedInEmail ?? email.trim();
    if (!signedInEmail) {
      const invalid = !address
        ? t('validation.emailRequired')
        : !isEmail(address)
          ? t('validation.emailInvalid')
          : undefined;
      setFieldError(invalid);
      if (invalid) return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await sendVerificationEmail(address);
      setSentTo(address);
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <Alert color="teal" variant="light" role="status">
        {t('verify.sent', { email: sentTo })}
      </Alert>
    );
  }
  return (
    <form onSubmit={send} noValidate>
      <Stack gap="sm">
        {!signedInEmail && (
          <TextInput
            label={t('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldError}
            maxLength={254}
            required
          />
        )}
        <FormProblem>{problem}</FormProblem>
        <Button type="submit" loading={busy}>
          {t('verify.sendNew')}
        </Button>
      </Stack>
    </form>
  );
}
