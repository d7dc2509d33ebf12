import { useMemo, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SlotsResponse } from '@aylal/shared/schemas/consultations';
import { useTranslation } from 'react-i18next';
import { dayParts, formatDayLong, formatTime, zoneOffsetLabel } from '@aylal/shared/dates';
import type { Language } from '@aylal/shared/i18n';
import { dateInZone } from '@aylal/shared/consultation-rules';
import classes from './consultations.module.css';
import { LoadFailed } from '../../../components/public-page.tsx';

/**
 * Open slots as a strip of days and the chosen day's times, all in the reader's own time zone
 * (named under the title), whatever zone the agency works in.
 */
/** The reader's own calendar date of a moment. */
const localDay = (iso: string) => dateInZone(new Date(iso));

export function SlotPicker(props: {
  slots: string[];
  value: string | null;
  onChange: (slot: string) => void;
  language: Language;
}) {
  const { t } = useTranslation('consultationBooking');
  const days = useMemo(() => {
    const byDay = new Map<string, string[]>();
    for (const slot of props.slots) {
      const day = localDay(slot);
      byDay.set(day, [...(byDay.get(day) ?? []), slot]);
    }
    return [...byDay.entries()];
  }, [props.slots]);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const wanted = chosenDay ?? (props.value ? localDay(props.value) : undefined);
  // A day whose last open time was just taken is gone from the list: show the first one instead.
  const day = days.some(([key]) => key === wanted) ? wanted : days[0]?.[0];
  const times = days.find(([key]) => key === day)?.[1] ?? [];

  if (days.length === 0) return <p className={classes.hint}>{t('noSlots')}</p>;

  return (
    <fieldset className={classes.group}>
      <legend>{t('chooseTime')}</legend>
      <p className={classes.zone}>
        {t('zoneNote', { zone: zoneOffsetLabel(undefined, times[0] ? new Date(times[0]) : new Date()) })}
      </p>
      <ul className={classes.days} aria-label={t('days')}>
        {days.map(([key, daySlots]) => {
          const parts = dayParts(daySlots[0]!, props.language);
          return (
            <li key={key}>
              <button
                type="button"
                className={classes.day}
                aria-pressed={key === day}
                aria-label={formatDayLong(daySlots[0]!, props.language)}
                onClick={() => setChosenDay(key)}
              >
                <span>{parts.weekday}</span>
                <strong>{parts.day}</strong>
                <span>{parts.month}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <ul className={classes.times} aria-label={t('times')}>
        {times.map((slot) => (
          <li key={slot}>
            <button
              type="button"
              className={classes.time}
              aria-pressed={slot === props.value}
              onClick={() => props.onChange(slot)}
            >
              {formatTime(slot)}
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The open slots as they arrive: a spinner while they come, a way to ask again when they do not. */
export function OpenSlots(props: {
  slots: UseQueryResult<SlotsResponse>;
  value: string | null;
  onChange: (slot: string) => void;
  language: Language;
}) {
  const { t } = useTranslation('consultationBooking');
  const { slots } = props;
  if (slots.isPending)
    return (
      <div className={classes.state}>
        <span className="spinner" aria-hidden="true" />
        <span className="dimmed">{t('loadingSlots')}</span>
      </div>
    );
  if (slots.isError) return <LoadFailed className={classes.state} message={t('slotsFailed')} onRetry={slots.refetch} />;
  return (
    <SlotPicker slots={slots.data.slots} value={props.value} onChange={props.onChange} language={props.language} />
  );
}

/** A dialog's chosen slot and what it last said went wrong: choosing another slot clears what went wrong. */
export function useSlotChoice() {
  const [slot, setSlot] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = (next: string) => {
    setSlot(next);
    setError(null);
  };
  return { slot, setSlot, error, setError, choose };
}
