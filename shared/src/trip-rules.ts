// The trip vocabularies and pure helpers, free of zod so public screens stay light; the schemas
// built on them are in trips.ts.

// A trip's pictures and bilingual texts, in modules every page has at hand (the home page shows trips too).
export { pickText } from './i18n.ts';
export { CARD_IMAGE_SIZES, GALLERY_THUMB_SIZES, TRIP_IMAGE_WIDTHS, tripImageSrcSet } from './pictures.ts';

export const CONTINENTS = ['asia', 'europe', 'africa', 'north-america', 'south-america', 'oceania'] as const;
export type Continent = (typeof CONTINENTS)[number];

/** Spec section 2: single, couple, group. */
export const TRIP_TYPES = ['single', 'couple', 'group'] as const;
export type TripType = (typeof TRIP_TYPES)[number];

/** Spec section 3: plane, train, cruise, hiking/walking, car, bus. */
export const TRANSPORT_METHODS = ['plane', 'train', 'cruise', 'hiking', 'car', 'bus'] as const;
export type TransportMethod = (typeof TRANSPORT_METHODS)[number];

export const MEAL_PLANS = ['none', 'breakfast', 'half-board', 'full-board', 'all-inclusive'] as const;
export type MealPlan = (typeof MEAL_PLANS)[number];

/** The tag vocabulary (translated in the web's tripsList namespace under `tags`). */
export const TRIP_TAGS = [
  'nature',
  'culture',
  'adventure',
  'history',
  'food',
  'festival',
  'wildlife',
  'hiking',
  'beach',
  'city',
  'winter',
  'family',
  'photography',
  'nomadic-life',
  'horse-riding',
  'desert',
  'lakes',
  'mountains',
  'wellness',
  'shopping',
] as const;
export type TripTag = (typeof TRIP_TAGS)[number];

export const TRIP_STATUSES = ['draft', 'published'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

export const TRIPS_PAGE_SIZE_MAX = 50;

/** Matches are counted up to this many; a larger catalogue answer says "1,000+" (totalCapped). */
export const TRIPS_TOTAL_CAP = 1000;

export const ADMIN_TRIP_SORTS = ['newest', 'oldest', 'title', 'fare-asc', 'fare-desc', 'updated'] as const;
export type AdminTripSort = (typeof ADMIN_TRIP_SORTS)[number];
