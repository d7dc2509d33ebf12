import { randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { and, asc, eq, max } from 'drizzle-orm';
import { TRIP_IMAGE_WIDTHS } from '@aylal/shared/trip-rules';
import type { TripImage } from '@aylal/shared/schemas/trips';
import type { Db } from '../../db/client.ts';
import { tripImages, trips } from '../../db/schema/trips.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertCatalogueId, findCatalogueRow } from '../../lib/catalogue.ts';
import type { Storage } from '../../lib/storage.ts';
import { recordChange } from '../audit/index.ts';
import { toImage } from './mapping.ts';

/** Uploads larger than this are refused (a phone photo is 3–8 MB). */
export const TRIP_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif']);
const MAX_PIXELS = 60_000_000;

const variantKey = (base: string, width: number) => `${base}-${width}.webp`;

async function assertTrip(db: Db, tripId: string) {
  // Not an id at all: no such trip (and nothing for the database to choke on).
  await findCatalogueRow(tripId, 'TRIP_NOT_FOUND', () =>
    db.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)).limit(1),
  );
}

/**
 * Adds a picture to a trip's gallery. The file's content decides (not its name or declared type):
 * JPEG, PNG, WebP, AVIF or HEIF, turned upright and stripped of metadata, stored as WebP at the
 * widths pages ask for, under a generated name.
 */
export async function addTripImage(
  db: Db,
  storage: Storage,
  /** The staff member adding it (null for the demo seed, which is no one's change). */
  actorId: string | null,
  tripId: string,
  data: Buffer,
  alt: { en: string; mn: string },
): Promise<TripImage> {
  await assertTrip(db, tripId);
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new AppError('UNSUPPORTED_IMAGE');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new AppError('UNSUPPORTED_IMAGE');
  }
  const base = `trips/${tripId}/${randomUUID()}`;
  let largest = { width: 0, height: 0 };
  try {
    for (const width of TRIP_IMAGE_WIDTHS) {
      const { data: output, info } = await sharp(data, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer({ resolveWithObject: true });
      await storage.put(variantKey(base, width), output);
      if (info.width >= largest.width) largest = { width: info.width, height: info.height };
    }
  } catch (error) {
    await Promise.all(TRIP_IMAGE_WIDTHS.map((width) => storage.remove(variantKey(base, width))));
    if (error instanceof AppError) throw error;
    throw new AppError('UNSUPPORTED_IMAGE');
  }
  const row = await db.transaction(async (tx) => {
    const [last] = await tx
      .select({ position: max(tripImages.position) })
      .from(tripImages)
      .where(eq(tripImages.tripId, tripId));
    const [inserted] = await tx
      .insert(tripImages)
      .values({
        tripId,
        position: (last?.position ?? -1) + 1,
        fileKey: base,
        width: largest.width,
        height: largest.height,
        altEn: alt.en,
        altMn: alt.mn,
      })
      .returning();
    if (actorId) await recordChange(tx, { actor: actorId, entity: 'trip', id: tripId, action: 'picture-add' });
    return inserted!;
  });
  return toImage(row);
}

export async function deleteTripImage(
  db: Db,
  storage: Storage,
  actorId: string,
  tripId: string,
  imageId: string,
): Promise<void> {
  assertCatalogueId(tripId, 'TRIP_NOT_FOUND');
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(tripImages)
      .where(and(eq(tripImages.tripId, tripId), eq(tripImages.id, imageId)))
      .returning();
    if (!deleted) throw new AppError('NOT_FOUND');
    await recordChange(tx, { actor: actorId, entity: 'trip', id: tripId, action: 'picture-remove' });
    return deleted;
  });
  await removeTripImageFiles(storage, [row.fileKey]);
}

/** Removes pictures' files, every width of each (a deleted picture, or a deleted trip's). */
export async function removeTripImageFiles(storage: Storage, fileKeys: string[]): Promise<void> {
  await Promise.all(
    fileKeys.flatMap((key) => TRIP_IMAGE_WIDTHS.map((width) => storage.remove(variantKey(key, width)))),
  );
}

/** Changes the text that describes a picture (shown to screen readers and in the viewer). */
export async function setTripImageAlt(
  db: Db,
  actorId: string,
  tripId: string,
  imageId: string,
  alt: { en: string; mn: string },
): Promise<TripImage> {
  await assertTrip(db, tripId);
  const row = await db.transaction(async (tx) => {
    const where = and(eq(tripImages.tripId, tripId), eq(tripImages.id, imageId));
    const [before] = await tx
      .select({ en: tripImages.altEn, mn: tripImages.altMn })
      .from(tripImages)
      .where(where)
      .for('update');
    if (!before) throw new AppError('NOT_FOUND');
    const [updated] = await tx.update(tripImages).set({ altEn: alt.en, altMn: alt.mn }).where(where).returning();
    await recordChange(tx, {
      actor: actorId,
      entity: 'trip',
      id: tripId,
      action: 'picture-alt',
      before: { alt: before },
      after: { alt },
    });
    return updated!;
  });
  return toImage(row);
}

/** Puts a trip's pictures in the order given (every picture of the trip, each once). */
export async function orderTripImages(db: Db, actorId: string, tripId: string, ids: string[]): Promise<TripImage[]> {
  await assertTrip(db, tripId);
  const current = await db.select({ id: tripImages.id }).from(tripImages).where(eq(tripImages.tripId, tripId));
  const known = new Set(current.map((row) => row.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
    throw new AppError('VALIDATION_FAILED', [{ path: 'body.ids', message: 'must list every image of the trip once' }]);
  }
  await db.transaction(async (tx) => {
    for (const [position, id] of ids.entries()) {
      await tx.update(tripImages).set({ position }).where(eq(tripImages.id, id));
    }
    await recordChange(tx, { actor: actorId, entity: 'trip', id: tripId, action: 'pictures-order' });
  });
  const rows = await db
    .select()
    .from(tripImages)
    .where(eq(tripImages.tripId, tripId))
    .orderBy(asc(tripImages.position));
  return rows.map(toImage);
}
