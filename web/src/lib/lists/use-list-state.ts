import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { changeListState, readListState, writeListState, type ListFields, type ListState } from './list-state.ts';

export const SEARCH_DEBOUNCE_MS = 300;

export interface ListStateApi<F extends ListFields> {
  /** The state the URL holds: what the list asks the server for. */
  values: ListState<F>;
  /** Changes filters, sort or page; anything but the page goes back to page 1. */
  set: (change: Partial<ListState<F>>) => void;
  setPage: (page: number) => void;
  /** What is typed in the search box, which reaches `values.q` (and the URL) once typing pauses. */
  search: string;
  setSearch: (text: string) => void;
}

/**
 * A back-office list's page, sort, search and filters kept in the URL (see list-state.ts): a
 * reload, Back, or the link sent to a colleague shows the same list. Field definitions must be
 * stable (module constants). The search field, when the list has one, is named `q`.
 */
export function useListState<F extends ListFields>(fields: F): ListStateApi<F> {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => readListState(params, fields), [params, fields]);
  // A timer's write must start from the URL as it is then, not as it was when typing began.
  const latest = useRef({ params, setParams });
  useEffect(() => {
    latest.current = { params, setParams };
  });

  const write = useCallback(
    (change: Partial<ListState<F>>, replace: boolean) => {
      const { params: current, setParams: setCurrent } = latest.current;
      const state = readListState(current, fields);
      const next = writeListState(current, fields, changeListState(state, change));
      if (next.toString() !== current.toString()) setCurrent(next, { replace, preventScrollReset: true });
    },
    [fields],
  );

  const urlQ = typeof values.q === 'string' ? values.q : '';
  const [search, setSearchText] = useState(urlQ);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const written = useRef(urlQ);
  // Back, Forward or a link change the URL: the box follows it, and a pending write is dropped.
  // The URL catching up with our own write changes nothing (the person may be typing on).
  useEffect(() => {
    if (urlQ === written.current) return;
    written.current = urlQ;
    clearTimeout(timer.current);
    setSearchText((text) => (text.trim() === urlQ ? text : urlQ));
  }, [urlQ]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const setSearch = useCallback(
    (text: string) => {
      setSearchText(text);
      clearTimeout(timer.current);
      // Typing replaces the history entry: Back leaves the list rather than undoing letters.
      timer.current = setTimeout(() => {
        written.current = text.trim();
        write({ q: text.trim() } as unknown as Partial<ListState<F>>, true);
      }, SEARCH_DEBOUNCE_MS);
    },
    [write],
  );

  return {
    values,
    set: useCallback((change) => write(change, false), [write]),
    setPage: useCallback((page) => write({ page } as Partial<ListState<F>>, false), [write]),
    search,
    setSearch,
  };
}
