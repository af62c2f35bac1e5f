import {
  completeDriverCardBodySchema,
  driverCardResultSchema,
  driverParamsSchema,
  driverPaymentMethodSchema,
  errorResponseSchema,
  locationPaymentRuleBodySchema,
  locationPaymentRuleQuerySchema,
  locationPaymentRuleSchema,
  locationSessionPaymentsQuerySchema,
  sessionPaymentAnswerSchema,
  sessionPaymentListQuerySchema,
  sessionPaymentPageSchema,
  sessionPaymentParamsSchema,
  startCardSetupResponseSchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { DriverPaymentsService } from './driver-payments.service.ts';

const tags = ['driver-payments'];
/** The provider refused (402) or could not be reached (502). */
const providerErrors = { ...errorResponses, 402: errorResponseSchema, 502: errorResponseSchema };

/** A driver's card on file and its sessions' payments (issue 43); a location's rule for drivers without a card. */
export const driverPaymentsRoutes = async (app: FastifyInstance, { driverPayments }: { driverPayments: DriverPaymentsService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/drivers/:driverId/payment-method', {
    config: { access: { permission: 'Drivers_View' } },
    schema: {
      tags,
      summary: "The card the driver's sessions are charged to (a sub-user's is its main user's), and whether a payment failed",
      params: driverParamsSchema,
      response: { 200: driverPaymentMethodSchema, ...errorResponses },
    },
    handler: (request) => driverPayments.paymentMethod(authOf(request), request.params.driverId),
  });

  r.post('/drivers/:driverId/payment-method/setup', {
    config: { access: { permission: 'Drivers_Update' } },
    schema: {
      tags,
      summary: "Start adding or replacing the card: the address of the provider's card page (the number never reaches this API)",
      params: driverParamsSchema,
      response: { 200: startCardSetupResponseSchema, ...providerErrors },
    },
    handler: (request) => driverPayments.startSetup(authOf(request), request.params.driverId),
  });

  r.post('/drivers/:driverId/payment-method', {
    config: { access: { permission: 'Drivers_Update' } },
    schema: {
      tags,
      summary: 'Finish the card page: save the card the provider kept; failed and waiting payments are charged again at once',
      params: driverParamsSchema,
      body: completeDriverCardBodySchema,
      response: { 200: driverCardResultSchema, ...providerErrors },
    },
    handler: async (request) => {
      const { msg, paymentMethod } = await driverPayments.completeSetup(
        authOf(request),
        actorOf(request),
        request.params.driverId,
        request.body.sessionId,
      );
      return { responseCode: 200, msg: [msg], paymentMethod };
    },
  });

  r.delete('/drivers/:driverId/payment-method', {
    config: { access: { permission: 'Drivers_Update' } },
    schema: {
      tags,
      summary: 'Remove the card on file; later sessions wait for a card (or are refused where the location says so)',
      params: driverParamsSchema,
      response: { 200: driverCardResultSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { msg, paymentMethod } = await driverPayments.removeCard(authOf(request), actorOf(request), request.params.driverId);
      return { responseCode: 200, msg: [msg], paymentMethod };
    },
  });

  r.get('/drivers/:driverId/payments', {
    config: { access: { permission: 'Drivers_View' } },
    schema: {
      tags,
      summary: "The payments of the account's sessions, newest first",
      params: driverParamsSchema,
      querystring: sessionPaymentListQuerySchema,
      response: { 200: sessionPaymentPageSchema, ...errorResponses },
    },
    handler: (request) => driverPayments.driverPayments(authOf(request), request.params.driverId, request.query),
  });

  r.get('/session-payments', {
    config: { access: { permission: 'Charging_Sessions_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: "A location's session payments: unpaid ones (pending and failed) unless a status is asked for",
      querystring: locationSessionPaymentsQuerySchema,
      response: { 200: sessionPaymentPageSchema, ...errorResponses },
    },
    handler: (request) => driverPayments.locationPayments(request.query),
  });

  r.get('/session-payments/:sessionId', {
    config: { access: { permission: 'Charging_Sessions_View' } },
    schema: {
      tags,
      summary: "A session's card payment, or null for a session with none (no driver, roaming, free)",
      params: sessionPaymentParamsSchema,
      response: { 200: sessionPaymentAnswerSchema, ...errorResponses },
    },
    handler: (request) => driverPayments.sessionPayment(authOf(request), request.params.sessionId),
  });

  r.get('/locations/payment-rule', {
    config: { access: { permission: 'Locations_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'What the location does with drivers without a card on file: record a receivable, or refuse at the charger',
      querystring: locationPaymentRuleQuerySchema,
      response: { 200: locationPaymentRuleSchema, ...errorResponses },
    },
    handler: (request) => driverPayments.rule(request.query.locationId),
  });

  r.put('/locations/payment-rule', {
    config: { access: { permission: 'Locations_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: "Set the location's rule for drivers without a card on file (chargers apply it at the next Authorize)",
      body: locationPaymentRuleBodySchema,
      response: { 200: locationPaymentRuleSchema, ...errorResponses },
    },
    handler: (request) => driverPayments.setRule(actorOf(request), request.body),
  });
};
