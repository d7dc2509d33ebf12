import { CONTINENTS, TRIP_TAGS, TRIP_TYPES, type Continent, type TripTag, type TripType } from './trip-rules.ts';

/** The trip search as the URL holds it: exactly GET /api/trips's parameters, so links can be shared. */
export interface TripSearch {
  continent?: Continent;
  type?: TripType;
  tags: TripTag[];
  destination?: string;
  from?: string;
  to?: string;
  guests?: number;
  minPrice?: number;
  maxPrice?: number;
  page: number;
}

/** The API's bounds (TripsQuerySchema): a value beyond them is dropped, not sent to fail. */
export const TRIP_PRICE_MAX = 1_000_000;
export const TRIP_GUESTS_MAX = 1000;
const PAGE_MAX = 10_000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar day as YYYY-MM-DD within the API's years ('2027-02-30' is not one). */
export function isTripDate(value: string | null | undefined): value is string {
  const match = value ? DATE.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 2999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
const positive = (value: string | null, max: number) => {
  const number = value === null || value === '' ? NaN : Number(value);
  return Number.isFinite(number) && number >= 0 && number <= max ? number : undefined;
};

/** Reads a search from the URL, dropping anything the API would refuse. */
export function readTripSearch(params: URLSearchParams): TripSearch {
  const guests = positive(params.get('guests'), TRIP_GUESTS_MAX);
  const page = positive(params.get('page'), PAGE_MAX);
  const from = params.get('from');
  const to = params.get('to');
  const minPrice = positive(params.get('minPrice'), TRIP_PRICE_MAX);
  const maxPrice = positive(params.get('maxPrice'), TRIP_PRICE_MAX);
  return {
    continent: oneOf(CONTINENTS, params.get('continent')),
    type: oneOf(TRIP_TYPES, params.get('type')),
    tags: (params.get('tags') ?? '')
      .split(',')
      .filter((tag): tag is TripTag => (TRIP_TAGS as readonly string[]).includes(tag)),
    destination: params.get('destination')?.trim().slice(0, 100) || undefined,
    from: isTripDate(from) ? from : undefined,
    to: isTripDate(to) && (!isTripDate(from) || from <= to) ? to : undefined,
    guests: guests && guests >= 1 ? Math.floor(guests) : undefined,
    minPrice,
    maxPrice: maxPrice !== undefined && (minPrice === undefined || minPrice <= maxPrice) ? maxPrice : undefined,
    page: page && page >= 1 ? Math.floor(page) : 1,
  };
}

/** The URL (and API) parameters of a search, in a stable order. */
export function writeTripSearch(search: TripSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.continent) params.set('continent', search.continent);
  if (search.type) params.set('type', search.type);
  if (search.tags.length) params.set('tags', search.tags.join(','));
  if (search.destination) params.set('destination', search.destination);
  if (search.from) params.set('from', search.from);
  if (search.to) params.set('to', search.to);
  if (search.guests) params.set('guests', String(search.guests));
  if (search.minPrice !== undefined) params.set('minPrice', String(search.minPrice));
  if (search.maxPrice !== undefined && (search.minPrice === undefined || search.maxPrice >= search.minPrice)) {
    params.set('maxPrice', String(search.maxPrice));
  }
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/**
 * The filters a URL names that its search had to leave out (a price beyond the API's, a day that
 * does not exist, an end before the start…), so the page can say so instead of failing.
 */
export function ignoredTripFilters(params: URLSearchParams): (keyof TripSearch)[] {
  const search = readTripSearch(params);
  const kept = writeTripSearch(search);
  const ignored: (keyof TripSearch)[] = [];
  for (const key of [
    'continent',
    'type',
    'tags',
    'destination',
    'from',
    'to',
    'guests',
    'minPrice',
    'maxPrice',
  ] as const) {
    const raw = params.get(key)?.trim();
    if (raw && !kept.has(key)) ignored.push(key);
  }
  if (listed(params.get('tags')).some((tag) => !search.tags.includes(tag as TripTag)) && !ignored.includes('tags')) {
    ignored.push('tags');
  }
  return ignored;
}

const listed = (value: string | null) => (value ?? '').split(',').filter(Boolean);
