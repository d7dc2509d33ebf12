import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { ADMIN_AREA, type PageMetaKey } from '@aylal/shared/pages';
import { loadNamespaces } from '../lib/i18n.ts';

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
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!key) return;
    let current = true;
    loadNamespaces(['meta']).then(
      () => {
        if (current) document.title = i18n.t(`meta:${key}.title`);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [pathname, key, i18n, i18n.language]);
}
