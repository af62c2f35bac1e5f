import {
  assignLicenseBodySchema,
  billingLocationQuerySchema,
  chargerIdParamsSchema,
  createLicenseBodySchema,
  licenseOverviewSchema,
  licenseParamsSchema,
  licenseSchema,
  okResponseSchema,
  renewLicenseBodySchema,
  updateLicenseBodySchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { LicensesService } from './licenses.service.ts';

const tags = ['licenses'];

/** Software licences per charger (menu license). */
export const licensesRoutes = async (app: FastifyInstance, { licenses }: { licenses: LicensesService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/payments/licenses', {
    config: { access: { permission: 'License_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: "A location's licences (seats, expiry, renewal) and its chargers with the licence each holds",
      querystring: billingLocationQuerySchema,
      response: { 200: licenseOverviewSchema, ...errorResponses },
    },
    handler: (request) => licenses.overview(request.query.locationId),
  });

  r.post('/payments/licenses', {
    config: { access: { permission: 'License_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Add a licence with a number of seats for one term (the same idempotency key twice adds one)',
      body: createLicenseBodySchema,
      response: { 200: licenseSchema, ...errorResponses },
    },
    handler: (request) => licenses.create(actorOf(request), request.body.locationId, request.body.seats, request.body.idempotencyKey),
  });

  r.post('/payments/licenses/:licenseId/renew', {
    config: { access: { permission: 'License_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Renew a licence for one more term (the same idempotency key twice renews once)',
      params: licenseParamsSchema,
      body: renewLicenseBodySchema,
      response: { 200: licenseSchema, ...errorResponses },
    },
    handler: (request) => licenses.renew(actorOf(request), request.params.licenseId, request.body.locationId, request.body.idempotencyKey),
  });

  r.patch('/payments/licenses/:licenseId', {
    config: { access: { permission: 'License_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Turn automatic renewal on or off',
      params: licenseParamsSchema,
      body: updateLicenseBodySchema,
      response: { 200: licenseSchema, ...errorResponses },
    },
    handler: (request) => licenses.setAutoRenew(actorOf(request), request.params.licenseId, request.body.locationId, request.body.autoRenew),
  });

  r.put('/payments/licenses/chargers/:id', {
    config: { access: { permission: 'License_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Give a charger a seat of a licence, or (licenseId null) take its seat away',
      params: chargerIdParamsSchema,
      body: assignLicenseBodySchema,
      response: { 200: okResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await licenses.assign(actorOf(request), request.params.id, request.body.locationId, request.body.licenseId);
      return { responseCode: 200, msg: [request.body.licenseId ? 'License assigned' : 'License removed from the charger'] };
    },
  });
};
