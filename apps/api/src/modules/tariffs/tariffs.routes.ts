import {
  ocpiTariffsResponseSchema,
  okResponseSchema,
  tariffOverviewSchema,
  tariffQuerySchema,
  tariffSavedSchema,
  updateDefaultSessionFeeBodySchema,
  updateIdleFeesBodySchema,
  updateOtherFeesBodySchema,
  updateRatesBodySchema,
  updateViolationRulesBodySchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { TariffsService } from './tariffs.service.ts';

const tags = ['tariffs'];
const savedFees = tariffSavedSchema.extend({ version: tariffSavedSchema.shape.version.nullable() });

export const tariffsRoutes = async (app: FastifyInstance, { tariffs }: { tariffs: TariffsService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/tariffs', {
    config: { access: { permission: 'Rates_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'A location’s tariff: the version in force, versions scheduled, earlier versions, the network default session fee',
      querystring: tariffQuerySchema,
      response: { 200: tariffOverviewSchema, ...errorResponses },
    },
    handler: (request) => tariffs.overview(request.query.locationId),
  });

  r.put('/tariffs/rates', {
    config: { access: { permission: 'Rates_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'New rates (time-of-use periods) from a chosen moment: a new tariff version; sessions keep the version they started under',
      body: updateRatesBodySchema,
      response: { 200: tariffSavedSchema, ...errorResponses },
    },
    handler: (request) => tariffs.saveRates(actorOf(request), request.body),
  });

  r.put('/tariffs/idle-fees', {
    config: { access: { permission: 'Idle_Fees_Update', location: 'body.locationId' } },
    schema: { tags, summary: 'Idle fee of a location, from now', body: updateIdleFeesBodySchema, response: { 200: savedFees, ...errorResponses } },
    handler: (request) => tariffs.saveIdleFees(actorOf(request), request.body),
  });

  r.put('/tariffs/other-fees', {
    config: { access: { permission: 'Fees_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Session fee of a location, from now (null: the network default)',
      body: updateOtherFeesBodySchema,
      response: { 200: savedFees, ...errorResponses },
    },
    handler: (request) => tariffs.saveOtherFees(actorOf(request), request.body),
  });

  r.put('/tariffs/violation-rules', {
    config: { access: { permission: 'Violations_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Violation rules of a location (maximum stay, idle limit) and their fees, from now',
      body: updateViolationRulesBodySchema,
      response: { 200: savedFees, ...errorResponses },
    },
    handler: (request) => tariffs.saveViolationRules(actorOf(request), request.body),
  });

  r.put('/tariffs/default-session-fee', {
    config: { access: { permission: 'Fees_Default_Update' } },
    schema: {
      tags,
      summary: 'The network default session fee of a currency, for locations that set none',
      body: updateDefaultSessionFeeBodySchema,
      response: { 200: okResponseSchema, ...errorResponses },
    },
    handler: (request) => tariffs.saveDefaultSessionFee(actorOf(request), request.body),
  });

  r.get('/tariffs/ocpi', {
    config: { access: { permission: 'Rates_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'The location’s tariff as OCPI 2.2.1 Tariff objects (in force and scheduled), in the OCPI response envelope',
      querystring: tariffQuerySchema,
      response: { 200: ocpiTariffsResponseSchema, ...errorResponses },
    },
    handler: (request) => tariffs.ocpi(request.query.locationId),
  });
};
