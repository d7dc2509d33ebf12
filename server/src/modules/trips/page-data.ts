import type { Language } from '@aylal/shared/i18n';
import { tripPageTitle } from '@aylal/shared/page-titles';
import { queryKeys } from '@aylal/shared/query-keys';
import { readTripSearch, writeTripSearch } from '@aylal/shared/trip-search';
import {
  CARD_IMAGE_SIZES,
  GALLERY_THUMB_SIZES,
  pickText,
  TRIP_IMAGE_WIDTHS,
  tripImageSrcSet,
  TripDetailSchema,
  TripsQuerySchema,
  TripsResponseSchema,
  type TripDetail,
  type TripImage,
} from '@aylal/shared/schemas/trips';
import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { PageLoaders } from '../../plugins/web.ts';
import { getPublishedTrip } from './detail.ts';
import { findPublishedTrips, type TripCatalogueCache } from './public.ts';

const fetchPreload = (url: string) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}">`;

/** The very picture the page's `<img>` will choose (same srcset and sizes), wanted first. */
const imagePreload = (image: TripImage, sizes: string) =>
  `<link rel="preload" as="image" href="${escapeHtml(`${image.url}-${TRIP_IMAGE_WIDTHS[0]}.webp`)}" ` +
  `imagesrcset="${escapeHtml(tripImageSrcSet(image.url))}" imagesizes="${sizes}" fetchpriority="high">`;

/** Title, summary and first picture of a published trip's page, for the server-filled head. */
function describeTrip(trip: TripDetail, language: Language) {
  return {
    title: tripPageTitle(pickText(trip.title, language), language),
    description: pickText(trip.summary, language),
    image: trip.images[0] ? `${trip.images[0].url}-960.webp` : undefined,
  };
}

/**
 * What the server needs of the trip pages, read once per request: a trip page's description (null
 * for an unknown trip: a 404), preloads of what the page asks for as soon as its code runs (its
 * API answer, at the very URL the page builds, and its first picture), and the data it is drawn
 * with, under the web app's query keys and shaped as the API answers (`withData`).
 */
export function tripPages(db: Db, cache: TripCatalogueCache): Pick<PageLoaders, 'trips' | 'trip'> {
  return {
    trips: async (page) => {
      const query = writeTripSearch(readTripSearch(page.search)).toString();
      const preloads = [fetchPreload(`/api/trips${query ? `?${query}` : ''}`)];
      const parsed = TripsQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
      // A search the API would refuse: the page shows the refusal itself.
      if (!parsed.success) return { preloads, queries: null };
      // Hints and drawing are extras: if the search fails here, the shell goes and the page asks itself.
      const found = await findPublishedTrips(db, cache, parsed.data).catch(() => null);
      if (!found) return { preloads, queries: null };
      const cover = found.items[0]?.cover;
      return {
        preloads: cover ? [...preloads, imagePreload(cover, CARD_IMAGE_SIZES)] : preloads,
        queries: page.withData ? [[queryKeys.trips.list(query), TripsResponseSchema.parse(found)]] : null,
      };
    },
    trip: async (page) => {
      const id = page.params.id;
      if (!id) return { preloads: [], queries: null };
      const trip = await getPublishedTrip(db, id).catch(() => null);
      if (!trip) return { described: null, preloads: [], queries: null };
      const first = trip.images[0];
      return {
        described: describeTrip(trip, page.language),
        preloads: [
          fetchPreload(`/api/trips/${encodeURIComponent(id)}`),
          ...(first ? [imagePreload(first, GALLERY_THUMB_SIZES)] : []),
        ],
        queries: page.withData ? [[queryKeys.trips.detail(id), TripDetailSchema.parse(trip)]] : null,
      };
    },
  };
}
