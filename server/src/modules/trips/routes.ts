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
import { IdParams, errorAnswers, routeSchemas } from '../../lib/route-schemas.ts';

const tripsSchema = routeSchemas('trips', {});

/** /api/trips: the public catalogue (published trips only). */
export const tripsRoutes: FastifyPluginAsyncZod<{ db: Db; cache: TripCatalogueCache }> = async (app, { db, cache }) => {
  app.get(
    '/trips',
    {
      config: { publicCache: true },
      schema: tripsSchema('Published trips matching the search, newest first', {
        querystring: TripsQuerySchema,
        response: { 200: TripsResponseSchema, 400: ApiErrorSchema },
      }),
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return sendSharedAnswer(reply, await findPublishedTripsAnswer(db, cache, request.query));
    },
  );

  app.get(
    '/trips/:id',
    {
      config: { publicCache: true },
      schema: tripsSchema('A published trip with its stops, itinerary, dates and gallery', {
        params: IdParams,
        response: { 200: TripDetailSchema, 404: ApiErrorSchema },
      }),
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return getPublishedTrip(db, request.params.id);
    },
  );
};

const adminErrors = errorAnswers(400, 401, 403, 404);
const staffSchema = routeSchemas('admin', adminErrors);

/** /api/admin/trips: the back office's trips. Every route refuses anonymous callers and role user. */
export const adminTripsRoutes: FastifyPluginAsyncZod<{ db: Db; storage: Storage }> = async (app, { db, storage }) => {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(multipart, {
    limits: { fileSize: TRIP_IMAGE_MAX_BYTES, files: 1, fields: 4, fieldSize: 2000 },
  });

  app.get(
    '/trips',
    {
      schema: staffSchema('All trips, drafts included: search, filters, sorting and paging', {
        querystring: AdminTripsQuerySchema,
        response: { 200: AdminTripsResponseSchema },
      }),
    },
    async (request) => findTripsForAdmin(db, request.query),
  );

  app.post(
    '/trips',
    {
      config: { changes: ['trip'] },
      schema: staffSchema('Create a trip', { body: TripInputSchema, response: { 201: TripDetailSchema } }),
    },
    async (request, reply) => reply.status(201).send(await createTrip(db, request.user!.id, request.body)),
  );

  app.get(
    '/trips/:id',
    {
      schema: staffSchema('A trip, any status', { params: IdParams, response: { 200: TripDetailSchema } }),
    },
    async (request) => getTrip(db, request.params.id),
  );

  app.put(
    '/trips/:id',
    {
      config: { changes: ['trip'] },
      schema: staffSchema('Replace every field of a trip (stops, days and dates in the order given)', {
        params: IdParams,
        body: TripInputSchema,
        response: { 200: TripDetailSchema },
      }),
    },
    async (request) => updateTrip(db, request.user!.id, request.params.id, request.body),
  );

  app.patch(
    '/trips/:id/status',
    {
      config: { changes: ['trip'] },
      schema: staffSchema('Publish or unpublish a trip', {
        params: IdParams,
        body: SetTripStatusRequestSchema,
        response: { 200: TripDetailSchema },
      }),
    },
    async (request) => setTripStatus(db, request.user!.id, request.params.id, request.body.status),
  );

  app.delete(
    '/trips/:id',
    {
      config: { changes: ['trip'] },
      schema: staffSchema('Delete a trip', { params: IdParams, response: { 204: z.null() } }),
    },
    async (request, reply) => {
      const pictures = await deleteTrip(db, request.user!.id, request.params.id);
      await removeTripImageFiles(storage, pictures);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/trips/:id/images',
    {
      config: { changes: ['trip'] },
      schema: staffSchema('Add a picture to the gallery (multipart: file, altEn, altMn); stored as WebP variants', {
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 201: TripImageSchema, 413: ApiErrorSchema, 415: ApiErrorSchema },
      }),
    },
    async (request, reply) => {
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
  );

  app.put(
    '/trips/:id/images/order',
    {
      config: { changes: ['trip'] },
      schema: staffSchema("Order a trip's pictures (every picture id, once)", {
        params: IdParams,
        body: z.object({ ids: z.array(z.string().max(100)).max(200) }),
        response: { 200: z.array(TripImageSchema) },
      }),
    },
    async (request) => orderTripImages(db, request.user!.id, request.params.id, request.body.ids),
  );

  app.patch(
    '/trips/:id/images/:imageId',
    {
      config: { changes: ['trip'] },
      schema: staffSchema("Change a picture's description in both languages", {
        params: z.object({ id: z.string().max(100), imageId: z.uuid() }),
        body: z.object({ alt: z.object({ en: z.string().trim().max(300), mn: z.string().trim().max(300) }) }),
        response: { 200: TripImageSchema },
      }),
    },
    async (request) =>
      setTripImageAlt(db, request.user!.id, request.params.id, request.params.imageId, request.body.alt),
  );

  app.delete(
    '/trips/:id/images/:imageId',
    {
      config: { changes: ['trip'] },
      schema: staffSchema('Remove a picture and its files', {
        params: z.object({ id: z.string().max(100), imageId: z.uuid() }),
        response: { 204: z.null() },
      }),
    },
    async (request, reply) => {
      await deleteTripImage(db, storage, request.user!.id, request.params.id, request.params.imageId);
      return reply.status(204).send(null);
    },
  );
};
