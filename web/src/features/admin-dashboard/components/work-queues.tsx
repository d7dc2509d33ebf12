import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  dashboardHref,
  dashboardQueueItemHref,
  dashboardTarget,
  waitedFor,
  type DashboardPeriod,
} from '@aylal/shared/dashboard';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import type { DashboardQueue } from '@aylal/shared/schemas/dashboard';
import { useAgencyTimeZone } from '../../../lib/agency-zone.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { formatCount } from '../format.ts';

/** What waits for staff, each queue oldest first; every item opens its record. */
export function WorkQueues({ queues, period }: { queues: DashboardQueue[]; period: DashboardPeriod }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const timeZone = useAgencyTimeZone();
  const now = new Date();
  return (
    <Stack gap="sm" component="section" aria-labelledby="dashboard-queues">
      <Title order={2} size="h3" id="dashboard-queues">
        {t('dashboard.queuesTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 4 }}>
        {queues.map((queue) => {
          const title = t(`dashboard.queues.${queue.key}`);
          return (
            <Card key={queue.key} withBorder radius="md" padding="md" component="section" aria-label={title}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" mb="xs">
                <Text fw={650} style={{ flex: 1, minWidth: 0 }}>
                  {title}
                </Text>
                <Badge
                  size="lg"
                  variant={queue.total > 0 ? 'filled' : 'light'}
                  color={queue.total > 0 ? 'orange' : 'gray'}
                >
                  {formatCount(queue.total)}
                </Badge>
              </Group>
              {queue.items.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('dashboard.queueEmpty')}
                </Text>
              ) : (
                <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {queue.items.map((item) => {
                    const age = waitedFor(item.since, now);
                    return (
                      <li key={item.id}>
                        <Anchor component={Link} to={dashboardQueueItemHref(queue.key, item.id)} fw={600} size="sm">
                          {item.name || item.reference || t('dashboard.open')}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {[
                            item.reference,
                            item.startsAt &&
                              t('dashboard.startsAt', {
                                when: formatDateTimeInZone(item.startsAt, language, timeZone),
                              }),
                            t('dashboard.waiting', { age: t(`dashboard.age.${age.unit}`, { count: age.count }) }),
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </Text>
                      </li>
                    );
                  })}
                </Stack>
              )}
              {queue.total > 0 && (
                <Anchor
                  component={Link}
                  to={dashboardHref(dashboardTarget(queue.key, period, period.today))}
                  size="sm"
                  mt="sm"
                >
                  {t('dashboard.seeAll', { count: queue.total })}
                </Anchor>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
