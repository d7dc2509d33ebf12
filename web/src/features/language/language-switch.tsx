import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@aylal/shared/i18n';
import { ToggleGroup } from '../../components/toggle-group.tsx';
import { changeLanguage } from '../../lib/i18n.ts';
import { useLanguage } from '../../lib/use-language.ts';

const SHORT = { en: 'EN', mn: 'МН' } as const;

/** English or Mongolian, switchable anywhere; each name is given in its own language. */
export function LanguageSwitch({ fullWidth = false, inverted = false }: { fullWidth?: boolean; inverted?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ToggleGroup
      label={t('language.label')}
      value={language}
      onChange={(language) => void changeLanguage(language)}
      options={LANGUAGES.map((code) => ({
        value: code,
        lang: code,
        title: t(`language.${code}`),
        label: fullWidth ? t(`language.${code}`) : SHORT[code],
      }))}
      fullWidth={fullWidth}
      inverted={inverted}
    />
  );
}
