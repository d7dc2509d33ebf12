import type { TripDetail, TripImage, TripInput } from '@aylal/shared/schemas/trips';
import type { tripDetails, tripImages, trips } from '../../db/schema/trips.ts';

type TripRow = typeof trips.$inferSelect;
type ImageRow = typeof tripImages.$inferSelect;
type DetailsRow = typeof tripDetails.$inferSelect;

export const centsToUsd = (cents: number) => cents / 100;
export const usdToCents = (usd: number) => Math.round(usd * 100);

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
