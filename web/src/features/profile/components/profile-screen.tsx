import { useState, type ReactNode } from 'react';
import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconTimeline } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useSession } from '../../../lib/session.ts';
import { useProfile } from '../../../lib/entities/profile.ts';
import { AccountSection } from './account-section.tsx';
import { ProfileEditor } from '../forms/profile-editor.tsx';
import { LoadFailedAlert } from '../../../components/retry-alert.tsx';

/**
 * /profile's content: the person's details, how we keep in touch, and their account;
 * `security` (the route's: two-step sign-in) follows the account.
 */
export function ProfileScreen({ security }: { security?: ReactNode }) {
  const { t } = useTranslation('profile');
  const session = useSession();
  // No profile yet is known from the session: nothing is asked for, so nothing is refused.
  const profile = useProfile(session.status === 'pending' ? undefined : session.user?.hasProfile !== false);
  // The form starts from the profile as saved now, not as this tab last saw it.
  const [openedAt] = useState(() => Date.now());
  const fresh = profile.data !== undefined && profile.dataUpdatedAt >= openedAt;

  return (
    <Container size="md" py={{ base: 24, sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap={4} mb="lg">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
        <Anchor component={Link} to="/account/timeline" size="sm" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconTimeline size={16} aria-hidden />
            {t('timelineLink')}
          </Group>
        </Anchor>
      </Stack>
      {fresh && session.user ? (
        <Stack gap="lg">
          <ProfileEditor saved={profile.data ?? null} user={session.user} />
          <AccountSection />
          {security}
        </Stack>
      ) : profile.isError ? (
        <LoadFailedAlert query={profile} title={t('messages.loadFailed')} retry={t('messages.retry')} />
      ) : (
        <PageLoader />
      )}
    </Container>
  );
}
