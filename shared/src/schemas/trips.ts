import { z } from 'zod';
import {
  ADMIN_TRIP_SORTS,
  CONTINENTS,
  MEAL_PLANS,
  TRANSPORT_METHODS,
  TRIP_STATUSES,
  TRIP_TAGS,
  TRIP_TYPES,
  TRIPS_PAGE_SIZE_MAX,
} from '../trip-rules.ts';

export * from '../trip-rules.ts';

/** Text in both interface languages; either may be empty and fall back to the other. */
export const BilingualSchema = z.object({
  en: z.string().trim().max(20_000),
  mn: z.string().trim().max(20_000),
});
export type Bilingual = z.infer<typeof BilingualSchema>;

const BilingualTitleSchema = z
  .object({ en: z.string().trim().max(200), mn: z.string().trim().max(200) })
  .refine((value) => value.en !== '' || value.mn !== '', { message: 'required in at least one language' });

/** A calendar date PostgreSQL and people can both use (no year 0, nothing past 2999). */
const isoDate = z.iso.date().refine((date) => date >= '1900-01-01' && date <= '2999-12-31', 'not a plausible date');

export const TripStopSchema = z.object({
  place: BilingualTitleSchema,
  transport: z.enum(TRANSPORT_METHODS),
});

export const TripDaySchema = z.object({
  day: z.number().int().min(1).max(365),
  title: BilingualTitleSchema,
  activities: z.array(BilingualTitleSchema).max(30),
});

/** What an admin writes: every field of a trip except its images and bookkeeping. */
export const TripInputSchema = z.object({
  title: BilingualTitleSchema,
  summary: BilingualSchema,
  description: BilingualSchema,
  continent: z.enum(CONTINENTS),
  country: BilingualTitleSchema,
  destination: BilingualTitleSchema,
  type: z.enum(TRIP_TYPES),
  tags: z.array(z.enum(TRIP_TAGS)).max(10),
  mealPlan: z.enum(MEAL_PLANS),
  durationDays: z.number().int().min(1).max(365),
  /** US dollars per person; 0 shows as TBD. */
  fare: z.number().min(0).max(1_000_000).multipleOf(0.01),
  capacity: z.number().int().min(1).max(1000),
  departureDates: z.array(isoDate).max(200),
  stops: z.array(TripStopSchema).max(50),
  itinerary: z.array(TripDaySchema).max(365),
  status: z.enum(TRIP_STATUSES),
});
export type TripInput = z.infer<typeof TripInputSchema>;

const csv = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(item).max(20));

/** GET /api/trips query parameters (published trips only). */
export const TripsQuerySchema = z
  .object({
    continent: z.enum(CONTINENTS).optional(),
    type: z.enum(TRIP_TYPES).optional(),
    tags: csv(z.enum(TRIP_TAGS)).optional(),
    destination: z.string().trim().min(1).max(100).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    guests: z.coerce.number().int().min(1).max(1000).optional(),
    minPrice: z.coerce.number().min(0).max(1_000_000).optional(),
    maxPrice: z.coerce.number().min(0).max(1_000_000).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(TRIPS_PAGE_SIZE_MAX).default(12),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['to'],
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    message: 'minPrice must not exceed maxPrice',
    path: ['maxPrice'],
  });
export type TripsQuery = z.infer<typeof TripsQuerySchema>;

export const TripImageSchema = z.object({
  id: z.string(),
  /** Base URL of the image; append `-{width}.webp` for a variant (see TRIP_IMAGE_WIDTHS). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: BilingualSchema,
});
export type TripImage = z.infer<typeof TripImageSchema>;

export const TripListItemSchema = z.object({
  id: z.string(),
  title: BilingualSchema,
  summary: BilingualSchema,
  continent: z.enum(CONTINENTS),
  country: BilingualSchema,
  destination: BilingualSchema,
  type: z.enum(TRIP_TYPES),
  tags: z.array(z.enum(TRIP_TAGS)),
  durationDays: z.number().int(),
  fare: z.number(),
  nextDeparture: z.string().nullable(),
  cover: TripImageSchema.nullable(),
});
export type TripListItem = z.infer<typeof TripListItemSchema>;

export const TripsResponseSchema = z.object({
  items: z.array(TripListItemSchema),
  /** Exact up to TRIPS_TOTAL_CAP; when more trips match, TRIPS_TOTAL_CAP with totalCapped true. */
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type TripsResponse = z.infer<typeof TripsResponseSchema>;

export const TripDetailSchema = TripInputSchema.extend({
  id: z.string(),
  title: BilingualSchema,
  country: BilingualSchema,
  destination: BilingualSchema,
  images: z.array(TripImageSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TripDetail = z.infer<typeof TripDetailSchema>;

/** GET /api/admin/trips: every trip, drafts included. */
export const AdminTripsQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(TRIP_STATUSES).optional(),
  continent: z.enum(CONTINENTS).optional(),
  type: z.enum(TRIP_TYPES).optional(),
  sort: z.enum(ADMIN_TRIP_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminTripsQuery = z.infer<typeof AdminTripsQuerySchema>;

export const AdminTripListItemSchema = z.object({
  id: z.string(),
  title: BilingualSchema,
  status: z.enum(TRIP_STATUSES),
  continent: z.enum(CONTINENTS),
  country: BilingualSchema,
  destination: BilingualSchema,
  type: z.enum(TRIP_TYPES),
  durationDays: z.number().int(),
  fare: z.number(),
  nextDeparture: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminTripListItem = z.infer<typeof AdminTripListItemSchema>;

export const AdminTripsResponseSchema = z.object({ items: z.array(AdminTripListItemSchema), total: z.number().int() });
export type AdminTripsResponse = z.infer<typeof AdminTripsResponseSchema>;

export const SetTripStatusRequestSchema = z.object({ status: z.enum(TRIP_STATUSES) });
