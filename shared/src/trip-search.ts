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

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
const positive = (value: string | null) => {
  const number = value === null || value === '' ? NaN : Number(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
};

/** Reads a search from the URL, dropping anything the API would refuse. */
export function readTripSearch(params: URLSearchParams): TripSearch {
  const guests = positive(params.get('guests'));
  const page = positive(params.get('page'));
  const from = params.get('from');
  const to = params.get('to');
  return {
    continent: oneOf(CONTINENTS, params.get('continent')),
    type: oneOf(TRIP_TYPES, params.get('type')),
    tags: (params.get('tags') ?? '')
      .split(',')
      .filter((tag): tag is TripTag => (TRIP_TAGS as readonly string[]).includes(tag)),
    destination: params.get('destination')?.trim().slice(0, 100) || undefined,
    from: from && DATE.test(from) ? from : undefined,
    to: to && DATE.test(to) && (!from || !DATE.test(from) || from <= to) ? to : undefined,
    guests: guests && guests >= 1 ? Math.floor(guests) : undefined,
    minPrice: positive(params.get('minPrice')),
    maxPrice: positive(params.get('maxPrice')),
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
