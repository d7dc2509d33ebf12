import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './pager.module.css';

/**
 * The pager of a public list (/trips, /jobs): Previous, "Page 2 of 5", Next; nothing for a single
 * page. Plain buttons, no Mantine, so it costs the public pages nothing.
 */
export function Pager(props: {
  page: number;
  pages: number;
  /** Names the navigation for screen readers, e.g. "Result pages". */
  label: string;
  /** "Page {{page}} of {{pages}}" in the list's words. */
  pageOf: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (props.pages <= 1) return null;
  return (
    <nav className={classes.pages} aria-label={props.label}>
      <button
        type="button"
        className="btn btn-light"
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
      >
        {t('previous')}
      </button>
      <span>{props.pageOf}</span>
      <button
        type="button"
        className="btn btn-light"
        disabled={props.page >= props.pages}
        onClick={() => props.onPage(props.page + 1)}
      >
        {t('next')}
      </button>
    </nav>
  );
}

/**
 * A page past the end (an old link, a typed URL) shows the last page: once the total is known,
 * `onPage(pages)` is called, which should replace the URL. Returns whether the page is past the end,
 * so the list says nothing about it meanwhile.
 */
export function useLastPage(page: number, pages: number, loaded: boolean, onPage: (page: number) => void): boolean {
  const pastEnd = loaded && page > pages;
  useEffect(() => {
    if (pastEnd) onPage(pages);
  }, [pastEnd, pages, onPage]);
  return pastEnd;
}

/**
 * A paged list's total and pages from its query's answer (`pageSize` items a page), and whether
 * `page` is past the end; then `onPage` is called with the last page (see `useLastPage`).
 */
export function usePagedResults(
  query: { data?: { total: number }; isSuccess: boolean; isFetching: boolean },
  page: number,
  pageSize: number,
  onPage: (page: number) => void,
) {
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pastEnd = useLastPage(page, pages, query.isSuccess && !query.isFetching, onPage);
  return { total, pages, pastEnd };
}
