// One trip with its stops, itinerary, dates and gallery: a published one for its public page, any
// for the back office.

import { and, asc, eq } from 'drizzle-orm';
import type { TripDetail } from '@aylal/shared/schemas/trips';
import type { Db } from '../../db/client.ts';
import { tripDepartures, tripDetails, tripImages, trips } from '../../db/schema/trips.ts';
import { findCatalogueRow } from '../../lib/catalogue.ts';
import { toDetail } from './mapping.ts';

async function loadDetail(db: Db, id: string, onlyPublished: boolean): Promise<TripDetail> {
  const row = await findCatalogueRow(id, 'TRIP_NOT_FOUND', () =>
    db
      .select()
      .from(trips)
      .where(onlyPublished ? and(eq(trips.id, id), eq(trips.status, 'published')) : eq(trips.id, id))
      .limit(1),
  );
  const [[details], departures, images] = await Promise.all([
    db.select().from(tripDetails).where(eq(tripDetails.tripId, id)).limit(1),
    db
      .select({ date: tripDepartures.date })
      .from(tripDepartures)
      .where(eq(tripDepartures.tripId, id))
      .orderBy(asc(tripDepartures.date)),
    db.select().from(tripImages).where(eq(tripImages.tripId, id)).orderBy(asc(tripImages.position)),
  ]);
  return toDetail(
    row,
    details,
    departures.map((departure) => departure.date),
    images,
  );
}

/** A published trip for its public page; drafts and unknown ids are 'Trip not found'. */
export function getPublishedTrip(db: Db, id: string): Promise<TripDetail> {
  return loadDetail(db, id, true);
}

/** Any trip, for the back office. */
export function getTrip(db: Db, id: string): Promise<TripDetail> {
  return loadDetail(db, id, false);
}
