import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dayParts, formatDayLong, formatMonth } from '@aylal/shared/dates';
import { todayUtc } from '@aylal/shared/field-rules';
import type { Language } from '@aylal/shared/i18n';
import { withinLimits } from './typed-date.ts';

/**
 * The month grid of a date field, loaded the first time a calendar is opened (with Mantine's
 * dates and their CSS), so forms carry only the typed field. Every word in it is ours: month and
 * weekday names from `@aylal/shared/dates` in the page's language, and the buttons' names from
 * `forms:date.*`. Days are written 'YYYY-MM-DD' and read in UTC, so no zone moves them.
 */
export default function DateCalendar(props: {
  value: string | null;
  min?: string;
  max?: string;
  language: Language;
  onPick: (day: string) => void;
}) {
  const { t } = useTranslation('forms');
  const { language, min, max } = props;
  // The day the keyboard starts on: the chosen one, else today kept within the limits.
  const start = props.value ?? withinLimits(todayUtc(), min, max);
  const part = (day: string) => dayParts(day, language, 'UTC');
  // The popover's focus trap starts before this chunk arrives: the keyboard goes to the day here.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => root.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus(), []);
  return (
    <div ref={root}>
      <DatePicker
        value={props.value}
        onChange={(day) => day && props.onPick(day)}
        defaultDate={start}
        minDate={min}
        maxDate={max}
        firstDayOfWeek={1}
        // Mantine's red weekends fail the contrast audit on white (axe): weekends look like the rest.
        weekendDays={[]}
        // Our names are written as they are spelled ("2027 оны 8-р сар"), not capitalised word by word.
        styles={{ calendarHeaderLevel: { textTransform: 'none' }, weekday: { textTransform: 'none' } }}
        monthLabelFormat={(day) => formatMonth(day.slice(0, 7), language)}
        weekdayFormat={(day) => part(day).weekday}
        monthsListFormat={(day) => part(day).month}
        getDayAriaLabel={(day) => formatDayLong(day, language, 'UTC')}
        getDayProps={(day) => (day === start ? { 'data-autofocus': true } : {})}
        ariaLabels={{
          previousMonth: t('date.previousMonth'),
          nextMonth: t('date.nextMonth'),
          previousYear: t('date.previousYear'),
          nextYear: t('date.nextYear'),
          previousDecade: t('date.previousDecade'),
          nextDecade: t('date.nextDecade'),
        }}
      />
    </div>
  );
}
