import { lazy, Suspense, useEffect, useId, useState, type FocusEvent } from 'react';
import { ActionIcon, Loader, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@aylal/shared/dates';
import { todayUtc } from '@aylal/shared/field-rules';
import { loadNamespaces } from '../i18n.ts';
import { useLanguage } from '../use-language.ts';
import { dayProblem, parseTypedDate, withinLimits } from './typed-date.ts';

void loadNamespaces(['forms']);

const DateCalendar = lazy(() => import('./date-calendar.tsx'));

type DateFieldProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max'> & {
  /** The day as 'YYYY-MM-DD', '' when empty. */
  value?: string;
  /**
   * Called with the day as 'YYYY-MM-DD' once the text is a whole day, '' when emptied, and the
   * text itself while it is not a day (so a form's schema refuses it rather than keep the old day).
   */
  onChange?: (value: string) => void;
  /** The earliest and latest day accepted ('YYYY-MM-DD'): said in the page's language when passed. */
  min?: string;
  max?: string;
};

/**
 * The one date field (docs/decisions/029-date-inputs.md): a text field that takes a day typed
 * year first in either language, with a button that opens a calendar in the page's language.
 * A drop-in for `<TextInput type="date" {...form.getInputProps(path)} />`: the same value, the
 * same `min` / `max`, but the hint and the messages are ours, never the browser's.
 */
export function DateField({ value = '', onChange, min, max, error, label, onBlur, required, ...rest }: DateFieldProps) {
  const { t } = useTranslation('forms');
  const language = useLanguage();
  const [text, setText] = useState(value);
  const [left, setLeft] = useState(false);
  const [opened, setOpened] = useState(false);
  const calendarId = useId();
  // Escape closes the calendar wherever the focus is (a click on its month may leave it on the page).
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') setOpened(false);
  });

  // A day set from outside (the calendar, a reset, a saved record) is shown as it is kept.
  useEffect(() => {
    setText((current) => ((parseTypedDate(current) ?? current.trim()) === value ? current : value));
  }, [value]);

  const change = (next: string) => {
    setText(next);
    onChange?.(next.trim() === '' ? '' : (parseTypedDate(next) ?? next.trim()));
  };
  const problem = dayProblem(text, { min, max });
  const own =
    problem?.kind === 'format'
      ? left
        ? t('date.format', { example: withinLimits(todayUtc(), min, max) })
        : undefined
      : problem
        ? t(`date.${problem.kind}`, { date: formatDate(problem.limit, language, { timeZone: 'UTC' }) })
        : undefined;
  const name = typeof label === 'string' ? label : '';

  return (
    <TextInput
      {...rest}
      label={label}
      withAsterisk={required}
      aria-required={required || undefined}
      value={text}
      inputMode="numeric"
      autoComplete={rest.autoComplete ?? 'off'}
      placeholder={rest.placeholder ?? t('date.hint')}
      error={error || own}
      onChange={(event) => change(event.currentTarget.value)}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setLeft(true);
        const day = parseTypedDate(text);
        if (day && day !== text) setText(day);
        onBlur?.(event);
      }}
      rightSectionPointerEvents="all"
      rightSection={
        <Popover
          opened={opened}
          onChange={setOpened}
          trapFocus
          returnFocus
          withRoles={false}
          position="bottom-end"
          shadow="md"
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('date.open')}
              aria-haspopup="dialog"
              aria-expanded={opened}
              aria-controls={opened ? calendarId : undefined}
              disabled={rest.disabled || rest.readOnly}
              onClick={() => setOpened((open) => !open)}
            >
              <IconCalendar size={18} aria-hidden="true" />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown id={calendarId} role="dialog" aria-label={t('date.calendar', { label: name })}>
            {opened && (
              <Suspense fallback={<Loader size="sm" m="md" />}>
                <DateCalendar
                  value={parseTypedDate(text)}
                  min={min}
                  max={max}
                  language={language}
                  onPick={(day) => {
                    change(day);
                    setOpened(false);
                  }}
                />
              </Suspense>
            )}
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
