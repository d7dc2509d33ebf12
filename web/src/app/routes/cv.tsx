import { Container, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { blankCv } from '@aylal/shared/cv-rules';
import { PageLoader } from '../../components/page-loader.tsx';
import { sameOriginPath } from '../../lib/same-origin-path.ts';
import { useSession } from '../../lib/session.ts';
import { useCv } from '../../features/cv/api/cv.ts';
import { CvEditor } from '../../features/cv/forms/cv-editor.tsx';
import { LoadFailedAlert } from '../../components/retry-alert.tsx';

/** /cv: the user's one CV, built here, downloaded as a PDF and sent with applications. */
export function Component() {
  const { t } = useTranslation('cv');
  const session = useSession();
  // No CV yet is known from the session: nothing is asked for, so nothing is refused.
  const cv = useCv(session.status === 'pending' ? undefined : session.user?.hasCV !== false);
  const [params] = useSearchParams();
  // The form starts from the CV as saved now, not as this tab last saw it.
  const [openedAt] = useState(() => Date.now());
  // Once open, the editor stays: a later refetch that fails must not take typed work away.
  const fresh = cv.data !== undefined && cv.dataUpdatedAt >= openedAt;

  const blank = blankCv({
    fullName: session.user?.name ?? '',
    email: session.user?.email ?? '',
    phone: session.user?.phoneNumber ?? '',
  });

  return (
    <Container size="md" py={{ base: 24, sm: 40 }}>
      <Stack gap={4} mb="lg">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      {fresh ? (
        <CvEditor
          initial={cv.data?.cv ?? blank}
          version={cv.data?.version ?? 0}
          next={sameOriginPath(params.get('next'))}
          hasProfile={session.user?.hasProfile === true}
        />
      ) : cv.isError ? (
        <LoadFailedAlert query={cv} title={t('loadFailed')} retry={t('retry')} />
      ) : (
        <PageLoader />
      )}
    </Container>
  );
}
