import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AnyOfSelect } from '../../../components/any-of-select.tsx';
import { todayUtc } from '@aylal/shared/field-rules';
import { USD_TO_MNT, type Currency } from '@aylal/shared/money';
import { CONTINENTS, TRIP_TAGS, TRIP_TYPES, type TripTag } from '@aylal/shared/trip-rules';
import { TRIP_GUESTS_MAX, TRIP_PRICE_MAX, type TripSearch } from '@aylal/shared/trip-search';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { parseTypedDate, withinLimits } from '../../../lib/forms/typed-date.ts';
import { TripDateField } from './trip-date-field.tsx';
import classes from './trips.module.css';

const toShown = (usd: number | undefined, currency: Currency) =>
  usd === undefined ? '' : String(currency === 'MNT' ? Math.round(usd * USD_TO_MNT) : usd);
const toUsd = (shown: string, currency: Currency) => {
  if (shown.trim() === '') return undefined;
  const number = Number(shown);
  if (!Number.isFinite(number) || number < 0) return undefined;
  return currency === 'MNT' ? Math.round(number / USD_TO_MNT) : Math.round(number);
};

type Problem = 'price' | 'priceTooHigh' | 'maxBelowMin' | 'date' | 'toBeforeFrom' | 'guests';
type Problems = Partial<Record<'minPrice' | 'maxPrice' | 'from' | 'to' | 'guests', Problem>>;
type Dates = { from: string; to: string };

/** A typed day as the search keeps it: 'YYYY-MM-DD', or nothing while it is empty or not a day. */
const toDay = (text: string) => parseTypedDate(text) ?? undefined;

