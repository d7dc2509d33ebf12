import type { PageMetaKey } from '@aylal/shared/routes';
import { TRIP_PAGE } from '@aylal/shared/routes';
import { readTripSearch, writeTripSearch } from '@aylal/shared/trip-search';
import {
  CARD_IMAGE_SIZES,
  GALLERY_THUMB_SIZES,
  TRIP_IMAGE_WIDTHS,
  tripImageSrcSet,
  TripDetailSchema,
  TripsQuerySchema,
  TripsResponseSchema,
  type TripImage,
} from '@aylal/shared/trips';
import type { Db } from '../../db/client.ts';
import { findPublishedTrips, getPublishedTrip } from './service.ts';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

const fetchPreload = (url: string) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(url)}">`;

/** The very picture the page's `<img>` will choose (same srcset and sizes), wanted first. */
const imagePreload = (image: TripImage, sizes: string) =>
  `<link rel="preload" as="image" href="${escapeAttribute(`${image.url}-${TRIP_IMAGE_WIDTHS[0]}.webp`)}" ` +
  `imagesrcset="${escapeAttribute(tripImageSrcSet(image.url))}" imagesizes="${sizes}" fetchpriority="high">`;

/**
 * What the catalogue and a trip's page ask for as soon as their code runs: their API answer
 * (the same URL the page builds, so the browser reuses it) and the first picture on screen.
 */
export async function tripPagePreloads(
  db: Db,
  key: PageMetaKey,
  pathname: string,
  search: URLSearchParams,
): Promise<string[]> {
  if (key === 'trips') {
    const query = writeTripSearch(readTripSearch(search)).toString();
    const links = [fetchPreload(`/api/trips${query ? `?${query}` : ''}`)];
    const parsed = TripsQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
    if (parsed.success) {
      // A hint only: if the search fails here, the page still goes out (and asks again itself).
      const cover = (await findPublishedTrips(db, parsed.data).catch(() => null))?.items[0]?.cover;
      if (cover) links.push(imagePreload(cover, CARD_IMAGE_SIZES));
    }
    return links;
  }
  const id = key === 'trip' ? TRIP_PAGE.exec(pathname)?.[1] : undefined;
  if (!id) return [];
  const links = [fetchPreload(`/api/trips/${encodeURIComponent(id)}`)];
  const first = (await getPublishedTrip(db, id).catch(() => null))?.images[0];
  if (first) links.push(imagePreload(first, GALLERY_THUMB_SIZES));
  return links;
}

/**
 * The data a public page draws with on the server, keyed as the web app's query cache keys it
 * (`['trips', search]`, `['trip', id]`), shaped exactly as the API answers. Null: the page is not
 * drawn on the server (not a public page, a search the API would refuse, an unknown trip).
 */
export async function publicPageQueries(
  db: Db,
  key: PageMetaKey,
  pathname: string,
  search: URLSearchParams,
): Promise<[unknown[], unknown][] | null> {
  if (key === 'home') return [];
  if (key === 'trips') {
    const query = writeTripSearch(readTripSearch(search)).toString();
    const parsed = TripsQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
    if (!parsed.success) return null;
    return [[['trips', query], TripsResponseSchema.parse(await findPublishedTrips(db, parsed.data))]];
  }
  const id = key === 'trip' ? TRIP_PAGE.exec(pathname)?.[1] : undefined;
  if (!id) return null;
  const trip = await getPublishedTrip(db, id).catch(() => null);
  return trip ? [[['trip', id], TripDetailSchema.parse(trip)]] : null;
}
