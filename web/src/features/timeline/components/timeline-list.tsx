import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBriefcase,
  IconCalendarEvent,
  IconLicense,
  IconMail,
  IconMessage,
  IconPlaneDeparture,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COUNTRY_NAMES } from '@aylal/shared/country-names';
import { formatDate, formatTime, wallClock } from '@aylal/shared/dates';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import type { Language } from '@aylal/shared/i18n';
import type { TimelineItem } from '@aylal/shared/schemas/timeline';
import { pickText } from '@aylal/shared/trip-rules';
import { useLanguage } from '../../../lib/use-language.ts';
import { useTimeline } from '../api/timeline.ts';

type TimelineT = TFunction<'timeline'>;

/** The local day of a moment (`2026-11-25`), to group items by. */
function dayKey(at: string): string {
  const clock = wallClock(new Date(at));
  return `${clock.year}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`;
}

function dayLabel(key: string, t: TimelineT, language: Language): string {
  const now = new Date();
  if (key === dayKey(now.toISOString())) return t('today');
  if (key === dayKey(new Date(now.getTime() - 86_400_000).toISOString())) return t('yesterday');
  return formatDate(`${key}T12:00:00Z`, language, { timeZone: 'UTC' });
}

/** What an item says, what it is about, where it links and its icon. */
function describe(item: TimelineItem, t: TimelineT, language: Language) {
  switch (item.kind) {
    case 'consultation': {
      const subject = item.visaReference
        ? t('consultation.visaSubject', { reference: item.visaReference })
        : pickText(item.trip, language) || t('consultation.general');
      return {
        title: t(`consultation.${item.event}`),
        detail: t('consultation.about', { subject, when: formatDateTimeInZone(item.startsAt, language) }),
        to: '/consultations',
        icon: <IconCalendarEvent size={18} />,
        color: 'blue',
      };
    }
    case 'application':
      return {
        title:
          item.event === 'applied'
            ? t('application.applied')
            : t('application.state', { state: t(`application.states.${item.state}`) }),
        detail: t('application.about', { job: pickText(item.job, language), company: item.company }),
        to: '/applications',
        icon: <IconBriefcase size={18} />,
        color: 'grape',
      };
    case 'visa': {
      const country = COUNTRY_NAMES[item.country];
      const place = country ? country[language === 'mn' ? 1 : 0] : t('visa.noCountry');
      return {
        title: t(`visa.${item.event}`),
        detail: `${item.reference ?? t('visa.draft')} · ${place}`,
        to: `/visa/${encodeURIComponent(item.applicationId)}`,
        icon: item.event === 'approve' ? <IconPlaneDeparture size={18} /> : <IconLicense size={18} />,
        color: 'teal',
      };
    }
    case 'message':
      return {
        title: t(`message.${item.event}`),
        detail: t('message.about', { reference: item.reference, title: item.title }),
        // The person's messages and replies on the contact page (docs/decisions/017).
        to: `/contact#message-${encodeURIComponent(item.messageId)}`,
        icon: item.event === 'reply' ? <IconMail size={18} /> : <IconMessage size={18} />,
        color: 'orange',
      };
  }
}

function TimelineEntry({ item }: { item: TimelineItem }) {
  const { t } = useTranslation('timeline');
  const language = useLanguage();
  const { title, detail, to, icon, color } = describe(item, t, language);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="timeline-item" data-kind={item.kind}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={color} radius="xl" size="lg" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={to} fw={600} size="sm">
            {title}
          </Anchor>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={item.at} title={formatDateTimeInZone(item.at, language)}>
              {formatTime(item.at)}
            </time>
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The signed-in person's story, newest first, grouped by day; older pages on request. */
export function TimelineList() {
  const { t } = useTranslation('timeline');
  const language = useLanguage();
  const timeline = useTimeline();

  if (timeline.isPending) return <Text c="dimmed">…</Text>;
  if (timeline.isError) {
    return (
      <Stack gap="xs" role="alert" align="flex-start">
        <Text>{t('loadFailed')}</Text>
        <Button variant="default" onClick={() => void timeline.refetch()}>
          {t('retry')}
        </Button>
      </Stack>
    );
  }
  const items = timeline.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md" align="flex-start">
          <Text>{t('empty')}</Text>
          <Group gap="sm">
            <Button component={Link} to="/trips">
              {t('browseTrips')}
            </Button>
            <Button component={Link} to="/jobs" variant="light">
              {t('browseJobs')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  const days: { key: string; items: TimelineItem[] }[] = [];
  for (const item of items) {
    const key = dayKey(item.at);
    if (days.at(-1)?.key !== key) days.push({ key, items: [] });
    days.at(-1)!.items.push(item);
  }

  return (
    <Stack gap="lg">
      {days.map((day) => (
        <section key={day.key} aria-labelledby={`day-${day.key}`}>
          <Title order={2} size="h5" id={`day-${day.key}`} mb="xs" c="dimmed">
            {dayLabel(day.key, t, language)}
          </Title>
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {day.items.map((item) => (
              <TimelineEntry key={item.id} item={item} />
            ))}
          </Stack>
        </section>
      ))}
      {timeline.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={timeline.isFetchingNextPage} onClick={() => void timeline.fetchNextPage()}>
            {t('more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
