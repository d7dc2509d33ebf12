import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminActionRequestSchema,
  AdminConsultationDetailSchema,
  AdminConsultationsQuerySchema,
  AdminConsultationsResponseSchema,
  BookConsultationRequestSchema,
  CalendarQuerySchema,
  CalendarResponseSchema,
  ConsultationPlaceRequestSchema,
  ConsultationSchema,
  MyConsultationsResponseSchema,
  RescheduleRequestSchema,
  SlotsResponseSchema,
  WorkingHoursSchema,
} from '@aylal/shared/schemas/consultations';
import { ApiErrorSchema } from '@aylal/shared/schemas/errors';
import { attachment } from '../../lib/content-disposition.ts';
import { requestLanguage } from '../../lib/messages.ts';
import type { Db } from '../../db/client.ts';
import { actOnConsultation, calendarFor, findForAdmin, getForAdmin, setPlace } from './back-office.ts';
import { getWorkingHours } from '../../lib/agency-clock.ts';
import { openSlots, setWorkingHours, SlotCandidates } from './hours.ts';
import type { ConsultationMail } from './mail.ts';
import { book, calendarFileOfMine, cancelMine, listMine, rescheduleMine } from './traveller.ts';
import { requireUserOr, routeGroup } from '../../lib/route-group.ts';
import { IdParams, errorAnswers } from '../../lib/route-schemas.ts';

/** What both consultation route plugins are given: the database and the app's one consultation mail. */
export interface ConsultationsOptions {
  db: Db;
  mail: ConsultationMail;
}

const errors = errorAnswers(400, 401, 404, 409);

const WorkingHoursResponseSchema = z.object({
  weekdays: z.array(z.number().int()),
  dayStart: z.string(),
  dayEnd: z.string(),
  slotMinutes: z.number().int(),
  timeZone: z.string(),
  horizonDays: z.number().int(),
  leadHours: z.number().int(),
  officeAddress: z.string(),
  tripFeeUsd: z.number().int(),
  visaFeeUsd: z.number().int(),
});

/** /api/consultations: open slots for anyone; booking and one's own consultations when signed in. */
export const consultationsRoutes: FastifyPluginAsyncZod<ConsultationsOptions> = async (app, { db, mail }) => {
  const candidates = new SlotCandidates();

  const reads = routeGroup(app, 'consultations', {});
  const booking = routeGroup(app, 'consultations', errors);

  reads.get('/consultations/slots', {
    summary: 'Open consultation slots (UTC starts) from now to the end of the booking horizon',
    response: { 200: SlotsResponseSchema },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return openSlots(db, candidates);
    },
  });

  booking.post('/consultations', {
    summary:
      'Book a consultation about a trip or a submitted visa application (one open slot, the cancellation policy acknowledged)',
    changes: ['consultation'],
    body: BookConsultationRequestSchema,
    response: { 201: ConsultationSchema },
    // Signed out: the spec's own words, 'Please log in to book this trip'.
    onRequest: requireUserOr(app, 'LOGIN_TO_BOOK'),
    handler: async (request, reply) =>
      reply.status(201).send(await book(db, mail, request.user!.id, request.body, requestLanguage(request.headers))),
  });

  reads.get('/consultations', {
    summary: "The signed-in traveller's consultations: upcoming first, then past",
    response: { 200: MyConsultationsResponseSchema, 401: ApiErrorSchema },
    onRequest: app.requireUser,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listMine(db, request.user!.id);
    },
  });

  booking.get('/consultations/:id/calendar.ics', {
    summary: 'One of my pending or confirmed consultations as a calendar file (with where it happens)',
    params: IdParams,
    response: { 200: z.string() },
    onRequest: app.requireUser,
    handler: async (request, reply) => {
      const file = await calendarFileOfMine(
        db,
        mail,
        request.user!.id,
        request.params.id,
        requestLanguage(request.headers),
      );
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', attachment('aylal-consultation.ics'))
        .send(file);
    },
  });

  booking.post('/consultations/:id/cancel', {
    summary: 'Cancel one of my consultations (at least 24 hours ahead)',
    changes: ['consultation'],
    params: IdParams,
    response: { 200: ConsultationSchema },
    onRequest: app.requireUser,
    handler: async (request) => cancelMine(db, mail, request.user!.id, request.params.id),
  });

  booking.post('/consultations/:id/reschedule', {
    summary: 'Move one of my consultations to another open slot (up to 48 hours before)',
    changes: ['consultation'],
    params: IdParams,
    body: RescheduleRequestSchema,
    response: { 200: ConsultationSchema },
    onRequest: app.requireUser,
    handler: async (request) => rescheduleMine(db, mail, request.user!.id, request.params.id, request.body),
  });
};

const adminErrors = { ...errors, 403: ApiErrorSchema };

/** /api/admin/consultations and the consultation hours in Settings: admins only. */
export const adminConsultationsRoutes: FastifyPluginAsyncZod<ConsultationsOptions> = async (app, { db, mail }) => {
  const staff = routeGroup(app, 'admin', adminErrors, app.requireAdmin);

  staff.get('/consultations', {
    summary: 'Consultations: filters by state, agency dates, trip and traveller; sorting; paging',
    querystring: AdminConsultationsQuerySchema,
    response: { 200: AdminConsultationsResponseSchema },
    handler: async (request) => findForAdmin(db, request.query),
  });

  staff.get('/consultations/calendar', {
    summary: 'Consultations starting in [from, to), at most 62 days, for the calendar',
    querystring: CalendarQuerySchema,
    response: { 200: CalendarResponseSchema },
    handler: async (request) => calendarFor(db, request.query),
  });

  staff.get('/consultations/:id', {
    summary: 'A consultation with its history',
    params: IdParams,
    response: { 200: AdminConsultationDetailSchema },
    handler: async (request) => getForAdmin(db, request.params.id),
  });

  staff.post('/consultations/:id/actions', {
    summary: 'Confirm, complete, mark a no-show or cancel (with an optional note), or add a note',
    changes: ['consultation'],
    params: IdParams,
    body: AdminActionRequestSchema,
    response: { 200: AdminConsultationDetailSchema },
    handler: async (request) => actOnConsultation(db, mail, request.user!.id, request.params.id, request.body),
  });

  staff.put('/consultations/:id/place', {
    summary: 'Set where it happens: the office (address from Settings), another place, or a video link (https)',
    changes: ['consultation'],
    params: IdParams,
    body: ConsultationPlaceRequestSchema,
    response: { 200: AdminConsultationDetailSchema },
    handler: async (request) => setPlace(db, mail, request.user!.id, request.params.id, request.body),
  });

  staff.get('/settings/consultation-hours', {
    summary: "The agency's consultation hours",
    response: { 200: WorkingHoursResponseSchema },
    handler: async () => getWorkingHours(db),
  });

  staff.put('/settings/consultation-hours', {
    summary: "Change the agency's consultation hours (booked consultations stay as they are)",
    changes: ['hours'],
    body: WorkingHoursSchema,
    response: { 200: WorkingHoursResponseSchema },
    handler: async (request) => setWorkingHours(db, request.user!.id, request.body),
  });
};
