import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '@aylal/shared/money';
import { ToggleGroup } from '../../components/toggle-group.tsx';
import { useCurrency } from '../../lib/entities/currency.tsx';

const LABEL = { USD: '$ USD', MNT: '₮ MNT' } as const;

/** Prices in US dollars or tögrög, remembered in local storage. */
export function CurrencySwitch({ fullWidth = false, inverted = false }: { fullWidth?: boolean; inverted?: boolean }) {
  const { currency, setCurrency } = useCurrency();
  const { t } = useTranslation();
  return (
    <ToggleGroup
      label={t('currency.label')}
      value={currency}
      onChange={setCurrency}
      options={CURRENCIES.map((code) => ({ value: code, label: LABEL[code] }))}
      fullWidth={fullWidth}
      inverted={inverted}
    />
  );
}
