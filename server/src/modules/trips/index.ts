// The trip catalogue as one plugin (docs/decisions/032): the public routes and staff's, and the
// public list's answers, shared per process and forgotten by a change to a trip.
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../lib/storage.ts';
import { createCatalogueCache } from '../../lib/catalogue.ts';
import { adminTripsRoutes, tripsRoutes } from './routes.ts';
import type { TripCatalogueCache } from './public.ts';

export { addTripImage } from './images.ts';
export { findPublishedTrips, listPublishedTripPaths, type TripCatalogueCache } from './public.ts';
export { insertTrips } from './service.ts';
export { tripPages } from './page-data.ts';

/** The public catalogue's answers, kept `seconds` (CATALOGUE_CACHE_SECONDS; 0: none); the page loaders read it too. */
export const createTripCatalogueCache = (seconds: number): TripCatalogueCache => createCatalogueCache(seconds);

export const tripsModule: FastifyPluginAsync<{ db: Db; storage: Storage; cache: TripCatalogueCache }> = async (
  app,
  { db, storage, cache },
) => {
  app.changes.keep(cache, { tags: ['trip'] });
  await app.register(tripsRoutes, { db, cache });
  await app.register(adminTripsRoutes, { db, storage, prefix: '/admin' });
};
