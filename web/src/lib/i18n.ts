import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from '@aylal/shared/i18n';
import { readStored, writeStored } from './storage.ts';

type Bundle = Record<string, Record<string, unknown>>;

// One chunk per language, so a visitor downloads only theirs.
const BUNDLES: Record<Language, () => Promise<{ default: Bundle }>> = {
  en: () => import('../locales/en.ts'),
  mn: () => import('../locales/mn.ts'),
};

export const NAMESPACES = [
  'common',
  'error',
  'meta',
  'publicNav',
  'auth',
  'footer',
  'landing',
  'landingNew',
  'admin',
  'jobs',
  'visaApplicationForm',
  'tripsList',
  'tripDetails',
  'transport',
  'consultationBooking',
  'cv',
  'contactUs',
  'profile',
] as const;

/** ?lang= (shared links, hreflang) first, then the saved choice, then English. */
export function initialLanguage(): Language {
  const fromUrl = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(fromUrl)) {
    writeStored(LANGUAGE_STORAGE_KEY, fromUrl);
    return fromUrl;
  }
  const stored = readStored(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

async function addBundle(language: Language) {
  if (i18n.hasResourceBundle(language, 'common')) return;
  const { default: bundle } = await BUNDLES[language]();
  for (const [namespace, resources] of Object.entries(bundle)) {
    i18n.addResourceBundle(language, namespace, resources, true, true);
  }
}

export async function initI18n(language: Language) {
  const { default: bundle } = await BUNDLES[language]();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: { [language]: bundle },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
}

export async function changeLanguage(language: Language) {
  await addBundle(language);
  await i18n.changeLanguage(language);
  writeStored(LANGUAGE_STORAGE_KEY, language);
  document.documentElement.lang = language;
}
