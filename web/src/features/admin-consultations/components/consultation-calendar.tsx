import { useMemo, useState, type CSSProperties } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminConsultation } from '@aylal/shared/schemas/consultations';
import { dayParts, formatDayLong, formatTime, wallClock, zoneOffsetLabel } from '@aylal/shared/dates';
import { type Language } from '@aylal/shared/i18n';
import { zoneName } from '@aylal/shared/zone-name';
import { pickText } from '@aylal/shared/trip-rules';
import { addDays, dateInZone, isoWeekday, zonedTime, type WorkingHours } from '@aylal/shared/consultation-rules';
import { errorMessage } from '../../../lib/api-client.ts';
import { useConsultationCalendar, useWorkingHours } from '../api/admin-consultations.ts';
import { gridHours, workingSpan } from '../calendar-hours.ts';
import { ConsultationDrawer } from './consultation-drawer.tsx';
import { STATE_COLORS } from './state-badge.tsx';
import classes from './calendar.module.css';
import { useLanguage } from '../../../lib/use-language.ts';
import { useAgencyTimeZone } from '../../../lib/agency-zone.ts';

type View = 'month' | 'week' | 'day';
const HOUR_HEIGHT = 56;
const MONTH_CELL_ITEMS = 3;

// Calendar arithmetic on the agency's calendar dates ("YYYY-MM-DD"): staff read every time on the
// agency's clock, wherever their own computer is (docs/decisions/030).
const startOfWeek = (date: string) => addDays(date, 1 - isoWeekday(date)); // Monday
const monthOf = (date: string) => date.slice(0, 7);
const addMonths = (date: string, months: number) => {
  const [year = 1970, month = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
};
/** A calendar date as a moment the date formats read back in UTC: noon, clear of any edge. */
const noon = (date: string) => new Date(`${date}T12:00:00Z`);
const dayOfMonth = (date: string) => Number(date.slice(8));

function rangeOf(view: View, anchor: string, timeZone: string): { from: Date; to: Date; days: string[] } {
  let first: string;
  let count: number;
  if (view === 'day') [first, count] = [anchor, 1];
  else if (view === 'week') [first, count] = [startOfWeek(anchor), 7];
  else {
    const monthStart = `${monthOf(anchor)}-01`;
    const monthEnd = addDays(addMonths(anchor, 1), -1);
    first = startOfWeek(monthStart);
    count = Math.round((Date.parse(addDays(startOfWeek(monthEnd), 7)) - Date.parse(first)) / 86_400_000);
  }
  const days = Array.from({ length: count }, (_, index) => addDays(first, index));
  return { from: zonedTime(first, 0, timeZone), to: zonedTime(addDays(first, count), 0, timeZone), days };
}

function titleOf(view: View, anchor: string, days: string[], language: Language): string {
  if (view === 'day') return formatDayLong(noon(anchor), language, 'UTC');
  const year = (date: string) => date.slice(0, 4);
  if (view === 'month')
    return language === 'mn'
      ? `${year(anchor)} оны ${Number(anchor.slice(5, 7))}-р сар`
      : new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(noon(anchor));
  const first = dayParts(noon(days[0]!), language, 'UTC');
  const last = dayParts(noon(days.at(-1)!), language, 'UTC');
  return language === 'mn'
    ? `${year(days[0]!)} оны ${first.month}ын ${first.day} – ${last.month}ын ${last.day}`
    : `${first.day} ${first.month} – ${last.day} ${last.month} ${year(days.at(-1)!)}`;
}

/** Consultations by month, week or day; one click opens a consultation with its actions. */
export function ConsultationCalendar() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const timeZone = useAgencyTimeZone();
  const today = dateInZone(new Date(), timeZone);
  const [view, setView] = useState<View>('week');
  const [anchor, setAnchor] = useState(today);
  const [showCancelled, setShowCancelled] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const { from, to, days } = useMemo(() => rangeOf(view, anchor, timeZone), [view, anchor, timeZone]);
  const calendar = useConsultationCalendar(from.toISOString(), to.toISOString());
  const workingHours = useWorkingHours();

  const byDay = useMemo(() => {
    const map = new Map<string, AdminConsultation[]>();
    for (const item of calendar.data?.items ?? []) {
      if (!showCancelled && item.state === 'cancelled') continue;
      const key = dateInZone(new Date(item.startsAt), timeZone);
      map.set(key, [...(map.get(key) ?? []), item]);
    }
    return map;
  }, [calendar.data, showCancelled, timeZone]);

  const step = (direction: number) =>
    setAnchor((current) =>
      view === 'month' ? addMonths(current, direction) : addDays(current, direction * (view === 'week' ? 7 : 1)),
    );
  const openDay = (date: string) => {
    setAnchor(date);
    setView('day');
  };
  const label = (item: AdminConsultation) =>
    `${formatTime(item.startsAt, timeZone)} ${item.user.name}${item.trip ? ` · ${pickText(item.trip.title, language)}` : ''}`;

  const event = (item: AdminConsultation, style?: CSSProperties) => (
    <button
      key={item.id}
      type="button"
      className={classes.event}
      data-state={item.state}
      style={{ '--event-color': `var(--mantine-color-${STATE_COLORS[item.state]}-6)`, ...style } as CSSProperties}
      onClick={() => setOpen(item.id)}
      title={`${label(item)} · ${t(`consultations.states.${item.state}`)}`}
      aria-label={`${label(item)}, ${t(`consultations.states.${item.state}`)}`}
    >
      {label(item)}
    </button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <ActionIcon variant="default" size="lg" onClick={() => step(-1)} aria-label={t('calendar.previous')}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button variant="default" onClick={() => setAnchor(today)}>
            {t('calendar.today')}
          </Button>
          <ActionIcon variant="default" size="lg" onClick={() => step(1)} aria-label={t('calendar.next')}>
            <IconChevronRight size={18} />
          </ActionIcon>
          <Title order={2} size="h4" ml="xs" aria-live="polite">
            {titleOf(view, anchor, days, language)}
          </Title>
          <Text size="sm" c="dimmed" ml="xs">
            {zoneName(timeZone, language)} ({zoneOffsetLabel(timeZone, noon(anchor))})
          </Text>
        </Group>
        <Group gap="md">
          <Checkbox
            label={t('calendar.showCancelled')}
            checked={showCancelled}
            onChange={(change) => setShowCancelled(change.currentTarget.checked)}
          />
          <SegmentedControl
            value={view}
            onChange={(value) => setView(value as View)}
            data={(['month', 'week', 'day'] as const).map((value) => ({ value, label: t(`calendar.${value}`) }))}
          />
        </Group>
      </Group>

      {calendar.isError && (
        <Alert color="red" role="alert">
          {errorMessage(calendar.error)}
        </Alert>
      )}

      <div className={classes.scroll} aria-busy={calendar.isFetching}>
        {view === 'month' ? (
          <div className={classes.month}>
            {days.slice(0, 7).map((day) => (
              <div key={day} className={classes.weekday}>
                {dayParts(noon(day), language, 'UTC').weekday}
              </div>
            ))}
            {days.map((day) => {
              const items = byDay.get(day) ?? [];
              return (
                <div key={day} className={classes.cell} data-outside={monthOf(day) !== monthOf(anchor) || undefined}>
                  <button
                    type="button"
                    className={classes.dayNumber}
                    data-today={day === today || undefined}
                    onClick={() => openDay(day)}
                    aria-label={formatDayLong(noon(day), language, 'UTC')}
                  >
                    {dayOfMonth(day)}
                  </button>
                  {items.slice(0, MONTH_CELL_ITEMS).map((item) => event(item))}
                  {items.length > MONTH_CELL_ITEMS && (
                    <button type="button" className={classes.more} onClick={() => openDay(day)}>
                      {t('calendar.more', { count: items.length - MONTH_CELL_ITEMS })}
                    </button>
                  )}
                </div>
              );
            })}
          </div>
        ) : (
          <TimeGrid
            days={days}
            today={today}
            timeZone={timeZone}
            byDay={byDay}
            language={language}
            workingHours={workingHours.data}
            onDay={openDay}
            renderEvent={event}
          />
        )}
      </div>
      {calendar.data && byDay.size === 0 && (
        <Text c="dimmed" size="sm">
          {t('calendar.empty')}
        </Text>
      )}
      <ConsultationDrawer id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

/** Week and day views: one column per day, consultations placed by their time on the agency's clock. */
function TimeGrid(props: {
  days: string[];
  today: string;
  timeZone: string;
  byDay: Map<string, AdminConsultation[]>;
  language: Language;
  workingHours: WorkingHours | undefined;
  onDay: (day: string) => void;
  renderEvent: (item: AdminConsultation, style: CSSProperties) => React.ReactNode;
}) {
  const items = props.days.flatMap((day) => props.byDay.get(day) ?? []);
  const hourOf = (iso: string) => {
    const clock = wallClock(new Date(iso), props.timeZone);
    return clock.hour + clock.minute / 60;
  };
  const span = props.workingHours ? workingSpan(props.days, props.workingHours, props.timeZone) : null;
  const { first, last } = gridHours(
    span,
    items.map((item) => ({
      start: hourOf(item.startsAt),
      end: hourOf(item.startsAt) + (Date.parse(item.endsAt) - Date.parse(item.startsAt)) / 3_600_000,
    })),
  );
  const hours = Array.from({ length: last - first }, (_, index) => first + index);
  const style = { '--days': props.days.length, '--hour-height': `${HOUR_HEIGHT}px` } as CSSProperties;

  return (
    <div className={classes.grid} style={style}>
      <div />
      {props.days.map((day) => {
        const parts = dayParts(noon(day), props.language, 'UTC');
        return (
          <button
            key={day}
            type="button"
            className={classes.gridHead}
            data-today={day === props.today || undefined}
            onClick={() => props.onDay(day)}
            aria-label={formatDayLong(noon(day), props.language, 'UTC')}
          >
            {parts.weekday} {parts.day}
          </button>
        );
      })}
      <div className={classes.hours}>
        {hours.map((hour) => (
          <div key={hour} className={classes.hour}>
            {String(hour).padStart(2, '0')}:00
          </div>
        ))}
      </div>
      {props.days.map((day) => (
        <div key={day} className={classes.column} style={{ height: hours.length * HOUR_HEIGHT }}>
          {(props.byDay.get(day) ?? []).map((item) => {
            const top = (hourOf(item.startsAt) - first) * HOUR_HEIGHT;
            const height = Math.max(
              22,
              ((Date.parse(item.endsAt) - Date.parse(item.startsAt)) / 3_600_000) * HOUR_HEIGHT - 2,
            );
            // A short consultation shows one line, cut with an ellipsis; a long one wraps.
            return props.renderEvent(item, { top, height, whiteSpace: height < 44 ? 'nowrap' : 'normal' });
          })}
        </div>
      ))}
    </div>
  );
}
