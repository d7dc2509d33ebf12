import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '@aylal/shared/i18n';
import { changeLanguage } from '../../lib/i18n.ts';

const SHORT = { en: 'EN', mn: 'МН' } as const;

/** English or Mongolian, switchable anywhere; each name is given in its own language. */
export function LanguageSwitch({ fullWidth = false, inverted = false }: { fullWidth?: boolean; inverted?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <div
      className="switch"
      role="group"
      aria-label={t('language.label')}
      data-inverted={inverted || undefined}
      data-full={fullWidth || undefined}
    >
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={current === code}
          title={t(`language.${code}`)}
          onClick={() => void changeLanguage(code)}
        >
          {fullWidth ? t(`language.${code}`) : SHORT[code]}
        </button>
      ))}
    </div>
  );
}
