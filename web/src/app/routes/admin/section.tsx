import { lazy, Suspense } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { loadNamespaces } from '../../../lib/i18n.ts';

export type AdminSectionKey = 'contactUs' | 'notifications';

// Sections built by their feature, each loaded with its words. They are reached through this one
// route entry (app/router.tsx): the route table is part of the landing route's JavaScript, whose
// budget has no room for more entries.
const BUILT: Partial<Record<AdminSectionKey, ReturnType<typeof lazy>>> = {
  contactUs: lazy(() =>
    Promise.all([import('./contact-us.tsx'), loadNamespaces(['contactUs'])]).then(([module]) => ({
      default: module.Component,
    })),
  ),
  notifications: lazy(() =>
    Promise.all([import('./notifications.tsx'), loadNamespaces(['notifications', 'jobs'])]).then(([module]) => ({
      default: module.Component,
    })),
  ),
};

/** A back-office section: its feature's screen, or until it is built what will be here. */
export function AdminSection({ section }: { section: AdminSectionKey }) {
  const { t } = useTranslation('admin');
  const Built = BUILT[section];
  if (Built) {
    return (
      <Suspense fallback={<PageLoader />}>
        <Built />
      </Suspense>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={1}>{t(`nav.${section}`)}</Title>
      <ComingSoon>
        <Text c="dimmed" maw={520}>
          {t(`section.${section}`)}
        </Text>
      </ComingSoon>
    </Stack>
  );
}
