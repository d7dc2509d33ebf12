import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@aylal/shared/schemas/errors';
import {
  AdminTripsQuerySchema,
  AdminTripsResponseSchema,
  SetTripStatusRequestSchema,
  TripDetailSchema,
  TripInputSchema,
  TripsQuerySchema,
  TripsResponseSchema,
} from '@aylal/shared/schemas/trips';
import multipart from '@fastify/multipart';
import { TripImageSchema } from '@aylal/shared/schemas/trips';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../lib/storage.ts';
import { sendSharedAnswer } from '../../lib/ttl-cache.ts';
import {
  addTripImage,
  deleteTripImage,
  orderTripImages,
  removeTripImageFiles,
  setTripImageAlt,
  TRIP_IMAGE_MAX_BYTES,
} from './images.ts';
import { getPublishedTrip, getTrip } from './detail.ts';
import { findPublishedTripsAnswer, type TripCatalogueCache } from './public.ts';
import { createTrip, deleteTrip, setTripStatus, updateTrip } from './service.ts';
import { findTripsForAdmin } from './staff-list.ts';
import { routeGroup } from '../../lib/route-group.ts';
import { IdParams, errorAnswers } from '../../lib/route-schemas.ts';

/** /api/trips: the public catalogue (published trips only). */
export const tripsRoutes: FastifyPluginAsyncZod<{ db: Db; cache: TripCatalogueCache }> = async (app, { db, cache }) => {
  const trips = routeGroup(app, 'trips', {});

  trips.get('/trips', {
    summary: 'Published trips matching the search, newest first',
    publicCache: true,
    querystring: TripsQuerySchema,
    response: { 200: TripsResponseSchema, 400: ApiErrorSchema },
    handler: async (request, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return sendSharedAnswer(reply, await findPublishedTripsAnswer(db, cache, request.query));
    },
  });

  trips.get('/trips/:id', {
    summary: 'A published trip with its stops, itinerary, dates and gallery',
    publicCache: true,
    params: IdParams,
    response: { 200: TripDetailSchema, 404: ApiErrorSchema },
    handler: async (request, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return getPublishedTrip(db, request.params.id);
    },
  });
};

const adminErrors = errorAnswers(400, 401, 403, 404);

/** /api/admin/trips: the back office's trips. Every route refuses anonymous callers and role user. */
export const adminTripsRoutes: FastifyPluginAsyncZod<{ db: Db; storage: Storage }> = async (app, { db, storage }) => {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(multipart, {
    limits: { fileSize: TRIP_IMAGE_MAX_BYTES, files: 1, fields: 4, fieldSize: 2000 },
  });
  const staff = routeGroup(app, 'admin', adminErrors);

  staff.get('/trips', {
    summary: 'All trips, drafts included: search, filters, sorting and paging',
    querystring: AdminTripsQuerySchema,
    response: { 200: AdminTripsResponseSchema },
    handler: async (request) => findTripsForAdmin(db, request.query),
  });

  staff.post('/trips', {
    summary: 'Create a trip',
    changes: ['trip'],
    body: TripInputSchema,
    response: { 201: TripDetailSchema },
    handler: async (request, reply) => reply.status(201).send(await createTrip(db, request.user!.id, request.body)),
  });

  staff.get('/trips/:id', {
    summary: 'A trip, any status',
    params: IdParams,
    response: { 200: TripDetailSchema },
    handler: async (request) => getTrip(db, request.params.id),
  });

  staff.put('/trips/:id', {
    summary: 'Replace every field of a trip (stops, days and dates in the order given)',
    changes: ['trip'],
    params: IdParams,
    body: TripInputSchema,
    response: { 200: TripDetailSchema },
    handler: async (request) => updateTrip(db, request.user!.id, request.params.id, request.body),
  });

  staff.patch('/trips/:id/status', {
    summary: 'Publish or unpublish a trip',
    changes: ['trip'],
    params: IdParams,
    body: SetTripStatusRequestSchema,
    response: { 200: TripDetailSchema },
    handler: async (request) => setTripStatus(db, request.user!.id, request.params.id, request.body.status),
  });

  staff.delete('/trips/:id', {
    summary: 'Delete a trip',
    changes: ['trip'],
    params: IdParams,
    response: { 204: z.null() },
    handler: async (request, reply) => {
      const pictures = await deleteTrip(db, request.user!.id, request.params.id);
      await removeTripImageFiles(storage, pictures);
      return reply.status(204).send(null);
    },
  });

  staff.post('/trips/:id/images', {
    summary: 'Add a picture to the gallery (multipart: file, altEn, altMn); stored as WebP variants',
    changes: ['trip'],
    consumes: ['multipart/form-data'],
    params: IdParams,
    response: { 201: TripImageSchema, 413: ApiErrorSchema, 415: ApiErrorSchema },
    handler: async (request, reply) => {
      const part = await request.file();
      if (!part) throw new AppError('VALIDATION_FAILED', [{ path: 'body.file', message: 'a file is required' }]);
      const data = await part.toBuffer();
      const field = (name: string) => {
        const value = part.fields[name];
        return value && !Array.isArray(value) && value.type === 'field' ? String(value.value).trim().slice(0, 300) : '';
      };
      const image = await addTripImage(db, storage, request.user!.id, request.params.id, data, {
        en: field('altEn'),
        mn: field('altMn'),
      });
      return reply.status(201).send(image);
    },
  });

  staff.put('/trips/:id/images/order', {
    summary: "Order a trip's pictures (every picture id, once)",
    changes: ['trip'],
    params: IdParams,
    body: z.object({ ids: z.array(z.string().max(100)).max(200) }),
    response: { 200: z.array(TripImageSchema) },
    handler: async (request) => orderTripImages(db, request.user!.id, request.params.id, request.body.ids),
  });

  staff.patch('/trips/:id/images/:imageId', {
    summary: "Change a picture's description in both languages",
    changes: ['trip'],
    params: z.object({ id: z.string().max(100), imageId: z.uuid() }),
    body: z.object({ alt: z.object({ en: z.string().trim().max(300), mn: z.string().trim().max(300) }) }),
    response: { 200: TripImageSchema },
    handler: async (request) =>
      setTripImageAlt(db, request.user!.id, request.params.id, request.params.imageId, request.body.alt),
  });

  staff.delete('/trips/:id/images/:imageId', {
    summary: 'Remove a picture and its files',
    changes: ['trip'],
    params: z.object({ id: z.string().max(100), imageId: z.uuid() }),
    response: { 204: z.null() },
    handler: async (request, reply) => {
      await deleteTripImage(db, storage, request.user!.id, request.params.id, request.params.imageId);
      return reply.status(204).send(null);
    },
  });
};
