import { useMemo, useState, type CSSProperties } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminConsultation } from '@aylal/shared/schemas/consultations';
import { dayParts, formatDayLong, formatTime } from '@aylal/shared/dates';
import { type Language } from '@aylal/shared/i18n';
import { pickText } from '@aylal/shared/trip-rules';
import { dateInZone, type WorkingHours } from '@aylal/shared/consultation-rules';
import { errorMessage } from '../../../lib/api-client.ts';
import { useConsultationCalendar, useWorkingHours } from '../api/admin-consultations.ts';
import { gridHours, workingSpan } from '../calendar-hours.ts';
import { ConsultationDrawer } from './consultation-drawer.tsx';
import { STATE_COLORS } from './state-badge.tsx';
import classes from './calendar.module.css';
import { useLanguage } from '../../../lib/use-language.ts';

type View = 'month' | 'week' | 'day';
const HOUR_HEIGHT = 56;
const MONTH_CELL_ITEMS = 3;

// Calendar arithmetic on local dates (the staff member's own zone), midnight to midnight.
const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
const startOfWeek = (date: Date) => addDays(startOfDay(date), -((date.getDay() + 6) % 7)); // Monday
const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();
const dayKey = (date: Date) => date.toDateString();

function rangeOf(view: View, anchor: Date): { from: Date; to: Date; days: Date[] } {
  let from: Date;
  let count: number;
  if (view === 'day') [from, count] = [startOfDay(anchor), 1];
  else if (view === 'week') [from, count] = [startOfWeek(anchor), 7];
  else {
    const first = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
    const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
    from = startOfWeek(first);
    count = Math.round((addDays(startOfWeek(last), 7).getTime() - from.getTime()) / 86_400_000);
  }
  const days = Array.from({ length: count }, (_, index) => addDays(from, index));
  return { from, to: addDays(from, count), days };
}

function titleOf(view: View, anchor: Date, days: Date[], language: Language): string {
  if (view === 'day') return formatDayLong(anchor, language);
  if (view === 'month')
    return language === 'mn'
      ? `${anchor.getFullYear()} оны ${anchor.getMonth() + 1}-р сар`
      : new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(anchor);
  const first = dayParts(days[0]!, language);
  const last = dayParts(days.at(-1)!, language);
  return language === 'mn'
    ? `${days[0]!.getFullYear()} оны ${first.month}ын ${first.day} – ${last.month}ын ${last.day}`
    : `${first.day} ${first.month} – ${last.day} ${last.month} ${days.at(-1)!.getFullYear()}`;
}

/** Consultations by month, week or day; one click opens a consultation with its actions. */
export function ConsultationCalendar() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [view, setView] = useState<View>('week');
  const [anchor, setAnchor] = useState(() => startOfDay(new Date()));
  const [showCancelled, setShowCancelled] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const { from, to, days } = useMemo(() => rangeOf(view, anchor), [view, anchor]);
  const calendar = useConsultationCalendar(from.toISOString(), to.toISOString());
  const workingHours = useWorkingHours();

  const byDay = useMemo(() => {
    const map = new Map<string, AdminConsultation[]>();
    for (const item of calendar.data?.items ?? []) {
      if (!showCancelled && item.state === 'cancelled') continue;
      const key = dayKey(new Date(item.startsAt));
      map.set(key, [...(map.get(key) ?? []), item]);
    }
    return map;
  }, [calendar.data, showCancelled]);

  const step = (direction: number) =>
    setAnchor((current) =>
      view === 'month'
        ? new Date(current.getFullYear(), current.getMonth() + direction, 1)
        : addDays(current, direction * (view === 'week' ? 7 : 1)),
    );
  const openDay = (date: Date) => {
    setAnchor(date);
    setView('day');
  };
  const label = (item: AdminConsultation) =>
    `${formatTime(item.startsAt)} ${item.user.name}${item.trip ? ` · ${pickText(item.trip.title, language)}` : ''}`;

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
          <Button variant="default" onClick={() => setAnchor(startOfDay(new Date()))}>
            {t('calendar.today')}
          </Button>
          <ActionIcon variant="default" size="lg" onClick={() => step(1)} aria-label={t('calendar.next')}>
            <IconChevronRight size={18} />
          </ActionIcon>
          <Title order={2} size="h4" ml="xs" aria-live="polite">
            {titleOf(view, anchor, days, language)}
          </Title>
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
              <div key={dayKey(day)} className={classes.weekday}>
                {dayParts(day, language).weekday}
              </div>
            ))}
            {days.map((day) => {
              const items = byDay.get(dayKey(day)) ?? [];
              return (
                <div
                  key={dayKey(day)}
                  className={classes.cell}
                  data-outside={day.getMonth() !== anchor.getMonth() || undefined}
                >
                  <button
                    type="button"
                    className={classes.dayNumber}
                    data-today={sameDay(day, new Date()) || undefined}
                    onClick={() => openDay(day)}
                    aria-label={formatDayLong(day, language)}
                  >
                    {day.getDate()}
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

/** Week and day views: one column per day, consultations placed by their time. */
function TimeGrid(props: {
  days: Date[];
  byDay: Map<string, AdminConsultation[]>;
  language: Language;
  workingHours: WorkingHours | undefined;
  onDay: (day: Date) => void;
  renderEvent: (item: AdminConsultation, style: CSSProperties) => React.ReactNode;
}) {
  const items = props.days.flatMap((day) => props.byDay.get(dayKey(day)) ?? []);
  const hourOf = (iso: string) => new Date(iso).getHours() + new Date(iso).getMinutes() / 60;
  // The working hours as this viewer's clock reads them on the days shown, and every consultation.
  const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const span = props.workingHours
    ? workingSpan(
        props.days.map((day) => dateInZone(day, viewerZone)),
        props.workingHours,
        viewerZone,
      )
    : null;
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
        const parts = dayParts(day, props.language);
        return (
          <button
            key={dayKey(day)}
            type="button"
            className={classes.gridHead}
            data-today={sameDay(day, new Date()) || undefined}
            onClick={() => props.onDay(day)}
            aria-label={formatDayLong(day, props.language)}
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
        <div key={dayKey(day)} className={classes.column} style={{ height: hours.length * HOUR_HEIGHT }}>
          {(props.byDay.get(dayKey(day)) ?? []).map((item) => {
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
