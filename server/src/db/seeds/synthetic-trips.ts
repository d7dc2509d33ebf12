import type { Continent, TripInput, TripTag, TripType } from '@aylal/shared/schemas/trips';
import { MEAL_PLANS, TRANSPORT_METHODS, TRIP_TAGS, TRIP_TYPES } from '@aylal/shared/schemas/trips';
import { insertTrips } from '../../modules/trips/index.ts';
import type { Db } from '../client.ts';

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

const PLACES: { continent: Continent; country: string; countryMn: string; destination: string; mn: string }[] = [
  { continent: 'asia', country: 'Mongolia', countryMn: 'Монгол', destination: 'Gobi Desert', mn: 'Говь' },
  { continent: 'asia', country: 'Mongolia', countryMn: 'Монгол', destination: 'Lake Khövsgöl', mn: 'Хөвсгөл нуур' },
  { continent: 'asia', country: 'Mongolia', countryMn: 'Монгол', destination: 'Terelj', mn: 'Тэрэлж' },
  { continent: 'asia', country: 'Mongolia', countryMn: 'Монгол', destination: 'Altai Mountains', mn: 'Алтайн нуруу' },
  { continent: 'asia', country: 'South Korea', countryMn: 'Өмнөд Солонгос', destination: 'Seoul', mn: 'Сөүл' },
  { continent: 'asia', country: 'Japan', countryMn: 'Япон', destination: 'Kyoto', mn: 'Киото' },
  { continent: 'asia', country: 'China', countryMn: 'Хятад', destination: 'Beijing', mn: 'Бээжин' },
  { continent: 'asia', country: 'Thailand', countryMn: 'Тайланд', destination: 'Phuket', mn: 'Пхукет' },
  { continent: 'asia', country: 'Indonesia', countryMn: 'Индонез', destination: 'Bali', mn: 'Бали' },
  {
    continent: 'asia',
    country: 'United Arab Emirates',
    countryMn: 'Арабын Нэгдсэн Эмират',
    destination: 'Dubai',
    mn: 'Дубай',
  },
  { continent: 'europe', country: 'Turkey', countryMn: 'Турк', destination: 'Istanbul', mn: 'Истанбул' },
  {
    continent: 'europe',
    country: 'Switzerland',
    countryMn: 'Швейцарь',
    destination: 'Swiss Alps',
    mn: 'Альпийн нуруу',
  },
  { continent: 'europe', country: 'France', countryMn: 'Франц', destination: 'Paris', mn: 'Парис' },
  { continent: 'europe', country: 'Italy', countryMn: 'Итали', destination: 'Rome', mn: 'Ром' },
  { continent: 'africa', country: 'Egypt', countryMn: 'Египет', destination: 'Cairo', mn: 'Каир' },
  { continent: 'africa', country: 'Kenya', countryMn: 'Кени', destination: 'Maasai Mara', mn: 'Масаи Мара' },
  {
    continent: 'north-america',
    country: 'United States',
    countryMn: 'Америкийн Нэгдсэн Улс',
    destination: 'New York',
    mn: 'Нью-Йорк',
  },
  { continent: 'north-america', country: 'Canada', countryMn: 'Канад', destination: 'Banff', mn: 'Банфф' },
  { continent: 'south-america', country: 'Peru', countryMn: 'Перу', destination: 'Machu Picchu', mn: 'Мачу Пикчу' },
  { continent: 'oceania', country: 'Australia', countryMn: 'Австрали', destination: 'Sydney', mn: 'Сидней' },
];

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

const BATCH = 1000;

export async function seedSyntheticTrips(db: Db, count: number, log: (message: string) => void = () => undefined) {
  const all = syntheticTrips(count);
  const base = Date.now();
  for (let start = 0; start < all.length; start += BATCH) {
    // Spread creation times so "newest first" has a real order.
    await insertTrips(db, all.slice(start, start + BATCH), (index) => new Date(base - (start + index) * 60_000));
    if ((start / BATCH) % 10 === 9) log(`  ${start + BATCH} trips`);
  }
  // What autovacuum would do soon after: statistics, and the visibility map index-only scans need.
  await db.$client.query('vacuum analyze trips, trip_details, trip_departures');
}
