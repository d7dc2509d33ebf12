import { Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { countryName } from '@aylal/shared/countries';
import { formatDate } from '@aylal/shared/dates';
import { BackLink, NotLoaded } from '../../../components/retry-alert.tsx';

import { useFreshSignIn } from '../../../lib/use-fresh-sign-in.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { useAdminVisa, useRefreshAccessLog, visaPdfUrl } from '../api/admin-visa.ts';
import { VisaAccessLog } from './visa-access-log.tsx';
import { VisaAnswers } from './visa-answers.tsx';
import { VisaRetentionCard } from './visa-retention.tsx';
import { PaymentBadge, VisaStateBadge } from './visa-badges.tsx';
import {
  ActionRequestNotice,
  VisaAccountCard,
  VisaActions,
  VisaHistory,
  VisaPaymentCard,
  type PaymentsSlot,
} from './visa-casework.tsx';

/**
 * /admin/visa/:id: an application as staff work on it. The answers by the form's sections (the
 * passport numbers masked until Show), its dependants and documents on the left; its state actions, payment, account,
 * who looked at its personal data, consultations, notes and history on the right (below, on a phone).
 */
export function VisaApplication({ id, payments }: { id: string; payments: PaymentsSlot }) {
  const { t } = useTranslation(['admin', 'visaApplicationForm']);
  const language = useLanguage();
  const application = useAdminVisa(id);
  // The PDF carries the passport numbers whole: on a fresh sign-in (docs/decisions/023).
  const fresh = useFreshSignIn();
  const accessLog = useRefreshAccessLog(id);
  const back = <BackLink to="/admin/visa" label={t('visa.back')} />;

  if (!application.isSuccess) return <NotLoaded back={back} query={application} />;

  const data = application.data;
  const name = `${data.form.firstName} ${data.form.lastName}`.trim() || data.name;
  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6}>
          <Group gap="sm" align="center">
            <Title order={1}>{data.reference ?? t('visaApplicationForm:title')}</Title>
            <VisaStateBadge state={data.state} />
            {data.payment && <PaymentBadge state={data.payment.state} />}
          </Group>
          <Text c="dimmed">
            {[
              name,
              data.country ? countryName(data.country, language) : '',
              data.submittedAt ? t('visa.detail.submittedOn', { date: formatDate(data.submittedAt, language) }) : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <Button
          component="a"
          href={visaPdfUrl(data.id)}
          onClick={(event) => {
            fresh.guardLink(event);
            accessLog.refreshAfterLink();
          }}
          download
          variant="default"
          leftSection={<IconFileTypePdf size={16} />}
        >
          {t('visa.detail.pdf')}
        </Button>
      </Group>
      {fresh.dialog}
      <ActionRequestNotice data={data} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }} order={{ base: 2, md: 1 }}>
          <VisaAnswers data={data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="md">
            <VisaActions data={data} />
            <VisaPaymentCard data={data} payments={payments} />
            <VisaRetentionCard data={data} />
            <VisaAccessLog id={data.id} />
            <VisaAccountCard data={data} />
            <VisaHistory data={data} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