/** What is wrong with the typed filters, field by field (empty when they can be searched). */
function check(draft: TripSearch, dates: Dates, minPrice: string, maxPrice: string, currency: Currency): Problems {
  const problems: Problems = {};
  const price = (shown: string): Problem | undefined => {
    if (shown.trim() === '') return undefined;
    const number = Number(shown);
    if (!Number.isFinite(number) || number < 0) return 'price';
    return (toUsd(shown, currency) ?? 0) > TRIP_PRICE_MAX ? 'priceTooHigh' : undefined;
  };
  problems.minPrice = price(minPrice);
  problems.maxPrice = price(maxPrice);
  const min = toUsd(minPrice, currency);
  const max = toUsd(maxPrice, currency);
  if (!problems.minPrice && !problems.maxPrice && min !== undefined && max !== undefined && max < min) {
    problems.maxPrice = 'maxBelowMin';
  }
  const day = (text: string): Problem | undefined => (text.trim() === '' || toDay(text) ? undefined : 'date');
  problems.from = day(dates.from);
  problems.to = day(dates.to);
  const from = toDay(dates.from);
  const to = toDay(dates.to);
  if (from && to && to < from) problems.to = 'toBeforeFrom';
  if (
    draft.guests !== undefined &&
    !(Number.isInteger(draft.guests) && draft.guests >= 1 && draft.guests <= TRIP_GUESTS_MAX)
  ) {
    problems.guests = 'guests';
  }
  for (const key of Object.keys(problems) as (keyof Problems)[]) if (!problems[key]) delete problems[key];
  return problems;
}

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
  // The dates as typed (decision 029): the search gets them once they are days.
  const [dates, setDates] = useState<Dates>({ from: search.from ?? '', to: search.to ?? '' });
  // The date fields left once: what is not a day is said from then on.
  const [left, setLeft] = useState<Partial<Record<keyof Dates, boolean>>>({});
  useEffect(() => {
    setDraft(search);
    setDates({ from: search.from ?? '', to: search.to ?? '' });
    setLeft({});
    setMinPrice(toShown(search.minPrice, currency));
    setMaxPrice(toShown(search.maxPrice, currency));
  }, [search, currency]);

  // Said at the field once a search was refused, and gone as soon as the field is mended.
  const [tried, setTried] = useState(false);
  const problems = check(draft, dates, minPrice, maxPrice, currency);
  // A date is said as a filter would be once a search was refused; sooner when its field was left
  // (not a day), and at once when the end comes before the start.
  const isShown = (field: keyof Problems) =>
    tried || problems[field] === 'toBeforeFrom' || (problems[field] === 'date' && left[field as keyof Dates] === true);
  const shownProblems = Object.fromEntries(
    Object.entries(problems).filter(([field]) => isShown(field as keyof Problems)),
  ) as Problems;
  const maxShown = currency === 'MNT' ? Math.round(TRIP_PRICE_MAX * USD_TO_MNT) : TRIP_PRICE_MAX;
  const invalid = (field: keyof Problems) => {
    const problem = shownProblems[field];
    return problem
      ? {
          'aria-invalid': true,
          'aria-describedby': `trip-${field}-error`,
          message: (
            <p id={`trip-${field}-error`} className={classes.fieldError}>
              {t(`invalid.${problem}`, {
                max: maxShown.toLocaleString('en-US'),
                // Today as the example, kept on or after the start for the end.
                example: withinLimits(todayUtc(), field === 'to' ? toDay(dates.from) : undefined),
              })}
            </p>
          ),
        }
      : { message: null };
  };
  const minPriceProblem = invalid('minPrice');
  const maxPriceProblem = invalid('maxPrice');
  const fromProblem = invalid('from');
  const toProblem = invalid('to');
  const guestsProblem = invalid('guests');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (Object.keys(problems).length > 0) {
      setTried(true);
      focusFirstInvalid();
      return;
    }
    setTried(false);
    onSearch({
      ...draft,
      from: toDay(dates.from),
      to: toDay(dates.to),
      minPrice: toUsd(minPrice, currency),
      maxPrice: toUsd(maxPrice, currency),
      page: 1,
    });
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
        {/* The browser's own triangle is gone with display: flex; this one turns when open. */}
        <IconChevronDown size={18} aria-hidden="true" className={classes.filtersChevron} />
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
          <AnyOfSelect
            id="trip-continent"
            any={t('any')}
            options={CONTINENTS}
            optionLabel={(continent) => t(`continents.${continent}`)}
            value={draft.continent}
            onChange={(continent) => setDraft({ ...draft, continent })}
          />
        </div>
        <div className={classes.field}>
          <label htmlFor="trip-type">{t('filters.type')}</label>
          <AnyOfSelect
            id="trip-type"
            any={t('any')}
            options={TRIP_TYPES}
            optionLabel={(type) => t(`types.${type}`)}
            value={draft.type}
            onChange={(type) => setDraft({ ...draft, type })}
          />
        </div>
        <fieldset className={`${classes.pair} ${classes.datePair}`}>
          <legend>{t('filters.dates')}</legend>
          <TripDateField
            id="trip-from"
            label={t('from')}
            text={dates.from}
            problem={fromProblem}
            onText={(from) => setDates((current) => ({ ...current, from }))}
            onLeave={() => setLeft((current) => ({ ...current, from: true }))}
          />
          <TripDateField
            id="trip-to"
            label={t('to')}
            text={dates.to}
            min={toDay(dates.from)}
            align="end"
            problem={toProblem}
            onText={(to) => setDates((current) => ({ ...current, to }))}
            onLeave={() => setLeft((current) => ({ ...current, to: true }))}
          />
        </fieldset>
        <NumberFilter
          id="trip-guests"
          label={t('filters.guests')}
          min={1}
          max={TRIP_GUESTS_MAX}
          value={draft.guests ?? ''}
          problem={guestsProblem}
          onChange={(guests) => setDraft({ ...draft, guests: guests ? Number(guests) : undefined })}
        />
        <fieldset className={classes.pair}>
          <legend>{t('filters.priceRange')}</legend>
          <NumberFilter
            id="trip-min-price"
            label={t('minPrice', { currency })}
            min={0}
            value={minPrice}
            problem={minPriceProblem}
            onChange={setMinPrice}
          />
          <NumberFilter
            id="trip-max-price"
            label={t('maxPrice', { currency })}
            min={0}
            value={maxPrice}
            problem={maxPriceProblem}
            onChange={setMaxPrice}
          />
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
          <button
            type="button"
            className="btn btn-light"
            onClick={() => {
              setTried(false);
              onSearch({ tags: [], page: 1 });
            }}
          >
            {t('clear')}
          </button>
        </div>
      </form>
    </details>
  );
}

/** A field's refusal: the attributes that tie it to its message, and the message (none when it is fine). */
interface FieldProblem {
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  message: ReactNode;
}

/** A whole number to filter by (guests, a price): its label, the field and its message when refused. */
function NumberFilter(props: {
  id: string;
  label: string;
  min: number;
  max?: number;
  value: number | string;
  problem: FieldProblem;
  onChange: (value: string) => void;
}) {
  return (
    <div className={classes.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="number"
        inputMode="numeric"
        min={props.min}
        max={props.max}
        value={props.value}
        aria-invalid={props.problem['aria-invalid']}
        aria-describedby={props.problem['aria-describedby']}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.problem.message}
    </div>
  );
}

function wideScreen() {
  return typeof window !== 'undefined' && window.matchMedia('(min-width: 62em)').matches;
}
