import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@aylal/shared/errors';
import {
  AdminTripsQuerySchema,
  AdminTripsResponseSchema,
  SetTripStatusRequestSchema,
  TripDetailSchema,
  TripInputSchema,
  TripsQuerySchema,
  TripsResponseSchema,
} from '@aylal/shared/trips';
import type { Db } from '../../db/client.ts';
import {
  createTrip,
  deleteTrip,
  findPublishedTrips,
  findTripsForAdmin,
  getPublishedTrip,
  getTrip,
  setTripStatus,
  updateTrip,
} from './service.ts';

const IdParams = z.object({ id: z.string().max(100) });

/** /api/trips: the public catalogue (published trips only). */
export const tripsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/trips',
    {
      schema: {
        tags: ['trips'],
        summary: 'Published trips matching the search, newest first',
        querystring: TripsQuerySchema,
        response: { 200: TripsResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return findPublishedTrips(db, request.query);
    },
  );

  app.get(
    '/trips/:id',
    {
      schema: {
        tags: ['trips'],
        summary: 'A published trip with its stops, itinerary, dates and gallery',
        params: IdParams,
        response: { 200: TripDetailSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return getPublishedTrip(db, request.params.id);
    },
  );
};

const adminErrors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** /api/admin/trips: the back office's trips. Every route refuses anonymous callers and role user. */
export const adminTripsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/trips',
    {
      schema: {
        tags: ['admin'],
        summary: 'All trips, drafts included: search, filters, sorting and paging',
        querystring: AdminTripsQuerySchema,
        response: { 200: AdminTripsResponseSchema, ...adminErrors },
      },
    },
    async (request) => findTripsForAdmin(db, request.query),
  );

  app.post(
    '/trips',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a trip',
        body: TripInputSchema,
        response: { 201: TripDetailSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createTrip(db, request.body)),
  );

  app.get(
    '/trips/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'A trip, any status',
        params: IdParams,
        response: { 200: TripDetailSchema, ...adminErrors },
      },
    },
    async (request) => getTrip(db, request.params.id),
  );

  app.put(
    '/trips/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace every field of a trip (stops, days and dates in the order given)',
        params: IdParams,
        body: TripInputSchema,
        response: { 200: TripDetailSchema, ...adminErrors },
      },
    },
    async (request) => updateTrip(db, request.params.id, request.body),
  );

  app.patch(
    '/trips/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Publish or unpublish a trip',
        params: IdParams,
        body: SetTripStatusRequestSchema,
        response: { 200: TripDetailSchema, ...adminErrors },
      },
    },
    async (request) => setTripStatus(db, request.params.id, request.body.status),
  );

  app.delete(
    '/trips/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a trip',
        params: IdParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await deleteTrip(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
