import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { changeListState, readListState, writeListState, type ListFields, type ListState } from './list-state.ts';

export const SEARCH_DEBOUNCE_MS = 300;

export interface ListStateApi<F extends ListFields> {
  /** The fields the list was made with (a select reads its options from them). */
  fields: F;
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
  // Each write starts from the URL as the last write left it, not as the last render saw it: two
  // changes in a row (a filter chosen while the search is still pending) must not undo each other.
  // The URL catches up with our writes one render at a time: a render of an earlier write of ours
  // is not news (taking it would drop the later change); anything else (Back, a link) is.
  const latest = useRef({ params, setParams, leaving: false, inFlight: [] as string[], typing: false });
  latest.current.setParams = setParams;
  useEffect(() => {
    const own = latest.current.inFlight;
    const at = own.indexOf(params.toString());
    if (at >= 0 && at < own.length - 1) return;
    // Back, a link: the next letter typed starts a new search.
    if (at < 0) latest.current.typing = false;
    latest.current.inFlight = [];
    latest.current.params = params;
  }, [params]);
  // A link to another page is being followed (its code may still be loading): a pending search
  // must not pull the person back to the list.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  latest.current.leaving = navigation.location !== undefined && navigation.location.pathname !== pathname;

  const write = useCallback(
    (change: Partial<ListState<F>>, replace: boolean) => {
      const { params: current, setParams: setCurrent } = latest.current;
      const state = readListState(current, fields);
      const next = writeListState(current, fields, changeListState(state, change));
      if (next.toString() === current.toString()) return;
      latest.current.params = next;
      latest.current.typing = false;
      latest.current.inFlight.push(next.toString());
      setCurrent(next, { replace, preventScrollReset: true });
    },
    [fields],
  );

  const urlQ = typeof values.q === 'string' ? values.q : '';
  const [search, setSearchText] = useState(urlQ);
  const searchRef = useRef(search);
  searchRef.current = search;
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
      searchRef.current = text;
      clearTimeout(timer.current);
      // A new search is one history entry, its later letters replace it: Back goes to the list as
      // it was before the search (its filters kept), not through every letter.
      timer.current = setTimeout(() => {
        timer.current = undefined;
        // (A followed link has the focus before the router's state says it is leaving.)
        if (latest.current.leaving || document.activeElement?.closest('a[href]')) return;
        written.current = text.trim();
        const typing = latest.current.typing;
        write({ q: text.trim() } as unknown as Partial<ListState<F>>, typing);
        latest.current.typing = true;
      }, SEARCH_DEBOUNCE_MS);
    },
    [write],
  );

  return {
    fields,
    values,
    // A filter chosen while the search is still pending takes the search along.
    set: useCallback(
      (change) => {
        if (timer.current !== undefined && 'q' in fields) {
          clearTimeout(timer.current);
          timer.current = undefined;
          written.current = searchRef.current.trim();
          write({ q: searchRef.current.trim(), ...change } as Partial<ListState<F>>, false);
        } else write(change, false);
      },
      [write, fields],
    ),
    setPage: useCallback((page) => write({ page } as Partial<ListState<F>>, false), [write]),
    search,
    setSearch,
  };
}
