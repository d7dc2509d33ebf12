import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, isCurrency } from '@aylal/shared/money';
import { useCurrency } from './currency-context.tsx';
import classes from '../../components/inverted-switch.module.css';

export function CurrencySwitch({ fullWidth = false, inverted = false }: { fullWidth?: boolean; inverted?: boolean }) {
  const { currency, setCurrency } = useCurrency();
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      fullWidth={fullWidth}
      aria-label={t('currency.label')}
      value={currency}
      onChange={(value) => isCurrency(value) && setCurrency(value)}
      data={CURRENCIES.map((code) => ({ value: code, label: code === 'MNT' ? '₮ MNT' : '$ USD' }))}
      classNames={
        inverted
          ? { root: classes.invertedRoot, label: classes.invertedLabel, indicator: classes.invertedIndicator }
          : undefined
      }
    />
  );
}
