import { useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TitledPart } from '../../../components/titled-part.tsx';
import { ChangePasswordSchema, type ChangePassword } from '@aylal/shared/schemas/profile';
import { PasswordField } from '../../../components/password-field.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useChangePassword, useHasPassword } from '../api/account.ts';

const EMPTY: ChangePassword = { currentPassword: '', newPassword: '' };

/** Change the password (the other devices are signed out); a Google-only account has none to change. */
export function PasswordForm() {
  const { t } = useTranslation('profile');
  const hasPassword = useHasPassword();
  const change = useChangePassword();
  const [problem, setProblem] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors, reset } = useSchemaForm({
    schema: ChangePasswordSchema,
    initialValues: EMPTY,
  });

  const submit = onSubmit(async (values) => {
    setProblem(null);
    try {
      await change.mutateAsync(values);
      reset(EMPTY);
      notifySuccess(t('password.changed'));
    } catch (failure) {
      if (!showServerErrors(failure)) setProblem(errorMessage(failure));
    }
  });

  return (
    <TitledPart title={t('password.title')}>
      {hasPassword.data === false ? (
        <Text c="dimmed">{t('password.noPassword')}</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordField
                label={t('password.current')}
                toggleLabel={t('password.show')}
                autoComplete="current-password"
                {...form.getInputProps('currentPassword')}
              />
              <PasswordField
                label={t('password.new')}
                toggleLabel={t('password.show')}
                autoComplete="new-password"
                {...form.getInputProps('newPassword')}
              />
            </SimpleGrid>
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {t('password.otherDevices')}
              </Text>
              <Button type="submit" variant="light" loading={change.isPending}>
                {t('password.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </TitledPart>
  );
}
