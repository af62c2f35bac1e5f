import { companyQuerySchema, companyResponseSchema, companySavedSchema, saveCompanyBodySchema } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { CompanyService } from './company.service.ts';

const tags = ['company'];

/** Company (spec section 7): the organisation behind a location, under Account Setting. */
export const companyRoutes = async (app: FastifyInstance, { company }: { company: CompanyService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/company', {
    config: { access: { permission: 'Company_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'The company behind a location; company is null until one is saved',
      querystring: companyQuerySchema,
      response: { 200: companyResponseSchema, ...errorResponses },
    },
    handler: (request) => company.get(request.query.locationId),
  });

  r.put('/company', {
    config: { access: { permission: 'Company_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Save the company behind a location: name, address, tax id, contact email and phone',
      body: saveCompanyBodySchema,
      response: { 200: companySavedSchema, ...errorResponses },
    },
    handler: (request) => {
      const { locationId, ...fields } = request.body;
      return company.save(actorOf(request), locationId, fields);
    },
  });
};
