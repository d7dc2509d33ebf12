import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { pageMetaKey } from '@aylal/shared/routes';

/** Keeps the tab title in step with the page and language (the server fills it on first load). */
export function useDocumentTitle() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation('meta');
  useEffect(() => {
    const key = pageMetaKey(pathname);
    if (key) document.title = t(`${key}.title`);
  }, [pathname, t, i18n.language]);
}
