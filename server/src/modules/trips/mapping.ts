import type { TripDetail, TripImage, TripInput } from '@aylal/shared/schemas/trips';
import type { tripDetails, tripImages, trips } from '../../db/schema/trips.ts';

type TripRow = typeof trips.$inferSelect;
type ImageRow = typeof tripImages.$inferSelect;
type DetailsRow = typeof tripDetails.$inferSelect;

export const centsToUsd = (cents: number) => cents / 100;
export const usdToCents = (usd: number) => Math.round(usd * 100);

/** The columns every list of trips reads, public and staff's alike. */
export interface TripListColumns extends Record<string, unknown> {
  id: string;
  title_en: string;
  title_mn: string;
  continent: TripDetail['continent'];
  country_en: string;
  country_mn: string;
  destination_en: string;
  destination_mn: string;
  type: TripDetail['type'];
  duration_days: number;
  fare_cents: number;
  next_departure: string | null;
}

/** What a trip carries in every list, from its list columns. */
export function toTripListFields(row: TripListColumns) {
  return {
    id: row.id,
    title: { en: row.title_en, mn: row.title_mn },
    continent: row.continent,
    country: { en: row.country_en, mn: row.country_mn },
    destination: { en: row.destination_en, mn: row.destination_mn },
    type: row.type,
    durationDays: row.duration_days,
    fare: centsToUsd(row.fare_cents),
    nextDeparture: row.next_departure,
  };
}

export function toImage(row: Pick<ImageRow, 'id' | 'fileKey' | 'width' | 'height' | 'altEn' | 'altMn'>): TripImage {
  return {
    id: row.id,
    url: `/uploads/${row.fileKey}`,
    width: row.width,
    height: row.height,
    alt: { en: row.altEn, mn: row.altMn },
  };
}

export function toDetail(
  row: TripRow,
  details: DetailsRow | undefined,
  departures: string[],
  images: ImageRow[],
): TripDetail {
  return {
    id: row.id,
    status: row.status === 'published' ? 'published' : 'draft',
    title: { en: row.titleEn, mn: row.titleMn },
    summary: { en: row.summaryEn, mn: row.summaryMn },
    description: { en: details?.descriptionEn ?? '', mn: details?.descriptionMn ?? '' },
    continent: row.continent as TripDetail['continent'],
    country: { en: row.countryEn, mn: row.countryMn },
    destination: { en: row.destinationEn, mn: row.destinationMn },
    type: row.type as TripDetail['type'],
    tags: row.tags as TripDetail['tags'],
    mealPlan: row.mealPlan as TripDetail['mealPlan'],
    durationDays: row.durationDays,
    fare: centsToUsd(row.fareCents),
    capacity: row.capacity,
    departureDates: departures,
    stops: details?.stops ?? [],
    itinerary: details?.itinerary ?? [],
    images: images.map(toImage),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The trips columns an admin's input writes. */
export function toRow(input: TripInput) {
  return {
    status: input.status,
    titleEn: input.title.en,
    titleMn: input.title.mn,
    summaryEn: input.summary.en,
    summaryMn: input.summary.mn,
    continent: input.continent,
    countryEn: input.country.en,
    countryMn: input.country.mn,
    destinationEn: input.destination.en,
    destinationMn: input.destination.mn,
    type: input.type,
    tags: [...new Set(input.tags)],
    mealPlan: input.mealPlan,
    durationDays: input.durationDays,
    fareCents: usdToCents(input.fare),
    capacity: input.capacity,
    searchText: [
      input.destination.en,
      input.destination.mn,
      input.country.en,
      input.country.mn,
      input.title.en,
      input.title.mn,
    ]
      .join(' ')
      .toLocaleLowerCase(),
  };
}

/** The trip_details columns an admin's input writes. */
export function toDetailsRow(input: TripInput) {
  return {
    descriptionEn: input.description.en,
    descriptionMn: input.description.mn,
    stops: input.stops,
    itinerary: input.itinerary,
  };
}
