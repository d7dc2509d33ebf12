import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { apiRequest, queryString } from '../api-client.ts';

/**
 * A back-office list's state as its URL holds it: one typed field per search parameter, read
 * leniently (a value that cannot be read is the field's default) and written with the defaults
 * left out, so `/admin/trips?status=draft&page=2` is the whole state and can be shared as a link.
 * Pure functions, used by `useListState` and tested without a DOM.
 */

/** One search parameter: how it is read from the URL, and the value it has when absent. */
export interface ListField<T> {
  fallback: T;
  /** The value, or undefined when the text cannot be one (the default is used instead). */
  parse(raw: string): T | undefined;
  // A method (checked bivariantly), so a field of strings is a field of the record below.
  format(value: T): string;
}

export type ListFields = Record<string, ListField<unknown>>;
export type ListValues<F extends ListFields> = { [K in keyof F]: F[K]['fallback'] };
/** Every list has a page (from 1); `q` is its debounced search when it has one. */
export type ListState<F extends ListFields> = ListValues<F> & { page: number };

const identity = (value: string) => value;

/** Free text (a search, an id), trimmed and cut to `max` characters; '' when absent. */
export function textField(max = 200): ListField<string> {
  return { fallback: '', parse: (raw) => raw.trim().slice(0, max), format: identity };
}

/** A field that is one of a fixed set of values; `options` are those values, for the list's select. */
export interface OneOfField<T extends string, D extends T | ''> extends ListField<T | D> {
  options: readonly T[];
}

/** One of a fixed set of values (a status, a sort); `fallback` when absent or unknown. */
export function oneOfField<T extends string, D extends T | ''>(values: readonly T[], fallback: D): OneOfField<T, D> {
  return {
    options: values,
    fallback,
    parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as T) : undefined),
    format: identity,
  };
}

/** A whole number between min and max; `fallback` when absent or out of range. */
export function intField(fallback: number, min = 1, max = 10_000): ListField<number> {
  return {
    fallback,
    parse: (raw) => {
      if (!/^\d+$/.test(raw)) return undefined;
      const value = Number(raw);
      return value >= min && value <= max ? value : undefined;
    },
    format: String,
  };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar day as YYYY-MM-DD ('2026-02-30' is not one); '' when absent. */
export function dateField(): ListField<string> {
  return { fallback: '', parse: (raw) => (isDay(raw) ? raw : undefined), format: identity };
}

export function isDay(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const PAGE_FIELD = intField(1);
const withPage = (fields: ListFields): ListFields => ({ ...fields, page: PAGE_FIELD });

/** Reads a list's state from the URL: each field, or its default. */
export function readListState<F extends ListFields>(params: URLSearchParams, fields: F): ListState<F> {
  const state: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(withPage(fields))) {
    const raw = params.get(name);
    const value = raw === null ? undefined : field.parse(raw);
    state[name] = value === undefined || value === '' ? field.fallback : value;
  }
  return state as ListState<F>;
}

/**
 * The URL of a state: the list's own parameters set (defaults left out), any other parameter of
 * the page kept as it was.
 */
export function writeListState<F extends ListFields>(
  params: URLSearchParams,
  fields: F,
  state: ListState<F>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, field] of Object.entries(withPage(fields))) {
    const value = (state as Record<string, unknown>)[name];
    const text = value === undefined ? '' : field.format(value);
    if (text === '' || text === field.format(field.fallback)) next.delete(name);
    else next.set(name, text);
  }
  return next;
}

/**
 * A change to the state: a new page keeps the filters; any other change (a filter, the search,
 * the sort) goes back to page 1, since the old page may not exist in the new result.
 */
export function changeListState<F extends ListFields>(
  state: ListState<F>,
  change: Partial<ListState<F>>,
): ListState<F> {
  const filtersChanged = Object.entries(change).some(
    ([name, value]) => name !== 'page' && (state as Record<string, unknown>)[name] !== value,
  );
  const page = change.page ?? state.page;
  return { ...state, ...change, page: filtersChanged ? 1 : page };
}

/** How many rows a back-office list shows on a page. */
export const LIST_PAGE_SIZE = 20;

/** How many pages `total` rows make (at least one, so an empty list is "page 1 of 1"). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Whether a list's days run backwards (`from` after `to`): the list then ignores `to` and says so. */
export function isReversedRange(from: unknown, to: unknown): boolean {
  return typeof from === 'string' && typeof to === 'string' && from !== '' && to !== '' && from > to;
}

/**
 * The state as an API filter: an empty value (a filter that is off) is left out, and so is `to`
 * when the days run backwards (the date filter shows why).
 */
export function apiFilter<S extends object>(state: S): { [K in keyof S]: Exclude<S[K], ''> | undefined } {
  const filter: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(state)) filter[name] = value === '' ? undefined : value;
  if (isReversedRange(filter.from, filter.to)) filter.to = undefined;
  return filter as { [K in keyof S]: Exclude<S[K], ''> | undefined };
}

/** What a list asks its server for: the chosen filters (as `apiFilter`), the page, and `LIST_PAGE_SIZE` rows. */
export function pageRequest<S extends { page: number }>(state: S) {
  const { page, ...chosen } = state;
  return { ...apiFilter(chosen), page, pageSize: LIST_PAGE_SIZE };
}

/** A list endpoint's filter as the web asks it: any of the query's filters, and always the page and its size. */
export type PageFilter<Query> = Partial<Omit<Query, 'page' | 'pageSize'>> & { page: number; pageSize: number };

/** One page of a back-office list (`path?filter`), the page on screen kept while the next one loads. */
export function useListPage<Page>(queryKey: QueryKey, path: string, filter: Parameters<typeof queryString>[0]) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => apiRequest<Page>(`${path}?${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
