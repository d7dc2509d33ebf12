import { Group, Input, Select } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cvYearChoices } from '@aylal/shared/cv-rules';

const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;

/**
 * A CV month (YYYY-MM, or '' for none) as a month and a year: every browser draws it the same,
 * unlike `<input type="month">`, which some show as a bare text field.
 */
export function MonthField(props: {
  label: string;
  value?: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('cv');
  const id = useId();
  const [year = '', month = ''] = props.value ? props.value.split('-') : [];
  // The years cv-rules.ts allows (the schema's rule), and a saved one even if no longer offered.
  const choices = cvYearChoices();
  const years = /^\d{4}$/.test(year) && !choices.includes(year) ? [year, ...choices] : choices;
  const months = MONTHS.map((value) => ({ value, label: t(`monthNames.${value}`) }));
  // A date needs both parts; one alone is kept ("2021-", "-03") until the other is chosen.
  const change = (nextYear: string, nextMonth: string) =>
    props.onChange(nextYear || nextMonth ? `${nextYear}-${nextMonth}` : '');

  return (
    <Input.Wrapper label={props.label} error={props.error} required={props.required} id={id}>
      <Group gap={8} wrap="nowrap" mt={4}>
        <Select
          aria-label={`${props.label}: ${t('month')}`}
          placeholder={t('month')}
          data={months}
          value={month || null}
          onChange={(value) => change(year, value ?? '')}
          disabled={props.disabled}
          error={Boolean(props.error)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          style={{ flex: 3 }}
        />
        <Select
          aria-label={`${props.label}: ${t('year')}`}
          placeholder={t('year')}
          data={years}
          value={year || null}
          onChange={(value) => change(value ?? '', month)}
          disabled={props.disabled}
          error={Boolean(props.error)}
          allowDeselect={false}
          searchable
          style={{ flex: 2 }}
        />
      </Group>
    </Input.Wrapper>
  );
}
