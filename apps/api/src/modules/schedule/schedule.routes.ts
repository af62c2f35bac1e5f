import {
  bookingParamsSchema,
  bookingSchema,
  cancelBookingQuerySchema,
  createBookingBodySchema,
  createBookingResponseSchema,
  okResponseSchema,
  scheduleQuerySchema,
  scheduleResponseSchema,
  updateBookingBodySchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { ScheduleService } from './schedule.service.ts';

const tags = ['charger schedule'];

/** Charger schedule (menu charger-schedule): book chargers of a location for a driver, move and cancel bookings. */
export const scheduleRoutes = async (app: FastifyInstance, { schedule }: { schedule: ScheduleService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/charger-schedule', {
    config: { access: { permission: 'Schedule_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: "Live bookings of a location's chargers over `days` local days from `from`, in the location's time zone",
      querystring: scheduleQuerySchema,
      response: { 200: scheduleResponseSchema, ...errorResponses },
    },
    handler: (request) => schedule.list(request.query),
  });

  r.post('/charger-schedule', {
    config: { access: { permission: 'Schedule_Create', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Book chargers for a driver from a local date and hour for a duration, once or repeating; overlaps are refused (409)',
      body: createBookingBodySchema,
      response: { 201: createBookingResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => reply.code(201).send(await schedule.create(actorOf(request), request.body)),
  });

  r.patch('/charger-schedule/:bookingId', {
    config: { access: { permission: 'Schedule_Update' } },
    schema: {
      tags,
      summary: 'Move one booking or give it to another driver of the location; overlaps are refused (409)',
      params: bookingParamsSchema,
      body: updateBookingBodySchema,
      response: { 200: bookingSchema, ...errorResponses },
    },
    handler: (request) => schedule.update(authOf(request), actorOf(request), request.params.bookingId, request.body),
  });

  r.delete('/charger-schedule/:bookingId', {
    config: { access: { permission: 'Schedule_Delete' } },
    schema: {
      tags,
      summary: 'Cancel a booking (scope=series: it and the later bookings of its series); the charger is sent CancelReservation',
      params: bookingParamsSchema,
      querystring: cancelBookingQuerySchema,
      response: { 200: okResponseSchema, ...errorResponses },
    },
    handler: (request) => schedule.cancel(authOf(request), actorOf(request), request.params.bookingId, request.query.scope),
  });
};
