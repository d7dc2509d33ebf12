import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { ADMIN_AREA, type PageMetaKey } from '@aylal/shared/pages';
import { loadNamespaces } from '../lib/i18n.ts';

/**
 * The server wrote the title of the tab's first page; every later one is set here, in the public
 * layout or the back office's, whichever the reader moves into (a per-layout flag would skip the
 * first page after moving between them).
 */
let first = true;
/** The title a page about one thing gives itself (useNamedTitle): kept over its kind's. */
let named: string | undefined;

/**
 * Keeps the tab title in step with the page and language. The server writes the first page's
 * title; the page titles (`meta`) load only when the reader moves on or switches language.
 */
export function useDocumentTitle() {
  const { pathname } = useLocation();
  // The page's key rides on its route (router.tsx), so the web needs no copy of the path matching.
  const matches = useMatches();
  const page = matches.map((match) => (match.handle as { page?: PageMetaKey } | undefined)?.page).findLast(Boolean);
  const key: PageMetaKey | undefined =
    pathname === ADMIN_AREA || pathname.startsWith(`${ADMIN_AREA}/`) ? 'admin' : page;
  const { i18n } = useTranslation();
  useEffect(() => {
    if (first) {
      first = false;
      return;
    }
    if (!key) return;
    let current = true;
    loadNamespaces(['meta']).then(
      () => {
        if (current && !named) document.title = i18n.t(`meta:${key}.title`);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [pathname, key, i18n, i18n.language]);
}

/**
 * A page about one thing (a trip, a job) names it in the tab as the server does (shared/src/page-titles.ts),
 * once it is known, and however the reader arrived; `undefined` while it loads (its kind's title meanwhile).
 */
export function useNamedTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    named = document.title = title;
    return () => {
      named = undefined;
    };
  }, [title]);
}
