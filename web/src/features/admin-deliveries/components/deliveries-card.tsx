import { useEffect } from 'react';
import { Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { AdminDelivery } from '@aylal/shared/schemas/deliveries';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { useAgencyTimeZone } from '../../../lib/agency-zone.ts';
import { runAction } from '../../../lib/run-action.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useDeliveries, useRetryDeliveries } from '../api/deliveries.ts';

/**
 * Settings' failed deliveries (issue 26): the emails and pushes that failed for good or are being
 * retried, failed first, each sent again alone or all at once. Whom each was for is masked.
 */
export function DeliveriesCard() {
  const { t } = useTranslation('admin');
  const deliveries = useDeliveries();
  const retry = useRetryDeliveries();
  const language = useLanguage();
  const timeZone = useAgencyTimeZone();
  const { hash } = useLocation();
  const loaded = deliveries.data !== undefined;
  // A link here (a staff notification's, `#deliveries`) is scrolled to once the list is drawn.
  useEffect(() => {
    if (!loaded || hash !== '#deliveries') return;
    const frame = requestAnimationFrame(() =>
      document.getElementById('deliveries')?.scrollIntoView({ block: 'start', behavior: 'instant' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [loaded, hash]);

  if (deliveries.isError) return <RetryAlert query={deliveries} title={t('settings.deliveries.loadFailed')} />;
  if (!deliveries.data) return <Loader size="sm" />;
  const { items, counts } = deliveries.data;

  if (items.length === 0)
    return (
      <Group gap="xs">
        <IconCircleCheck size={20} color="var(--mantine-color-teal-8)" aria-hidden />
        <Text size="sm">{t('settings.deliveries.none')}</Text>
      </Group>
    );

  const sendAgain = (only?: AdminDelivery) =>
    runAction(
      () => retry.mutateAsync(only ? { items: [{ channel: only.channel, id: only.id }] } : {}),
      ({ retried }) =>
        retried === 0 ? t('settings.deliveries.noneRetried') : t('settings.deliveries.retried', { count: retried }),
    );
  const when = (at: string) => formatDateTimeInZone(at, language, timeZone);

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {[
            counts.failed > 0 && t('settings.deliveries.failed', { count: counts.failed }),
            counts.retrying > 0 && t('settings.deliveries.retrying', { count: counts.retrying }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Button size="xs" variant="light" loading={retry.isPending} onClick={() => void sendAgain()}>
          {t('settings.deliveries.retryAll')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" fz="sm">
          <Table.Caption className="visually-hidden">{t('settings.deliveries.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.deliveries.columns.message')}</Table.Th>
              <Table.Th>{t('settings.deliveries.columns.to')}</Table.Th>
              <Table.Th>{t('settings.deliveries.columns.state')}</Table.Th>
              <Table.Th>{t('settings.deliveries.columns.attempts')}</Table.Th>
              <Table.Th>{t('settings.deliveries.columns.error')}</Table.Th>
              <Table.Th>
                <span className="visually-hidden">{t('settings.deliveries.columns.actions')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => {
              const subject = item.subject || t('settings.deliveries.noSubject');
              return (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm" fw={500}>
                        {subject}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`settings.deliveries.channels.${item.channel}`)}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>{item.recipient}</Table.Td>
                  <Table.Td>
                    <Stack gap={2} align="flex-start">
                      {/* Dark text on the light yellow: its own yellow text is too faint (WCAG AA). */}
                      <Badge
                        size="sm"
                        variant="light"
                        color={item.state === 'failed' ? 'red' : 'yellow'}
                        c={item.state === 'failed' ? undefined : 'dark.7'}
                      >
                        {t(`settings.deliveries.states.${item.state}`)}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {item.failedAt
                          ? t('settings.deliveries.failedAt', { time: when(item.failedAt) })
                          : item.nextAttemptAt &&
                            t('settings.deliveries.nextAttempt', { time: when(item.nextAttemptAt) })}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>{item.attempts}</Table.Td>
                  <Table.Td maw={280}>
                    <Text size="xs" lineClamp={3} title={item.error ?? undefined} style={{ wordBreak: 'break-word' }}>
                      {item.error}
                    </Text>
                    {item.requestId && (
                      <Text size="xs" c="dimmed">
                        {t('settings.deliveries.reference', { id: item.requestId })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      disabled={retry.isPending}
                      onClick={() => void sendAgain(item)}
                      aria-label={`${t('settings.deliveries.retry')}: ${subject}, ${item.recipient}`}
                    >
                      {t('settings.deliveries.retry')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
