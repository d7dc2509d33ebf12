import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, partOf, updatedAt } from './columns.ts';
import type { z } from 'zod';
import type { TripDaySchema, TripStopSchema } from '@aylal/shared/schemas/trips';

type TripStop = z.infer<typeof TripStopSchema>;
type TripDay = z.infer<typeof TripDaySchema>;

/**
 * A guided trip: what the catalogue searches and lists, kept narrow so a search over a large
 * catalogue reads little. Long texts, stops and days are in trip_details. Money in US cents.
 */
export const trips = pgTable(
  'trips',
  {
    id: id(),
    status: text('status').notNull().default('draft'),
    titleEn: text('title_en').notNull().default(''),
    titleMn: text('title_mn').notNull().default(''),
    summaryEn: text('summary_en').notNull().default(''),
    summaryMn: text('summary_mn').notNull().default(''),
    continent: text('continent').notNull(),
    countryEn: text('country_en').notNull().default(''),
    countryMn: text('country_mn').notNull().default(''),
    destinationEn: text('destination_en').notNull().default(''),
    destinationMn: text('destination_mn').notNull().default(''),
    type: text('type').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mealPlan: text('meal_plan').notNull(),
    durationDays: integer('duration_days').notNull(),
    fareCents: integer('fare_cents').notNull(),
    capacity: integer('capacity').notNull(),
    /**
     * Lower-cased destination, country and titles, matched by the destination search (trigram
     * indexed). Lower-cased by the app: a database created with the C locale lowers ASCII only.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('trips_status_check', sql`${table.status} in ('draft', 'published')`),
    check('trips_fare_check', sql`${table.fareCents} >= 0`),
    check('trips_capacity_check', sql`${table.capacity} > 0`),
    check('trips_duration_check', sql`${table.durationDays} > 0`),
    index('trips_published_created_idx')
      .on(table.createdAt.desc(), table.id)
      .where(sql`${table.status} = 'published'`),
    index('trips_published_fare_idx')
      .on(table.fareCents)
      .where(sql`${table.status} = 'published'`),
    index('trips_continent_type_idx').on(table.continent, table.type),
    index('trips_tags_idx').using('gin', table.tags),
    index('trips_search_text_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/** What a trip's own page shows beyond the catalogue card. */
export const tripDetails = pgTable('trip_details', {
  tripId: uuid('trip_id')
    .primaryKey()
    .references(() => trips.id, { onDelete: 'cascade' }),
  descriptionEn: text('description_en').notNull().default(''),
  descriptionMn: text('description_mn').notNull().default(''),
  stops: jsonb('stops').$type<TripStop[]>().notNull().default([]),
  itinerary: jsonb('itinerary').$type<TripDay[]>().notNull().default([]),
});

/** One row per departure date, so a date range search is an index range scan. */
export const tripDepartures = pgTable(
  'trip_departures',
  {
    tripId: partOf('trip_id', () => trips.id),
    date: date('date', { mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tripId, table.date] }),
    index('trip_departures_date_idx').on(table.date, table.tripId),
  ],
);

/** Gallery images, in order; files live under DATA_DIR/uploads behind the storage interface. */
export const tripImages = pgTable(
  'trip_images',
  {
    id: id(),
    tripId: partOf('trip_id', () => trips.id),
    position: integer('position').notNull(),
    fileKey: text('file_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    altEn: text('alt_en').notNull().default(''),
    altMn: text('alt_mn').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('trip_images_trip_position_idx').on(table.tripId, table.position)],
);
