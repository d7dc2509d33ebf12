import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '@aylal/shared/i18n';
import { changeLanguage } from '../../lib/i18n.ts';
import classes from '../../components/inverted-switch.module.css';

/** English or Mongolian, switchable anywhere; each name is written in its own language. */
export function LanguageSwitch({ fullWidth = false, inverted = false }: { fullWidth?: boolean; inverted?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      fullWidth={fullWidth}
      aria-label={t('language.label')}
      value={isLanguage(i18n.language) ? i18n.language : 'en'}
      onChange={(value) => isLanguage(value) && void changeLanguage(value)}
      data={LANGUAGES.map((code) => ({
        value: code,
        label: code === 'en' ? 'EN' : 'МН',
        title: t(`language.${code}`),
      }))}
      classNames={
        inverted
          ? { root: classes.invertedRoot, label: classes.invertedLabel, indicator: classes.invertedIndicator }
          : undefined
      }
    />
  );
}
