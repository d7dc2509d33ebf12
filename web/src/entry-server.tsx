// Server-side rendering of the public pages (docs/decisions/006): the same routes, drawn to HTML
// with the page's words and data, so a phone paints the page before the JavaScript arrives.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { Language } from '@aylal/shared/i18n';
import type { Currency } from '@aylal/shared/money';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';
import { setDrawingQueries } from './lib/ssr.ts';

// Every catalogue of the @aylal/locales workspace (a glob takes a path, not a package name).
const LOCALES = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

const instances = new Map<Language, Promise<I18n>>();

/** One translation instance per language, with every namespace (the server has them all at hand). */
function translations(language: Language): Promise<I18n> {
  let made = instances.get(language);
  if (!made) {
    const resources: Record<string, Record<string, unknown>> = {};
    for (const [file, words] of Object.entries(LOCALES)) {
      const match = /\/locales\/(en|mn)\/(\w+)\.json$/.exec(file);
      if (match?.[1] === language) resources[match[2]!] = words;
    }
    const instance = i18next.createInstance();
    made = instance
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: false,
        defaultNS: 'common',
        resources: { [language]: resources },
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      })
      .then(() => instance);
    instances.set(language, made);
  }
  return made;
}

const handler = createStaticHandler(routes);

export interface RenderInput {
  url: string;
  language: Language;
  currency: Currency;
  /** The page's data, as the query cache holds it on the client: [queryKey, data]. */
  queries: [unknown[], unknown][];
}

/** The page's HTML for `<div id="root">`, or null when the route answers otherwise (a redirect). */
export async function render(input: RenderInput): Promise<string | null> {
  const i18n = await translations(input.language);
  const context = await handler.query(new Request(input.url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // renderToString is synchronous: the shared cache holds this request's data for exactly one render.
  for (const [key, data] of input.queries) queryClient.setQueryData(key, data);
  setDrawingQueries(input.queries);
  try {
    return renderToString(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <Providers initialCurrency={input.currency}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Providers>
        </I18nextProvider>
      </StrictMode>,
    );
  } finally {
    queryClient.clear();
    setDrawingQueries(null);
  }
}
