import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { countryName } from '@aylal/shared/countries';
import { isVisaEditable } from '@aylal/shared/visa-rules';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useFormatPrice } from '../../../lib/entities/currency.tsx';
import { useSession } from '../../../lib/session.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useVisaApplication } from '../api/applications.ts';
import { VisaWorkspace } from '../forms/visa-workspace.tsx';
import { STATE_COLOR, VisaStatus } from './visa-status.tsx';

/**
 * /visa/:id and /visa/:id/review: an editable application opens as the form (or its review), a
 * submitted one as where it stands.
 */
export function VisaApplicationScreen(props: { id: string; view: 'edit' | 'review' }) {
  const { t } = useTranslation('visaApplicationForm');
  // A USD amount in the reader's currency (the app's currency choice).
  const formatPrice = useFormatPrice();
  const language = useLanguage();
  const session = useSession();
  const location = useLocation();
  const query = useVisaApplication(props.id);
  const application = query.data;
  const userId = session.user?.id;
  // Shown here for review while it could still be sent: once sent, the confirmation follows.
  const [reviewing, setReviewing] = useState(false);
  if (props.view === 'review' && application && isVisaEditable(application.state) && !reviewing) setReviewing(true);

  let body;
  if (application && userId) {
    const price = application.processingPriceUsd > 0 ? formatPrice(application.processingPriceUsd) : null;
    if (isVisaEditable(application.state)) {
      body = (
        <VisaWorkspace
          key={`${application.id}-${userId}`}
          application={application}
          userId={userId}
          view={props.view}
          processingPrice={price}
        />
      );
    } else if (props.view === 'review') {
      // Sent from this review (the submit's answer is in the cache before its promise settles):
      // the application's page with the confirmation; opened at /review once sent: its page.
      const sent = reviewing && application.state === 'submitted';
      return <Navigate to={`/visa/${application.id}`} replace state={sent ? { submitted: true } : undefined} />;
    } else {
      body = (
        <VisaStatus
          application={application}
          justSubmitted={(location.state as { submitted?: boolean } | null)?.submitted === true}
          processingPrice={price}
        />
      );
    }
  } else if (query.isError) {
    const missing = query.error instanceof ApiRequestError && query.error.status === 404;
    body = (
      <Alert color={missing ? 'gray' : 'red'} title={missing ? t('editor.notFound') : t('editor.loadFailed')}>
        <Group gap="sm" mt="sm">
          {!missing && (
            <Button variant="light" color="red" onClick={() => void query.refetch()}>
              {t('editor.retry')}
            </Button>
          )}
          <Button variant="default" component={Link} to="/visa">
            {t('editor.allApplications')}
          </Button>
        </Group>
      </Alert>
    );
  } else {
    body = <PageLoader />;
  }

  return (
    <Container size="lg" py={{ base: 20, sm: 40 }}>
      <Stack gap={6} mb="lg">
        <Anchor component={Link} to="/visa" size="sm">
          {t('editor.allApplications')}
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1}>{t('title')}</Title>
          {/* A sent application's card says its state and reference itself. */}
          {application && isVisaEditable(application.state) && (
            <Badge color={STATE_COLOR[application.state]} variant="light">
              {t(`states.${application.state}`)}
            </Badge>
          )}
        </Group>
        {application && isVisaEditable(application.state) && (application.reference || application.country) && (
          <Text c="dimmed">
            {[application.reference, application.country ? countryName(application.country, language) : null]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        )}
      </Stack>
      {body}
    </Container>
  );
}
