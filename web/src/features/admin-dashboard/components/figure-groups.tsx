import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dashboardHref, dashboardTarget, waitedFor, type DashboardPeriod } from '@aylal/shared/dashboard';
import type { DashboardFigure, DashboardGroup } from '@aylal/shared/schemas/dashboard';
import { useLanguage } from '../../../lib/use-language.ts';
import { formatChange, formatCount, formatUsd } from '../format.ts';

/** The period's figures by group; each opens its list with the same filter, which shows the same count. */
export function FigureGroups({ groups, period }: { groups: DashboardGroup[]; period: DashboardPeriod }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <Stack key={group.key} gap="xs" component="section" aria-labelledby={`dashboard-group-${group.key}`}>
          <Title order={2} size="h4" id={`dashboard-group-${group.key}`}>
            {t(`dashboard.groups.${group.key}`)}
          </Title>
          <SimpleGrid cols={{ base: 2, md: 3, xl: 4 }} spacing="sm">
            {group.figures.map((figure) => (
              <FigureCard key={figure.key} figure={figure} period={period} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

function FigureCard({ figure, period }: { figure: DashboardFigure; period: DashboardPeriod }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const key = figure.key;
  const label = t(`dashboard.figures.${key}`);
  const value = formatCount(figure.value);
  const change = figure.previous === null ? null : figure.value - figure.previous;
  const waitingAge = (since: string) => {
    const age = waitedFor(since, new Date());
    return t(`dashboard.age.${age.unit}`, { count: age.count });
  };
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component={Link}
      to={dashboardHref(dashboardTarget(key, period, period.today))}
      aria-label={`${label}: ${value}`}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Text size="sm" c="dimmed" lineClamp={2}>
        {label}
      </Text>
      <Group gap="xs" align="baseline">
        <Text fz={26} fw={750} lh={1.2}>
          {value}
        </Text>
        {figure.amountUsd !== undefined && (
          <Text fw={600} c="teal.9">
            {formatUsd(figure.amountUsd, language)}
          </Text>
        )}
      </Group>
      {figure.since ? (
        <Text size="xs" c="dimmed">
          {t('dashboard.oldestWaiting', { age: waitingAge(figure.since) })}
        </Text>
      ) : figure.previous === null || change === null ? (
        <Text size="xs" c="dimmed">
          {t('dashboard.now')}
        </Text>
      ) : (
        <Group gap={4}>
          <Badge size="sm" variant="light" color={change > 0 ? 'teal' : change < 0 ? 'red' : 'gray'}>
            {formatChange(figure.value, figure.previous)}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('dashboard.previous', {
              value:
                figure.previousAmountUsd !== undefined
                  ? `${formatCount(figure.previous)} (${formatUsd(figure.previousAmountUsd, language)})`
                  : formatCount(figure.previous),
              days: period.days,
            })}
          </Text>
        </Group>
      )}
    </Card>
  );
}
