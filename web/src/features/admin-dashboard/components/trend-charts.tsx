import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_SERIES, type DashboardSeriesKey } from '@aylal/shared/dashboard';
import type { DashboardTrendDay } from '@aylal/shared/schemas/dashboard';
import { useLanguage } from '../../../lib/use-language.ts';
import { countAxis, formatCount, formatShortDay } from '../format.ts';

const COLORS: Record<DashboardSeriesKey, string> = {
  accounts: 'blue.6',
  consultations: 'teal.6',
  applications: 'grape.6',
  visa: 'orange.6',
};

/**
 * One small chart a series (each with its own scale, so a quiet series still shows its shape), in
 * a grid that stacks on a phone. @mantine/charts (recharts) is loaded with the back office only.
 */
export function TrendCharts({ trend }: { trend: DashboardTrendDay[] }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const data = trend.map((day) => ({ ...day, day: formatShortDay(day.date, language) }));
  return (
    <Stack gap="xs" component="section" aria-labelledby="dashboard-trend">
      <Title order={2} size="h4" id="dashboard-trend">
        {t('dashboard.trendTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {DASHBOARD_SERIES.map((series) => {
          const label = t(`dashboard.series.${series}`);
          const total = trend.reduce((sum, day) => sum + day[series], 0);
          // Counts are whole: whole ticks only, evenly spaced, each with its one grid line.
          const axis = countAxis(Math.max(0, ...trend.map((day) => day[series])));
          return (
            <Card key={series} withBorder radius="md" padding="md">
              <Text size="sm" fw={600} mb={4}>
                {label} · {formatCount(total)}
              </Text>
              <BarChart
                h={160}
                data={data}
                dataKey="day"
                series={[{ name: series, label, color: COLORS[series] }]}
                gridAxis="x"
                tickLine="none"
                yAxisProps={{ allowDecimals: false, width: 32, ticks: axis.ticks, domain: [0, axis.top], interval: 0 }}
                xAxisProps={{ minTickGap: 24 }}
                valueFormatter={formatCount}
              />
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
