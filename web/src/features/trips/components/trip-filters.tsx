import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { USD_TO_MNT, type Currency } from '@aylal/shared/money';
import { CONTINENTS, TRIP_TAGS, TRIP_TYPES, type TripTag } from '@aylal/shared/trip-rules';
import type { TripSearch } from '@aylal/shared/trip-search';
import classes from './trips.module.css';

const toShown = (usd: number | undefined, currency: Currency) =>
  usd === undefined ? '' : String(currency === 'MNT' ? Math.round(usd * USD_TO_MNT) : usd);
const toUsd = (shown: string, currency: Currency) => {
  if (shown.trim() === '') return undefined;
  const number = Number(shown);
  if (!Number.isFinite(number) || number < 0) return undefined;
  return currency === 'MNT' ? Math.round(number / USD_TO_MNT) : Math.round(number);
};

/**
 * The spec's trip filters (continent, type, tags, destination, dates, guests, price range) as a
 * plain form; submitting puts them in the URL. Prices are typed in the chosen currency.
 */
export function TripFilters({
  search,
  currency,
  onSearch,
}: {
  search: TripSearch;
  currency: Currency;
  onSearch: (search: TripSearch) => void;
}) {
  const { t } = useTranslation('tripsList');
  const [draft, setDraft] = useState(search);
  const [minPrice, setMinPrice] = useState(toShown(search.minPrice, currency));
  const [maxPrice, setMaxPrice] = useState(toShown(search.maxPrice, currency));
  useEffect(() => {
    setDraft(search);
    setMinPrice(toShown(search.minPrice, currency));
    setMaxPrice(toShown(search.maxPrice, currency));
  }, [search, currency]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch({ ...draft, minPrice: toUsd(minPrice, currency), maxPrice: toUsd(maxPrice, currency), page: 1 });
  }

  function toggleTag(tag: TripTag) {
    setDraft((current) => ({
      ...current,
      tags: current.tags.includes(tag) ? current.tags.filter((item) => item !== tag) : [...current.tags, tag],
    }));
  }

  const active =
    [
      search.continent,
      search.type,
      search.destination,
      search.from,
      search.to,
      search.guests,
      search.minPrice,
      search.maxPrice,
    ].filter((value) => value !== undefined).length + search.tags.length;

  // Open beside the results on wide screens; folded above them on phones until asked for. Opened
  // after the first render, so the server's HTML (which cannot know the width) hydrates as it is.
  const box = useRef<HTMLDetailsElement>(null);
  useLayoutEffect(() => {
    if (box.current && wideScreen()) box.current.open = true;
  }, []);
  return (
    <details className={classes.filtersBox} ref={box}>
      <summary className={classes.filtersSummary}>
        {t('showFilters')}
        {active > 0 && <span className={classes.activeCount}>{active}</span>}
      </summary>
      <form className={classes.filters} onSubmit={submit} aria-label={t('filtersTitle')}>
        <div className={classes.field}>
          <label htmlFor="trip-destination">{t('filters.destination')}</label>
          <input
            id="trip-destination"
            type="search"
            value={draft.destination ?? ''}
            placeholder={t('destinationPlaceholder')}
            maxLength={100}
            onChange={(event) => setDraft({ ...draft, destination: event.target.value || undefined })}
          />
        </div>
        <div className={classes.field}>
          <label htmlFor="trip-continent">{t('filters.continent')}</label>
          <select
            id="trip-continent"
            value={draft.continent ?? ''}
            onChange={(event) =>
              setDraft({ ...draft, continent: (event.target.value || undefined) as TripSearch['continent'] })
            }
          >
            <option value="">{t('any')}</option>
            {CONTINENTS.map((continent) => (
              <option key={continent} value={continent}>
                {t(`continents.${continent}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={classes.field}>
          <label htmlFor="trip-type">{t('filters.type')}</label>
          <select
            id="trip-type"
            value={draft.type ?? ''}
            onChange={(event) => setDraft({ ...draft, type: (event.target.value || undefined) as TripSearch['type'] })}
          >
            <option value="">{t('any')}</option>
            {TRIP_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className={classes.pair}>
          <legend>{t('filters.dates')}</legend>
          <div className={classes.field}>
            <label htmlFor="trip-from">{t('from')}</label>
            <input
              id="trip-from"
              type="date"
              value={draft.from ?? ''}
              onChange={(event) => setDraft({ ...draft, from: event.target.value || undefined })}
            />
          </div>
          <div className={classes.field}>
            <label htmlFor="trip-to">{t('to')}</label>
            <input
              id="trip-to"
              type="date"
              value={draft.to ?? ''}
              min={draft.from}
              onChange={(event) => setDraft({ ...draft, to: event.target.value || undefined })}
            />
          </div>
        </fieldset>
        <div className={classes.field}>
          <label htmlFor="trip-guests">{t('filters.guests')}</label>
          <input
            id="trip-guests"
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            value={draft.guests ?? ''}
            onChange={(event) =>
              setDraft({ ...draft, guests: event.target.value ? Number(event.target.value) : undefined })
            }
          />
        </div>
        <fieldset className={classes.pair}>
          <legend>{t('filters.priceRange')}</legend>
          <div className={classes.field}>
            <label htmlFor="trip-min-price">{t('minPrice', { currency })}</label>
            <input
              id="trip-min-price"
              type="number"
              inputMode="numeric"
              min={0}
              value={minPrice}
              onChange={(event) => setMinPrice(event.target.value)}
            />
          </div>
          <div className={classes.field}>
            <label htmlFor="trip-max-price">{t('maxPrice', { currency })}</label>
            <input
              id="trip-max-price"
              type="number"
              inputMode="numeric"
              min={0}
              value={maxPrice}
              onChange={(event) => setMaxPrice(event.target.value)}
            />
          </div>
        </fieldset>
        <fieldset className={classes.tags}>
          <legend>{t('filters.tags')}</legend>
          {TRIP_TAGS.map((tag) => (
            <label key={tag} className={classes.tag}>
              <input type="checkbox" checked={draft.tags.includes(tag)} onChange={() => toggleTag(tag)} />
              <span>{t(`tags.${tag}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className={classes.actions}>
          <button type="submit" className="btn btn-primary">
            {t('search')}
          </button>
          <button type="button" className="btn btn-light" onClick={() => onSearch({ tags: [], page: 1 })}>
            {t('clear')}
          </button>
        </div>
      </form>
    </details>
  );
}

function wideScreen() {
  return typeof window !== 'undefined' && window.matchMedia('(min-width: 62em)').matches;
}
