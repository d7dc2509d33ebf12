import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { pageMetaKey } from '@aylal/shared/pages';
import { loadNamespaces } from '../lib/i18n.ts';

/**
 * Keeps the tab title in step with the page and language. The server writes the first page's
 * title; the page titles (`meta`) load only when the reader moves on or switches language.
 */
export function useDocumentTitle() {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const key = pageMetaKey(pathname);
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
  }, [pathname, i18n, i18n.language]);
}
