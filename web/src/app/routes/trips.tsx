import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { TRIPS_TOTAL_CAP } from '@aylal/shared/trip-rules';
import { useCurrency, useFormatPrice } from '../../lib/entities/currency.tsx';
import { tripsQueryOptions } from '../../features/trips/api/get-trips.ts';
import { TripCard } from '../../features/trips/components/trip-card.tsx';
import { TripFilters } from '../../features/trips/components/trip-filters.tsx';
import { ignoredTripFilters, readTripSearch, writeTripSearch, type TripSearch } from '@aylal/shared/trip-search';
import { Pager, usePagedResults } from '../../components/pager.tsx';
import { reveal } from '../../lib/reveal.ts';
import classes from './trips.module.css';
import { LoadFailed, PageHead } from '../../components/public-page.tsx';

const PAGE_SIZE = 12;
/** The label naming each filter in the notice about a shared link's unusable values. */
const FILTER_LABELS = {
  continent: 'filters.continent',
  type: 'filters.type',
  tags: 'filters.tags',
  destination: 'filters.destination',
  from: 'filters.dates',
  to: 'filters.dates',
  guests: 'filters.guests',
  minPrice: 'filters.priceRange',
  maxPrice: 'filters.priceRange',
  page: 'pagination',
} as const;

/** /trips: the catalogue with the spec's filters, kept in the URL (shareable, back button works). */
export function Component() {
  const { t } = useTranslation(['tripsList', 'common']);
  const [params, setParams] = useSearchParams();
  const search = readTripSearch(params);
  const ignored = [...new Set(ignoredTripFilters(params).map((key) => t(FILTER_LABELS[key])))];
  const apiSearch = writeTripSearch(search).toString();
  const trips = useQuery(tripsQueryOptions(apiSearch));
  const { currency } = useCurrency();
  const formatPrice = useFormatPrice();

  // A search, a cleared search or another page: the results are what changed, so the reader is
  // taken to them (on a phone they sit below the open filters), once the address has changed.
  const results = useRef<HTMLParagraphElement>(null);
  const revealResults = useRef(false);
  const { key } = useLocation();
  useEffect(() => {
    if (!revealResults.current) return;
    revealResults.current = false;
    reveal(results.current);
  }, [key]);
  const go = (next: TripSearch) => {
    revealResults.current = true;
    setParams(writeTripSearch(next), { preventScrollReset: true });
  };
  const { total, pages, pastEnd } = usePagedResults(trips, search.page, PAGE_SIZE, (page) =>
    setParams(writeTripSearch({ ...search, page }), { replace: true }),
  );

  return (
    <div className={`container ${classes.page}`}>
      <PageHead className={classes.head} title={t('title')} intro={t('intro')} />
      <div className={classes.layout}>
        <TripFilters search={search} currency={currency} onSearch={go} />
        <section aria-labelledby="trip-results" aria-busy={trips.isFetching}>
          <p id="trip-results" ref={results} className={classes.count} aria-live="polite">
            {trips.data
              ? trips.data.totalCapped
                ? t('resultsCapped', { count: TRIPS_TOTAL_CAP })
                : t('results', { count: total })
              : '\u00a0'}
          </p>
          {ignored.length > 0 && (
            <p className={classes.notice} role="status">
              {t('ignored', { filters: ignored.join(', ') })}
            </p>
          )}
          {trips.isError && !trips.data && (
            <LoadFailed className={classes.problem} message={t('loadFailed')} onRetry={trips.refetch} />
          )}
          {trips.data && trips.data.items.length === 0 && !pastEnd && <p className={classes.problem}>{t('empty')}</p>}
          <div className={classes.grid}>
            {trips.data?.items.map((trip, index) => (
              <TripCard key={trip.id} trip={trip} price={formatPrice(trip.fare)} first={index === 0} />
            ))}
          </div>
          <Pager
            page={search.page}
            pages={pages}
            label={t('pagination')}
            pageOf={t('pageOf', { page: Math.min(search.page, pages), pages })}
            onPage={(page) => go({ ...search, page })}
          />
        </section>
      </div>
    </div>
  );
}
