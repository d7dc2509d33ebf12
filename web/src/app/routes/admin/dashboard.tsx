import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DASHBOARD_DAYS, type DashboardDays, type DashboardPeriod } from '@aylal/shared/dashboard';
import { formatDate } from '@aylal/shared/dates';
import { useSession } from '../../../lib/session.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDashboard } from '../../../features/admin-dashboard/api/get-dashboard.ts';
import { FigureGroups } from '../../../features/admin-dashboard/components/figure-groups.tsx';
import { TrendCharts } from '../../../features/admin-dashboard/components/trend-charts.tsx';
import { WorkQueues } from '../../../features/admin-dashboard/components/work-queues.tsx';

const readDays = (raw: string | null): DashboardDays =>
  (DASHBOARD_DAYS as readonly number[]).includes(Number(raw)) ? (Number(raw) as DashboardDays) : 30;

/** An agency day written for the reader (the day itself, whatever the reader's zone). */
const formatDay = (date: string, language: 'en' | 'mn') =>
  formatDate(`${date}T12:00:00Z`, language, { timeZone: 'UTC' });

/** /admin/dashboard: what waits for staff first, then the period's figures and the day-by-day trend. */
export function Component() {
  const { t } = useTranslation(['admin', 'common']);
  const session = useSession();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const days = readDays(params.get('days'));
  const dashboard = useDashboard(days);
  const data = dashboard.data;
  const period: DashboardPeriod | null = data
    ? {
        days: data.days as DashboardDays,
        today: data.today,
        from: data.from,
        to: data.to,
        previousFrom: data.previousFrom,
        previousTo: data.previousTo,
      }
    : null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('dashboard.greeting', { name: session.user?.name ?? '' })}</Title>
        <Text c="dimmed">{t('dashboard.intro')}</Text>
      </Stack>
      {dashboard.isError && (
        <Alert color="red" title={t('dashboard.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(dashboard.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void dashboard.refetch()}>
              {t('list.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {/* A status (a plain element may not carry a label: axe's aria-prohibited-attr), read out as loading. */}
      {!data && !dashboard.isError && <Loader role="status" aria-label={t('common:loading')} />}
      {data && period && (
        <>
          <WorkQueues queues={data.queues} period={period} />
          <Group justify="space-between" align="flex-end" gap="sm">
            <Stack gap={2}>
              <Title order={2} size="h3">
                {t('dashboard.figuresTitle', { days })}
              </Title>
              <Text size="sm" c="dimmed">
                {t('dashboard.periodRange', {
                  from: formatDay(period.from, language),
                  to: formatDay(period.to, language),
                  days: period.days,
                })}
              </Text>
            </Stack>
            <SegmentedControl
              aria-label={t('dashboard.period')}
              value={String(days)}
              onChange={(value) =>
                setParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    if (value === '30') next.delete('days');
                    else next.set('days', value);
                    return next;
                  },
                  { replace: true, preventScrollReset: true },
                )
              }
              data={DASHBOARD_DAYS.map((option) => ({
                value: String(option),
                label: t('dashboard.days', { count: option }),
              }))}
            />
          </Group>
          <FigureGroups groups={data.groups} period={period} />
          <TrendCharts trend={data.trend} />
        </>
      )}
    </Stack>
  );
}
