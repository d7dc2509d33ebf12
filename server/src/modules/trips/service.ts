// Staff's changes to trips (docs/decisions/018: each with its history row): create, replace,
// publish or unpublish, delete; and many at once for demo content.

import { eq } from 'drizzle-orm';
import type { TripDetail, TripInput, TripStatus } from '@aylal/shared/schemas/trips';
import type { Db, Tx } from '../../db/client.ts';
import { tripDepartures, tripDetails, tripImages, trips } from '../../db/schema/trips.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertCatalogueId, changeCatalogueItem } from '../../lib/catalogue.ts';
import { recordChange, type AuditValues } from '../audit/index.ts';
import { getTrip } from './detail.ts';
import { toDetail, toDetailsRow, toRow } from './mapping.ts';

/** What a trip's history compares: the form's fields (pictures have their own entries). */
function auditView(input: Omit<TripInput, 'departureDates'> & { departureDates: string[] }): AuditValues {
  return { ...input, departureDates: [...new Set(input.departureDates)].sort() };
}

/** The trip as saved, for its history: read under the row lock of the change that follows. */
async function lockTripForAudit(tx: Tx, id: string): Promise<AuditValues | null> {
  const [row] = await tx.select().from(trips).where(eq(trips.id, id)).for('update');
  if (!row) return null;
  const [[details], departures] = await Promise.all([
    tx.select().from(tripDetails).where(eq(tripDetails.tripId, id)).limit(1),
    tx.select({ date: tripDepartures.date }).from(tripDepartures).where(eq(tripDepartures.tripId, id)),
  ]);
  const {
    id: _id,
    images: _images,
    createdAt: _c,
    updatedAt: _u,
    ...input
  } = toDetail(
    row,
    details,
    departures.map((departure) => departure.date),
    [],
  );
  return auditView(input);
}

/** The status as saved, for its history, under the row lock of the change that follows. */
async function lockStatus(tx: Tx, id: string) {
  const [row] = await tx.select({ status: trips.status }).from(trips).where(eq(trips.id, id)).for('update');
  return row;
}

export async function createTrip(db: Db, actorId: string, input: TripInput): Promise<TripDetail> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(trips).values(toRow(input)).returning({ id: trips.id });
    await tx.insert(tripDetails).values({ tripId: row!.id, ...toDetailsRow(input) });
    const departures = [...new Set(input.departureDates)];
    if (departures.length)
      await tx.insert(tripDepartures).values(departures.map((date) => ({ tripId: row!.id, date })));
    await recordChange(tx, { actor: actorId, entity: 'trip', id: row!.id, action: 'create' });
    return row!.id;
  });
  return getTrip(db, id);
}

export async function updateTrip(db: Db, actorId: string, id: string, input: TripInput): Promise<TripDetail> {
  await changeCatalogueItem(db, id, 'TRIP_NOT_FOUND', lockTripForAudit, async (tx, before) => {
    const [row] = await tx
      .update(trips)
      .set({ ...toRow(input), updatedAt: new Date() })
      .where(eq(trips.id, id))
      .returning({ id: trips.id, status: trips.status });
    if (!row) throw new AppError('TRIP_NOT_FOUND');
    await tx
      .insert(tripDetails)
      .values({ tripId: id, ...toDetailsRow(input) })
      .onConflictDoUpdate({ target: tripDetails.tripId, set: toDetailsRow(input) });
    await tx.delete(tripDepartures).where(eq(tripDepartures.tripId, id));
    const departures = [...new Set(input.departureDates)];
    if (departures.length) await tx.insert(tripDepartures).values(departures.map((date) => ({ tripId: id, date })));
    await recordChange(tx, { actor: actorId, entity: 'trip', id, action: 'update', before, after: auditView(input) });
  });
  return getTrip(db, id);
}

export async function setTripStatus(db: Db, actorId: string, id: string, status: TripStatus): Promise<TripDetail> {
  await changeCatalogueItem(db, id, 'TRIP_NOT_FOUND', lockStatus, async (tx, before) => {
    await tx.update(trips).set({ status, updatedAt: new Date() }).where(eq(trips.id, id));
    await recordChange(tx, { actor: actorId, entity: 'trip', id, action: 'status', before, after: { status } });
  });
  return getTrip(db, id);
}

/** Deletes a trip; answers its pictures' file keys, for the caller to remove from storage (as jobs do). */
export async function deleteTrip(db: Db, actorId: string, id: string): Promise<string[]> {
  assertCatalogueId(id, 'TRIP_NOT_FOUND');
  return db.transaction(async (tx) => {
    const pictures = await tx.select({ key: tripImages.fileKey }).from(tripImages).where(eq(tripImages.tripId, id));
    const deleted = await tx.delete(trips).where(eq(trips.id, id)).returning({ title: trips.titleEn });
    if (deleted.length === 0) throw new AppError('TRIP_NOT_FOUND');
    await recordChange(tx, { actor: actorId, entity: 'trip', id, action: 'delete' });
    return pictures.map((picture) => picture.key);
  });
}

/** Inserts many trips at once (demo content, benchmarks); answers their ids in the order given. */
export async function insertTrips(db: Db, inputs: TripInput[], createdAt?: (index: number) => Date): Promise<string[]> {
  const ids = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(trips)
      .values(
        inputs.map((input, index) => ({ ...toRow(input), ...(createdAt ? { createdAt: createdAt(index) } : {}) })),
      )
      .returning({ id: trips.id });
    await tx
      .insert(tripDetails)
      .values(rows.map((row, index) => ({ tripId: row.id, ...toDetailsRow(inputs[index]!) })));
    const departures = rows.flatMap((row, index) =>
      [...new Set(inputs[index]!.departureDates)].map((date) => ({ tripId: row.id, date })),
    );
    for (let start = 0; start < departures.length; start += 5000) {
      await tx.insert(tripDepartures).values(departures.slice(start, start + 5000));
    }
    return rows.map((row) => row.id);
  });
  return ids;
}
