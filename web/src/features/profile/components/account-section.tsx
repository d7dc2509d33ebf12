import { useState } from 'react';
import { Alert, Badge, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconDownload, IconFileZip, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TitledPart } from '../../../components/titled-part.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../components/notify.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { forgetSignedIn, useSession } from '../../../lib/session.ts';
import { useFreshSignIn } from '../../../lib/use-fresh-sign-in.tsx';
import {
  deleteAccount,
  EXPORT_URL,
  EXPORT_ZIP_URL,
  sendVerificationLink,
  useDevices,
  useSignOutDevice,
} from '../api/account.ts';
import { PasswordForm } from '../forms/password-form.tsx';
import { ProfileSection } from './profile-section.tsx';
import { describeUserAgent } from './user-agent.ts';
import { FormProblem } from '../../../components/form-problem.tsx';

/** The sign-in address, whether it is verified, and its link again while it is not (decision 022). */
function EmailAddress() {
  const { t } = useTranslation('profile');
  const { user } = useSession();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!user) return null;

  async function resend(email: string) {
    setPending(true);
    setProblem(null);
    try {
      await sendVerificationLink(email);
      setSent(true);
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <TitledPart title={t('email.title')}>
      <Group gap="sm">
        <Text fw={600} size="sm">
          {user.email}
        </Text>
        {/* Dark text on the light colour: the light variant's own yellow text is too faint (WCAG AA). */}
        <Badge
          size="sm"
          variant="light"
          color={user.emailVerified ? 'teal' : 'yellow'}
          c={user.emailVerified ? 'teal.9' : 'dark.7'}
        >
          {t(user.emailVerified ? 'email.verified' : 'email.notVerified')}
        </Badge>
      </Group>
      {!user.emailVerified && (
        <>
          <Text size="sm">{t('email.hint')}</Text>
          {sent ? (
            <Alert color="teal" variant="light" role="status">
              {t('email.sent', { email: user.email })}
            </Alert>
          ) : (
            <Group>
              <Button variant="default" loading={pending} onClick={() => void resend(user.email)}>
                {t('email.resend')}
              </Button>
            </Group>
          )}
          <FormProblem>{problem}</FormProblem>
        </>
      )}
    </TitledPart>
  );
}

/** The signed-in devices, newest activity first, each with its own sign-out (not this one's). */
function Devices() {
  const { t } = useTranslation('profile');
  const language = useLanguage();
  const devices = useDevices();
  const signOut = useSignOutDevice();
  const when = (iso: string) => formatDateTimeInZone(iso, language);

  return (
    <TitledPart title={t('devices.title')}>
      {devices.isError && <Alert color="red">{t('devices.loadFailed')}</Alert>}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {devices.data?.map((device) => {
          const { browser, os } = describeUserAgent(device.userAgent);
          const name = t('devices.on', {
            browser: browser ?? t('devices.unknownBrowser'),
            os: os ?? t('devices.unknownOs'),
          });
          const Icon = os === 'iOS' || os === 'Android' ? IconDeviceMobile : IconDeviceDesktop;
          return (
            <Group key={device.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Icon size={22} aria-hidden style={{ flex: 'none' }} />
                <div style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      {name}
                    </Text>
                    {device.current && (
                      <Badge size="sm" variant="light">
                        {t('devices.thisDevice')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('devices.lastActive', { time: when(device.updatedAt) })}
                  </Text>
                </div>
              </Group>
              {!device.current && (
                <Button
                  size="xs"
                  variant="default"
                  aria-label={t('devices.signOutOf', { device: name })}
                  loading={signOut.isPending && signOut.variables === device.id}
                  onClick={() => signOut.mutate(device.id, { onSuccess: () => notifySuccess(t('devices.signedOut')) })}
                >
                  {t('devices.signOut')}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
    </TitledPart>
  );
}

/** Deleting the account: a question that says what happens to open cases first. */
function DeleteAccount() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function confirm() {
    setPending(true);
    setProblem(null);
    try {
      await deleteAccount();
      forgetSignedIn();
      notifySuccess(t('delete.deleted'));
      void navigate('/', { replace: true });
    } catch (failure) {
      setProblem(`${t('delete.failed')} ${errorMessage(failure)}`);
      setPending(false);
    }
  }

  return (
    <TitledPart title={t('delete.title')}>
      <Text size="sm">{t('delete.body')}</Text>
      <Group>
        <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setAsking(true)}>
          {t('delete.button')}
        </Button>
      </Group>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('delete.confirmTitle')} centered>
        <Stack>
          <Text>{t('delete.confirmIntro')}</Text>
          <List spacing="xs" size="sm">
            <List.Item>{t('delete.consultations')}</List.Item>
            <List.Item>{t('delete.applications')}</List.Item>
            <List.Item>{t('delete.data')}</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            {t('delete.download')}
          </Text>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} disabled={pending}>
              {t('delete.cancel')}
            </Button>
            <Button color="red" loading={pending} onClick={() => void confirm()}>
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </TitledPart>
  );
}

/** A copy of everything: the JSON, and a ZIP with the documents too (after a fresh sign-in, as they need). */
function Download() {
  const { t } = useTranslation('profile');
  const fresh = useFreshSignIn();
  return (
    <TitledPart title={t('download.title')}>
      <Text size="sm">{t('download.body')}</Text>
      <Group>
        <Button component="a" href={EXPORT_URL} download variant="default" leftSection={<IconDownload size={16} />}>
          {t('download.button')}
        </Button>
        <Button
          component="a"
          href={EXPORT_ZIP_URL}
          download
          onClick={fresh.guardLink}
          variant="default"
          leftSection={<IconFileZip size={16} />}
        >
          {t('download.zipButton')}
        </Button>
      </Group>
      {fresh.dialog}
    </TitledPart>
  );
}

/** The account: its address, password, signed-in devices, a copy of everything, and deleting it all. */
export function AccountSection() {
  const { t } = useTranslation('profile');
  return (
    <ProfileSection id="profile-account" title={t('sections.account')}>
      <EmailAddress />
      <PasswordForm />
      <Devices />
      <Download />
      <DeleteAccount />
    </ProfileSection>
  );
}
