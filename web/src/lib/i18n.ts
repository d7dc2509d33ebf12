import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from '@aylal/shared/i18n';
import { readStored, writeChoiceCookie, writeStored } from './storage.ts';

type Resources = Record<string, unknown>;

/**
 * Namespaces every page needs, built into one small chunk per language. The page titles (`meta`)
 * load when the reader moves on (app/use-document-title.ts). The error messages are not among them either: the home page shows none until a sign-in fails (`withErrorMessages`), and every
 * other screen loads them with its words (app/router.tsx).
 */
export const CORE_NAMESPACES = ['common', 'publicNav', 'footer'] as const;

const CORE_BUNDLES: Record<Language, () => Promise<{ default: Record<string, Resources> }>> = {
  en: () => import('@aylal/locales/en'),
  mn: () => import('@aylal/locales/mn'),
};

// Every other namespace is a chunk of its own per language, loaded with the screen that uses it,
// so a visitor downloads only their language and only the words of the pages they open. A glob
// takes no package name: it reads the @aylal/locales workspace (locales/) by its path.
const NAMESPACE_FILES = import.meta.glob<Resources>(
  ['../../../locales/*/*.json', '!../../../locales/*/{common,publicNav,footer}.json'],
  { import: 'default' },
);

const usedNamespaces = new Set<string>();

// Screens may ask for their words before the first language is set up.
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => (markReady = resolve));

function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

async function loadFor(language: Language, namespaces: Iterable<string>) {
  await Promise.all(
    [...namespaces].map(async (namespace) => {
      if (i18n.hasResourceBundle(language, namespace)) return;
      const load = NAMESPACE_FILES[`../../../locales/${language}/${namespace}.json`];
      if (!load) throw new Error(`no locale file ${language}/${namespace}.json`);
      i18n.addResourceBundle(language, namespace, await load(), true, true);
    }),
  );
}

/** Makes the namespaces of a screen available in the current language (and any later one). */
export async function loadNamespaces(namespaces: readonly string[]) {
  // The server's renderer carries every namespace of its language.
  if (import.meta.env.SSR) return;
  for (const namespace of namespaces) usedNamespaces.add(namespace);
  await ready;
  await loadFor(currentLanguage(), namespaces);
}

/** Makes `error:<CODE>` messages available (the home page's sign-in and logout paths ask first). */
export function withErrorMessages(): Promise<void> {
  return loadNamespaces(['error']);
}

/** ?lang= (shared links, hreflang) first, then the saved choice, then English. */
export function initialLanguage(): Language {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('lang');
  if (url.searchParams.has('lang')) {
    // A shared link's language becomes the visitor's choice; the parameter has done its job and
    // leaves the address bar, so a later switch of language is not undone by a reload.
    url.searchParams.delete('lang');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  if (isLanguage(fromUrl)) {
    writeStored(LANGUAGE_STORAGE_KEY, fromUrl);
    writeChoiceCookie(LANGUAGE_STORAGE_KEY, fromUrl);
    return fromUrl;
  }
  const stored = readStored(LANGUAGE_STORAGE_KEY);
  const language = isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  writeChoiceCookie(LANGUAGE_STORAGE_KEY, language);
  return language;
}

export async function initI18n(language: Language) {
  const { default: core } = await CORE_BUNDLES[language]();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: [...CORE_NAMESPACES],
    defaultNS: 'common',
    resources: { [language]: core },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  document.documentElement.lang = language;
  markReady();
}

export async function changeLanguage(language: Language) {
  if (!i18n.hasResourceBundle(language, 'common')) {
    const { default: core } = await CORE_BUNDLES[language]();
    for (const [namespace, resources] of Object.entries(core)) {
      i18n.addResourceBundle(language, namespace, resources, true, true);
    }
  }
  await loadFor(language, usedNamespaces);
  await i18n.changeLanguage(language);
  writeStored(LANGUAGE_STORAGE_KEY, language);
  writeChoiceCookie(LANGUAGE_STORAGE_KEY, language);
  document.documentElement.lang = language;
}
