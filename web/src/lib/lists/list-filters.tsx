import { Checkbox, Select, TextInput, type SelectProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isReversedRange, type ListFields, type ListState, type OneOfField } from './list-state.ts';
import type { ListStateApi } from './use-list-state.ts';
import { DateField } from '../forms/date-field.tsx';
import { isRealDate } from '@aylal/shared/field-rules';

/** The list's search box (debounced into the URL by `useListState`). */
export function ListSearch(props: {
  list: { search: string; setSearch: (text: string) => void };
  placeholder: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('search')}
      placeholder={props.placeholder}
      leftSection={<IconSearch size={16} />}
      value={props.list.search}
      onChange={(event) => props.list.setSearch(event.currentTarget.value)}
      maxLength={200}
      style={{ flex: 1, minWidth: 200 }}
    />
  );
}

type ChoiceName<F extends ListFields> = {
  [K in keyof F]: F[K] extends { options: readonly string[] } ? K : never;
}[keyof F] &
  string;
type OptionOf<Field> = Field extends { options: readonly (infer T extends string)[] } ? T : never;

/**
 * One filter (or the sort) of a list, bound to its field `name`: the field's options, and first
 * `any` (the filter off, the empty value) when given. A choice is written to the URL (page 1).
 */
function ListSelect<F extends ListFields, K extends ChoiceName<F>>(
  props: {
    list: Pick<ListStateApi<F>, 'fields' | 'values' | 'set'>;
    name: K;
    label: string;
    optionLabel: (value: OptionOf<F[K]>) => string;
    any?: string;
  } & Omit<SelectProps, 'value' | 'onChange' | 'data' | 'label' | 'name' | 'list'>,
) {
  const { list, name, label, optionLabel, any, ...rest } = props;
  const field = list.fields[name] as unknown as OneOfField<OptionOf<F[K]>, ''>;
  return (
    <Select
      label={label}
      allowDeselect={false}
      value={list.values[name] as string}
      onChange={(next) => list.set({ [name]: next || field.fallback } as Partial<ListState<F>>)}
      data={[
        ...(any === undefined ? [] : [{ value: '', label: any }]),
        ...field.options.map((option) => ({ value: option, label: optionLabel(option) })),
      ]}
      {...rest}
    />
  );
}

/** One select of `ListSelects`: its label, width and option labels, and `any` when it is a filter. */
type SelectSpec<T> = { label: string; w: number; optionLabel: (value: T) => string; any?: string };

/**
 * Filters (or the sort) side by side, one line each: `{ status: { label, w, any, optionLabel } }`,
 * shown in the order given, each a `ListSelect` bound to the field of its name.
 */
export function ListSelects<F extends ListFields>(props: {
  list: Pick<ListStateApi<F>, 'fields' | 'values' | 'set'>;
  selects: { [K in ChoiceName<F>]?: SelectSpec<OptionOf<F[K]>> };
}) {
  const selects = Object.entries(props.selects) as [ChoiceName<F>, SelectSpec<string>][];
  return selects.map(([name, spec]) => <ListSelect key={name} list={props.list} name={name} {...spec} />);
}

/** A list's "from" and "until" days (YYYY-MM-DD, '' for open), with the message when they run backwards. */
export function ListDateRange(props: {
  from: string;
  to: string;
  labels: { from: string; to: string; reversed: string };
  description?: string;
  w: number;
  onChange: (change: { from: string } | { to: string }) => void;
}) {
  const { labels, description, w } = props;
  return (
    <>
      <DateField
        label={labels.from}
        description={description}
        w={w}
        value={props.from}
        onChange={(from) => (from === '' || isRealDate(from)) && props.onChange({ from })}
      />
      <DateField
        label={labels.to}
        description={description}
        w={w}
        value={props.to}
        error={isReversedRange(props.from, props.to) ? labels.reversed : undefined}
        onChange={(to) => (to === '' || isRealDate(to)) && props.onChange({ to })}
      />
    </>
  );
}

/** A filter that is on or off (`'1'` in the URL when on), as a checkbox aligned with the other filters. */
export function ListToggle(props: { label: string; value: '1' | ''; onChange: (value: '1' | '') => void }) {
  return (
    <Checkbox
      label={props.label}
      checked={props.value === '1'}
      onChange={(event) => props.onChange(event.currentTarget.checked ? '1' : '')}
      style={{ alignSelf: 'flex-end', paddingBottom: 8 }}
    />
  );
}
