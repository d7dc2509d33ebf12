import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconBrandGoogle, IconFingerprint } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { queryKeys } from '@aylal/shared/query-keys';
import type { SecondFactorStatus } from '@aylal/shared/schemas/second-factor';
import { errorMessage } from '../lib/api-client.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { passkeysSupported, signInWithPasskey } from '../lib/passkeys.ts';
import { useCodeEntry } from '../lib/use-code-entry.ts';
import {
  confirmIdentity,
  needsTheFactor,
  secondFactorStatusQuery,
  signInAgainWithGoogle,
} from '../lib/second-factor.ts';
import { CodeField, CurrentPasswordField } from './password-field.tsx';
import { FormProblem } from './form-problem.tsx';

await loadNamespaces(['secondFactor', 'error']);

type Method = 'password' | 'code' | 'passkey' | 'google';

/**
 * "Confirm it is you" (docs/decisions/023): the password or a code from the app (a backup code
 * too), or a passkey (a new sign-in), or, for an account with none of these, Google again.
 * A session that has not given the account's second factor is offered only what gives it (the
 * password would not). Done(true) once the session is fresh.
 */
export default function FreshSignInDialog(props: { status: SecondFactorStatus; onDone: (ok: boolean) => void }) {
  const { t } = useTranslation(['secondFactor', 'error']);
  const client = useQueryClient();
  const location = useLocation();
  const methods: Method[] = [
    ...(props.status.hasPassword && !needsTheFactor(props.status) ? (['password'] as const) : []),
    ...(props.status.enabled ? (['code'] as const) : []),
    ...(props.status.passkeys.length > 0 && passkeysSupported() ? (['passkey'] as const) : []),
  ];
  const [method, setMethod] = useState<Method>(methods[0] ?? 'google');
  const entry = useCodeEntry();
  const { value, setValue, fieldError, setFieldError, problem, setProblem, busy, setBusy } = entry;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (method === 'google') {
      setBusy(true);
      await signInAgainWithGoogle(location.pathname + location.search).catch((error: unknown) => {
        setProblem(errorMessage(error, 'AUTH_GOOGLE_FAILED'));
        setBusy(false);
      });
      return;
    }
    if (method === 'passkey') {
      setBusy(true);
      try {
        // A passkey sign-in: a new session of this browser, fresh and with its second factor.
        await signInWithPasskey();
        await client.fetchQuery(secondFactorStatusQuery());
        await client.invalidateQueries({ queryKey: queryKeys.account.all });
        props.onDone(true);
      } catch (error) {
        setProblem(errorMessage(error, 'PASSKEY_FAILED'));
        setBusy(false);
      }
      return;
    }
    if (method === 'password' && value === '') return setFieldError(t('fresh.passwordRequired'));
    if (method === 'code' && !entry.readCode()) return;
    setFieldError(null);
    setBusy(true);
    try {
      const status = await confirmIdentity(method === 'password' ? { password: value } : { code: value });
      client.setQueryData(queryKeys.account.secondFactor, status);
      props.onDone(true);
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={() => props.onDone(false)} title={t('fresh.title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">{method === 'google' ? t('fresh.googleIntro') : t('fresh.intro')}</Text>
          {method === 'passkey' && <Text size="sm">{t('fresh.passkeyIntro')}</Text>}
          {methods.length > 1 && (
            <Radio.Group
              label={t('fresh.method')}
              value={method}
              onChange={(next) => {
                setMethod(next as Method);
                entry.clear();
              }}
            >
              <Group gap="lg" mt={6}>
                {methods.includes('password') && <Radio value="password" label={t('fresh.withPassword')} />}
                {methods.includes('code') && <Radio value="code" label={t('fresh.withCode')} />}
                {methods.includes('passkey') && <Radio value="passkey" label={t('fresh.withPasskey')} />}
              </Group>
            </Radio.Group>
          )}
          {method === 'password' && (
            <CurrentPasswordField
              data-autofocus
              label={t('fresh.password')}
              toggleLabel={t('section.showPassword')}
              value={value}
              onChange={setValue}
              error={fieldError}
            />
          )}
          {method === 'code' && (
            <CodeField data-autofocus label={t('fresh.code')} value={value} onChange={setValue} error={fieldError} />
          )}
          <FormProblem>{problem}</FormProblem>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => props.onDone(false)} disabled={busy}>
              {t('fresh.cancel')}
            </Button>
            {method === 'google' ? (
              <Button type="submit" loading={busy} leftSection={<IconBrandGoogle size={16} aria-hidden />}>
                {t('fresh.google')}
              </Button>
            ) : method === 'passkey' ? (
              <Button type="submit" loading={busy} leftSection={<IconFingerprint size={16} aria-hidden />}>
                {t('fresh.passkey')}
              </Button>
            ) : (
              <Button type="submit" loading={busy}>
                {t('fresh.submit')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
