import type { TripInput, TripTag, TripType } from '@aylal/shared/schemas/trips';
import { CONTINENTS, MEAL_PLANS, TRANSPORT_METHODS, TRIP_TAGS, TRIP_TYPES } from '@aylal/shared/schemas/trips';
import { insertTrips } from '../../modules/trips/index.ts';
import { z } from 'zod';
import type { Db } from '../client.ts';
import { insertInBatches, quiet, readSeedData, type SeedLog } from './seed-data.ts';

/** Deterministic pseudo-random numbers, so a benchmark catalogue is the same every time. */
export function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** Where trips go, in synthetic-trips.json. */
const { places: PLACES } = readSeedData(
  './synthetic-trips.json',
  z.object({
    places: z.array(
      z.object({
        continent: z.enum(CONTINENTS),
        country: z.string(),
        countryMn: z.string(),
        destination: z.string(),
        mn: z.string(),
      }),
    ),
  }),
);

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

/** `count` plausible published trips for load tests, spread over places, types, tags, prices and 2027. */
export function syntheticTrips(count: number, seed = 42): TripInput[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, index) => {
    const place = pick(next, PLACES);
    const type: TripType = pick(next, TRIP_TYPES);
    const days = 3 + Math.floor(next() * 10);
    const tags = [...new Set([pick(next, TRIP_TAGS), pick(next, TRIP_TAGS), pick(next, TRIP_TAGS)])] as TripTag[];
    const departures = Array.from({ length: 1 + Math.floor(next() * 4) }, () => {
      const day = Math.floor(next() * 360);
      return new Date(Date.UTC(2027, 0, 3) + day * 86_400_000).toISOString().slice(0, 10);
    });
    return {
      title: {
        en: `${place.destination} ${days}-day tour #${index + 1}`,
        mn: `${place.mn} ${days} өдрийн аялал №${index + 1}`,
      },
      summary: {
        en: `A ${days}-day guided trip to ${place.destination}.`,
        mn: `${place.mn} руу ${days} өдрийн хөтөчтэй аялал.`,
      },
      description: { en: '', mn: '' },
      continent: place.continent,
      country: { en: place.country, mn: place.countryMn },
      destination: { en: place.destination, mn: place.mn },
      type,
      tags,
      mealPlan: pick(next, MEAL_PLANS),
      durationDays: days,
      fare: next() < 0.02 ? 0 : 300 + Math.floor(next() * 4200),
      capacity: type === 'single' ? 1 : type === 'couple' ? 2 : 6 + Math.floor(next() * 25),
      departureDates: departures,
      stops: [
        { place: { en: 'Ulaanbaatar', mn: 'Улаанбаатар' }, transport: 'plane' },
        { place: { en: place.destination, mn: place.mn }, transport: pick(next, TRANSPORT_METHODS) },
      ],
      itinerary: Array.from({ length: days }, (_, day) => ({
        day: day + 1,
        title: { en: `Day ${day + 1}`, mn: `${day + 1} дэх өдөр` },
        activities: [{ en: 'Guided visit', mn: 'Хөтөчтэй аялал' }],
      })),
      status: 'published',
    };
  });
}

export async function seedSyntheticTrips(db: Db, count: number, log: SeedLog = quiet) {
  await insertInBatches(
    syntheticTrips(count),
    1000,
    (rows, createdAt) => insertTrips(db, rows, createdAt),
    log,
    'trips',
  );
  // What autovacuum would do soon after: statistics, and the visibility map index-only scans need.
  await db.$client.query('vacuum analyze trips, trip_details, trip_departures');
}
