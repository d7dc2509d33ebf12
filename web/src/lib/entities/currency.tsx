import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY_STORAGE_KEY, DEFAULT_CURRENCY, formatPrice, isCurrency, type Currency } from '@aylal/shared/money';
import { readStored, writeChoiceCookie, writeStored } from '../storage.ts';
import { useLanguage } from '../use-language.ts';

interface CurrencyState {
  currency: Currency;
  setCurrency: (currency: Currency) => void;
}

const CurrencyContext = createContext<CurrencyState | null>(null);

/** The saved choice (the server reads the same from a cookie to draw prices alike). */
export function storedCurrency(): Currency {
  const stored = readStored(CURRENCY_STORAGE_KEY);
  return isCurrency(stored) ? stored : DEFAULT_CURRENCY;
}

/** The USD/MNT choice of the navigation bar, remembered in local storage. */
export function CurrencyProvider({ children, initial }: { children: ReactNode; initial?: Currency }) {
  const [currency, setState] = useState<Currency>(() => initial ?? storedCurrency());
  const setCurrency = useCallback((next: Currency) => {
    setState(next);
    writeStored(CURRENCY_STORAGE_KEY, next);
    writeChoiceCookie(CURRENCY_STORAGE_KEY, next);
  }, []);
  const value = useMemo(() => ({ currency, setCurrency }), [currency, setCurrency]);
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyState {
  const value = useContext(CurrencyContext);
  if (!value) throw new Error('useCurrency outside CurrencyProvider');
  return value;
}

/** The one price formatter for screens: a USD amount in the chosen currency and language; 0 is TBD. */
export function useFormatPrice() {
  const { currency } = useCurrency();
  const { t } = useTranslation(['common']);
  const language = useLanguage();
  return useCallback((usd: number) => formatPrice(usd, currency, language) ?? t('common:tbd'), [currency, language, t]);
}
