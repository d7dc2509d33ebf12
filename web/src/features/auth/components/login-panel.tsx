import { useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Divider, Drawer, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isEmail, PASSWORD_MIN_LENGTH } from '@aylal/shared/auth-rules';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import {
  requestPasswordReset,
  requestSignInLink,
  signInWithEmail,
  signUpWithEmail,
  startGoogleSignIn,
} from '../api/auth-api.ts';
import { useLoginPanel } from '../../../lib/login-panel-context.tsx';
import { rememberFocus } from '../../../lib/return-focus.ts';
import { sameOriginPath } from '../../../lib/same-origin-path.ts';
import { rememberResetEmail } from '../reset-email.ts';
import { useAuthActions } from '../use-auth-actions.ts';
import { GoogleIcon } from './google-icon.tsx';
import { SecondFactorStep } from './second-factor-step.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import type { Resources } from '@aylal/locales/resources';
import { FormProblem } from '../../../components/form-problem.tsx';
import { publicConfigQuery } from '../../../lib/entities/public-config.ts';

interface FieldErrors {
  name?: string;
  email?: string;
  password?: string;
}

/** The side panel of spec section 2: Google, email and password, sign in / sign up, Forgot password. */
export function LoginPanel() {
  const { opened, close, mode } = useLoginPanel();
  // What opened the panel gets focus back when it has closed. Read as the panel opens (this code
  // loads on the first open, so Mantine's own return never saw the opener); opened again from
  // inside a dialog, it keeps the first opener.
  const giveFocusBack = useRef<(() => void) | null>(null);
  if (opened && !giveFocusBack.current && typeof document !== 'undefined') {
    if (!document.activeElement?.closest('[role="dialog"]')) giveFocusBack.current = rememberFocus();
  }
  const { t } = useTranslation(['auth', 'common']);
  return (
    <Drawer
      opened={opened}
      onClose={close}
      // Mantine gives focus back only to what it saw open the drawer; this one mounts already open.
      returnFocus={false}
      onExitTransitionEnd={() => {
        giveFocusBack.current?.();
        giveFocusBack.current = null;
      }}
      position="right"
      size="md"
      padding="xl"
      title={t(mode === 'signup' ? 'panelTitle.signup' : 'panelTitle.login')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {opened && <LoginForm />}
    </Drawer>
  );
}

function LoginForm() {
  const { t } = useTranslation(['auth', 'error', 'common']);
  const { mode, setMode, close, email: givenEmail, askCode } = useLoginPanel();
  const { afterSignIn } = useAuthActions();
  const location = useLocation();
  const config = useQuery(publicConfigQuery);
  const [name, setName] = useState('');
  const [email, setEmail] = useState(givenEmail);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState<'submit' | 'google' | 'passkey' | 'reset' | 'link' | null>(null);
  // The account is locked by wrong passwords: a sign-in link by email is offered (decision 022).
  const [locked, setLocked] = useState(false);
  // After the password (or Google, back with `twoFactor`), an account with a second factor gives its code.
  const [step, setStep] = useState<'password' | 'code'>(askCode ? 'code' : 'password');

  const isSignup = mode === 'signup';
  // Passkeys (docs/decisions/023) where the browser has them; their code loads on the click.
  const passkeys = !isSignup && typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

  function validateEmail(value = email): string | undefined {
    if (!value.trim()) return t('validation.emailRequired');
    if (!isEmail(value.trim())) return t('validation.emailInvalid');
    return undefined;
  }

  function check(values: { name: string; email: string; password: string }): FieldErrors {
    return {
      email: validateEmail(values.email),
      password: values.password.length < PASSWORD_MIN_LENGTH ? t('validation.passwordTooShort') : undefined,
      name: isSignup && !values.name.trim() ? t('validation.nameRequired') : undefined,
    };
  }

  /** A field's message, once shown, follows what is typed: it goes as soon as the field is mended. */
  function edit(field: keyof FieldErrors, value: string, set: (value: string) => void) {
    set(value);
    if (fieldErrors[field]) {
      const next = check({ name, email, password, [field]: value });
      setFieldErrors((errors) => ({ ...errors, [field]: next[field] }));
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setInfo(null);
    setLocked(false);
    const errors = check({ name, email, password });
    setFieldErrors(errors);
    if (errors.email || errors.password || errors.name) return;
    setBusy('submit');
    try {
      // A sign-in of an account that never had one is its first (a seeded account's).
      let first = false;
      if (isSignup) await signUpWithEmail({ name: name.trim(), email: email.trim(), password });
      else {
        const signedIn = await signInWithEmail({ email: email.trim(), password });
        if (signedIn.twoFactorRedirect) {
          setPassword('');
          setStep('code');
          return;
        }
        first = signedIn.user?.lastLoginAt === null;
      }
      close();
      await afterSignIn(isSignup ? 'signup' : first ? 'new' : 'login');
    } catch (error) {
      setFormError(errorMessage(error, 'AUTH_LOGIN_FAILED'));
      setLocked(!isSignup && error instanceof ApiRequestError && error.code === 'AUTH_ACCOUNT_LOCKED');
    } finally {
      setBusy(null);
    }
  }

  async function handleSignInLink() {
    setFormError(null);
    setInfo(null);
    setBusy('link');
    try {
      await requestSignInLink(email.trim());
      setLocked(false);
      // Said in the panel, beside the address it went to.
      setInfo(t('signInLink.sent', { email: email.trim() }));
    } catch (error) {
      setFormError(errorMessage(error, 'AUTH_LOGIN_FAILED'));
    } finally {
      setBusy(null);
    }
  }

  async function handleForgotPassword() {
    setFormError(null);
    setInfo(null);
    if (!email.trim()) {
      setFormError(t('error:RESET_EMAIL_REQUIRED'));
      return;
    }
    if (!isEmail(email.trim())) {
      setFormError(t('error:RESET_INVALID_EMAIL'));
      return;
    }
    setBusy('reset');
    try {
      await requestPasswordReset(email.trim());
      rememberResetEmail(email.trim());
      // Said once, in the panel, beside the address it went to.
      setInfo(t('common:toast.resetSent'));
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.code : 'RESET_FAILED';
      setFormError(
        ['RESET_USER_NOT_FOUND', 'RESET_INVALID_EMAIL', 'RESET_DISABLED', 'RATE_LIMITED', 'NETWORK'].includes(code)
          ? // One of the codes just listed, each with a text.
            t(`error:${code as keyof Resources['error']}`)
          : t('error:RESET_FAILED'),
      );
    } finally {
      setBusy(null);
    }
  }

  async function handleGoogle() {
    setFormError(null);
    setBusy('google');
    try {
      // Back to this page after Google, and only to a page of this site.
      await startGoogleSignIn(sameOriginPath(location.pathname + location.search) ?? '/');
    } catch {
      setFormError(t('error:AUTH_GOOGLE_FAILED'));
      setBusy(null);
    }
  }

  async function handlePasskey() {
    setFormError(null);
    setInfo(null);
    setLocked(false);
    setBusy('passkey');
    try {
      await (await import('../../../lib/passkeys.ts')).signInWithPasskey();
      close();
      await afterSignIn('login');
    } catch (error) {
      setFormError(errorMessage(error, 'PASSKEY_FAILED'));
    } finally {
      setBusy(null);
    }
  }

  if (step === 'code' && !isSignup) {
    return (
      <SecondFactorStep
        onSignedIn={async () => {
          close();
          await afterSignIn('login');
        }}
        onStartOver={(problem) => {
          setStep('password');
          setFormError(problem ?? null);
        }}
      />
    );
  }

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t(isSignup ? 'panelSubtitle.signup' : 'panelSubtitle.login')}
      </Text>
      {config.data?.googleEnabled && (
        <Button
          variant="default"
          size="md"
          leftSection={<GoogleIcon />}
          onClick={handleGoogle}
          loading={busy === 'google'}
        >
          {t('google')}
        </Button>
      )}
      {passkeys && (
        <Button
          variant="default"
          size="md"
          leftSection={<IconFingerprint size={20} aria-hidden />}
          onClick={handlePasskey}
          loading={busy === 'passkey'}
        >
          {t('passkey')}
        </Button>
      )}
      {(config.data?.googleEnabled || passkeys) && <Divider label={t('or')} labelPosition="center" />}
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          {isSignup && (
            <TextInput
              label={t('name')}
              placeholder={t('namePlaceholder')}
              autoComplete="name"
              value={name}
              onChange={(event) => edit('name', event.currentTarget.value, setName)}
              error={fieldErrors.name}
              maxLength={100}
              required
            />
          )}
          <TextInput
            label={t('email')}
            placeholder={t('emailPlaceholder')}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => edit('email', event.currentTarget.value, setEmail)}
            error={fieldErrors.email}
            maxLength={254}
            required
          />
          <PasswordField
            toggleLabel={t('togglePassword')}
            label={t('password')}
            description={isSignup ? t('passwordHint') : undefined}
            autoComplete={isSignup ? 'new-password' : 'current-password'}
            value={password}
            onChange={(event) => edit('password', event.currentTarget.value, setPassword)}
            error={fieldErrors.password}
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={128}
            required
          />
          {!isSignup && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={handleForgotPassword}
              disabled={busy !== null}
              ta="left"
            >
              {t('forgotPassword')}
            </Anchor>
          )}
          <FormProblem>{formError}</FormProblem>
          {locked && (
            <Button variant="light" type="button" onClick={handleSignInLink} loading={busy === 'link'}>
              {t('signInLink.offer')}
            </Button>
          )}
          {info && (
            <Alert color="teal" variant="light" role="status">
              {info}
            </Alert>
          )}
          <Button type="submit" size="md" loading={busy === 'submit'}>
            {t(isSignup ? 'submit.signup' : 'submit.login')}
          </Button>
        </Stack>
      </form>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => {
          setMode(isSignup ? 'login' : 'signup');
          // A password typed for one is not carried to the other.
          setPassword('');
          setFieldErrors({});
          setFormError(null);
          setInfo(null);
          setLocked(false);
        }}
      >
        {t(isSignup ? 'toggle.toLogin' : 'toggle.toSignup')}
      </Anchor>
    </Stack>
  );
}
