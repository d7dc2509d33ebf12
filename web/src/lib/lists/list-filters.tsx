import { Button, Checkbox, Select, TextInput, type SelectProps } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isReversedRange, type ListField, type ListFields, type ListState, type OneOfField } from './list-state.ts';
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

export type ChoiceName<F extends ListFields> = {
  [K in keyof F]: F[K] extends { options: readonly string[] } ? K : never;
}[keyof F] &
  string;
export type OptionOf<Field> = Field extends { options: readonly (infer T extends string)[] } ? T : never;

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
export type SelectSpec<T> = { label: string; w: number; optionLabel: (value: T) => string; any?: string };

/** The selects of a list by the name of their field: `{ status: { label, w, any, optionLabel } }`. */
export type SelectSpecs<F extends ListFields> = { [K in ChoiceName<F>]?: SelectSpec<OptionOf<F[K]>> };

/**
 * Filters (or the sort) side by side, one line each, shown in the order given, each a `ListSelect`
 * bound to the field of its name; `any` is the words of the filter off for those that name none.
 */
export function ListSelects<F extends ListFields>(props: {
  list: Pick<ListStateApi<F>, 'fields' | 'values' | 'set'>;
  selects: SelectSpecs<F>;
  any?: string;
}) {
  const selects = Object.entries(props.selects) as [ChoiceName<F>, SelectSpec<string>][];
  return selects.map(([name, spec]) => (
    <ListSelect key={name} list={props.list} name={name} {...spec} any={spec.any ?? props.any} />
  ));
}

/** The names of a list's fields that hold text (a day is one: `dateField`). */
type TextName<F extends ListFields> = { [K in keyof F]: F[K] extends ListField<string> ? K : never }[keyof F] & string;

/**
 * A list's "from" and "until" days (YYYY-MM-DD, '' for open), bound to its `from` and `to` fields
 * (or the two `fields` named), with the message when they run backwards.
 */
export function ListDateRange<F extends ListFields>(props: {
  list: Pick<ListStateApi<F>, 'values' | 'set'>;
  fields?: [TextName<F>, TextName<F>];
  labels: { from: string; to: string };
  description?: string;
  w: number;
}) {
  const { t } = useTranslation('admin');
  const { list, labels, description, w } = props;
  const [fromName, toName] = props.fields ?? (['from', 'to'] as [TextName<F>, TextName<F>]);
  const from = list.values[fromName] as string;
  const to = list.values[toName] as string;
  const set = (name: TextName<F>, day: string) =>
    (day === '' || isRealDate(day)) && list.set({ [name]: day } as Partial<ListState<F>>);
  return (
    <>
      <DateField
        label={labels.from}
        description={description}
        w={w}
        value={from}
        onChange={(day) => set(fromName, day)}
      />
      <DateField
        label={labels.to}
        description={description}
        w={w}
        value={to}
        error={isReversedRange(from, to) ? t('list.badRange') : undefined}
        onChange={(day) => set(toName, day)}
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

/** The filtered list as a CSV file, a download link drawn as a button at the end of the filters. */
export function ListCsvButton(props: { href: string; label: string }) {
  return (
    <Button
      component="a"
      href={props.href}
      download
      variant="default"
      leftSection={<IconDownload size={16} />}
      style={{ alignSelf: 'flex-end' }}
    >
      {props.label}
    </Button>
  );
}
