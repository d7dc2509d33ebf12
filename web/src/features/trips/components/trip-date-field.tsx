import { IconCalendarEvent } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTypedDate } from '../../../lib/forms/typed-date.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import classes from './trips.module.css';

const loadCalendar = () => import('./trip-date-calendar.tsx');
const TripDateCalendar = lazy(loadCalendar);

/**
 * A date of the trip filters: the light variant of the forms' `DateField` (decision 029), drawn
 * without the component library (decision 006). The same typing (`typed-date.ts`, year first),
 * the hint in the page's language, and a button that opens the forms' calendar, which comes with
 * Mantine on the first click. The text is the parent's: it says what is wrong with it.
 */
export function TripDateField({
  id,
  label,
  text,
  min,
  align = 'start',
  problem,
  onText,
  onLeave,
}: {
  id: string;
  label: string;
  /** What is typed; a day once `parseTypedDate` reads it. */
  text: string;
  /** The earliest day the calendar offers ('YYYY-MM-DD'). */
  min?: string;
  /** Which edge of the field the calendar hangs from. */
  align?: 'start' | 'end';
  problem: { 'aria-invalid'?: boolean; 'aria-describedby'?: string; message: ReactNode };
  onText: (text: string) => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation('tripsList');
  const language = useLanguage();
  const [opened, setOpened] = useState(false);
  const calendarId = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = (refocus: boolean) => {
    setOpened(false);
    if (refocus) button.current?.focus();
  };

  // Escape closes it wherever the focus is (a click on its month may leave it on the page); a
  // press outside closes it too.
  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpened(false);
      button.current?.focus();
    };
    const onPress = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpened(false);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [opened]);

  return (
    <div className={classes.field}>
      <label htmlFor={id}>{label}</label>
      <div className={classes.dateInput} ref={box}>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('date.hint')}
          value={text}
          aria-invalid={problem['aria-invalid']}
          aria-describedby={problem['aria-describedby']}
          onChange={(event) => onText(event.target.value)}
          onBlur={() => {
            const day = parseTypedDate(text);
            if (day && day !== text) onText(day);
            onLeave();
          }}
        />
        <button
          ref={button}
          type="button"
          className={classes.calendarButton}
          aria-label={t('date.open')}
          aria-haspopup="dialog"
          aria-expanded={opened}
          aria-controls={opened ? calendarId : undefined}
          // Fetched as the pointer or the focus comes near, so the click rarely waits.
          onPointerEnter={() => void loadCalendar()}
          onFocus={() => void loadCalendar()}
          onClick={() => setOpened((open) => !open)}
        >
          <IconCalendarEvent size={18} aria-hidden="true" />
        </button>
        {opened && (
          <div
            id={calendarId}
            role="dialog"
            aria-label={t('date.calendar', { label })}
            className={classes.calendar}
            data-align={align}
            // Tabbing out of it closes it, as leaving a menu does.
            onBlur={(event) => {
              const next = event.relatedTarget as Node | null;
              if (next && !box.current?.contains(next)) close(false);
            }}
          >
            <Suspense fallback={<span className={classes.calendarLoading} aria-hidden="true" />}>
              <TripDateCalendar
                value={parseTypedDate(text)}
                min={min}
                language={language}
                onPick={(day) => {
                  onText(day);
                  close(true);
                }}
              />
            </Suspense>
          </div>
        )}
      </div>
      {problem.message}
    </div>
  );
}
