import type { TripDetail, TripImage, TripInput } from '@aylal/shared/trips';
import type { tripImages, trips } from '../../db/schema/trips.ts';

type TripRow = typeof trips.$inferSelect;
type ImageRow = typeof tripImages.$inferSelect;

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

export function toDetail(row: TripRow, departures: string[], images: ImageRow[]): TripDetail {
  return {
    id: row.id,
    status: row.status === 'published' ? 'published' : 'draft',
    title: { en: row.titleEn, mn: row.titleMn },
    summary: { en: row.summaryEn, mn: row.summaryMn },
    description: { en: row.descriptionEn, mn: row.descriptionMn },
    continent: row.continent as TripDetail['continent'],
    country: row.country,
    destination: row.destination,
    type: row.type as TripDetail['type'],
    tags: row.tags as TripDetail['tags'],
    mealPlan: row.mealPlan as TripDetail['mealPlan'],
    durationDays: row.durationDays,
    fare: centsToUsd(row.fareCents),
    capacity: row.capacity,
    departureDates: departures,
    stops: row.stops,
    itinerary: row.itinerary,
    images: images.map(toImage),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns an admin's input writes. */
export function toRow(input: TripInput) {
  return {
    status: input.status,
    titleEn: input.title.en,
    titleMn: input.title.mn,
    summaryEn: input.summary.en,
    summaryMn: input.summary.mn,
    descriptionEn: input.description.en,
    descriptionMn: input.description.mn,
    continent: input.continent,
    country: input.country,
    destination: input.destination,
    type: input.type,
    tags: [...new Set(input.tags)],
    mealPlan: input.mealPlan,
    durationDays: input.durationDays,
    fareCents: usdToCents(input.fare),
    capacity: input.capacity,
    stops: input.stops,
    itinerary: input.itinerary,
    searchText: [input.destination, input.country, input.title.en, input.title.mn].join(' ').toLocaleLowerCase(),
  };
}
