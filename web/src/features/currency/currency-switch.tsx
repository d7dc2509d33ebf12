import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '@aylal/shared/money';
import { useCurrency } from './currency-context.tsx';

const LABEL = { USD: '$ USD', MNT: '₮ MNT' } as const;

/** Prices in US dollars or tögrög, remembered in local storage. */
export function CurrencySwitch({ fullWidth = false, inverted = false }: { fullWidth?: boolean; inverted?: boolean }) {
  const { currency, setCurrency } = useCurrency();
  const { t } = useTranslation();
  return (
    <div
      className="switch"
      role="group"
      aria-label={t('currency.label')}
      data-inverted={inverted || undefined}
      data-full={fullWidth || undefined}
    >
      {CURRENCIES.map((code) => (
        <button key={code} type="button" aria-pressed={currency === code} onClick={() => setCurrency(code)}>
          {LABEL[code]}
        </button>
      ))}
    </div>
  );
}
