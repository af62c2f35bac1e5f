import {
  AppError,
  createFirmwareCampaignBodySchema,
  firmwareCampaignActionParamsSchema,
  firmwareCampaignListQuerySchema,
  firmwareCampaignListSchema,
  firmwareCampaignParamsSchema,
  firmwareCampaignReportSchema,
  firmwareDownloadParamsSchema,
  firmwareDownloadQuerySchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { binaryResponse, errorResponses } from '../../lib/route-schemas.ts';
import type { CampaignsService } from './campaigns.service.ts';
import type { FirmwareService } from './firmware.service.ts';
import type { DownloadLinks } from './firmware-download.ts';

const tags = ['firmware'];

export type CampaignRoutesOptions = {
  campaigns: CampaignsService;
  firmware: FirmwareService;
  links: DownloadLinks;
  now: () => Date;
  rateLimit: { max: number; timeWindow: number };
};

/** Firmware campaigns (menu firmware) and the chargers' download of their image (decision 052). */
export const campaignRoutes = async (app: FastifyInstance, { campaigns, firmware, links, now, rateLimit }: CampaignRoutesOptions) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/firmware/campaigns', {
    config: { access: { permission: 'Firmware_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Firmware campaigns of the locations the user reaches, newest first, with counts',
      querystring: firmwareCampaignListQuerySchema,
      response: { 200: firmwareCampaignListSchema, ...errorResponses },
    },
    handler: async (request) => ({ items: await campaigns.list(authOf(request), request.query.locationId) }),
  });

  r.post('/firmware/campaigns', {
    config: { access: { permission: 'Firmware_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: "Start a campaign: the image to a location's chargers of the models it fits, first stage first",
      body: createFirmwareCampaignBodySchema,
      response: { 201: firmwareCampaignReportSchema, ...errorResponses },
    },
    handler: async (request, reply) => reply.code(201).send(await campaigns.create(authOf(request), actorOf(request), request.body)),
  });

  r.get('/firmware/campaigns/:campaignId', {
    config: { access: { permission: 'Firmware_View' } },
    schema: {
      tags,
      summary: 'The campaign report: each charger’s stage and state, failures named',
      params: firmwareCampaignParamsSchema,
      response: { 200: firmwareCampaignReportSchema, ...errorResponses },
    },
    handler: (request) => campaigns.report(authOf(request), request.params.campaignId),
  });

  r.post('/firmware/campaigns/:campaignId/:action', {
    config: { access: { permission: 'Firmware_Update' } },
    schema: {
      tags,
      summary: 'pause, resume, abort (pending chargers are not sent), or retry the failed chargers of a halted campaign',
      params: firmwareCampaignActionParamsSchema,
      response: { 200: firmwareCampaignReportSchema, ...errorResponses },
    },
    handler: (request) => campaigns.act(authOf(request), actorOf(request), request.params.campaignId, request.params.action),
  });

  r.get('/firmware/download/:fileName', {
    // Chargers have no dashboard session: the signed, expiring token in the URL is the authorization.
    config: { access: { public: true }, rateLimit },
    schema: {
      tags,
      summary: 'A charger downloads its image (UpdateFirmware location); SHA-256 and version in x-checksum-sha256 and x-firmware-version',
      security: [],
      params: firmwareDownloadParamsSchema,
      querystring: firmwareDownloadQuerySchema,
      response: { 200: binaryResponse('The image as application/octet-stream'), ...errorResponses },
    },
    handler: async (request, reply) => {
      const imageId = links.imageOf(request.query.token, now());
      if (!imageId) throw new AppError('FIRMWARE_LINK_INVALID');
      const image = await firmware.download(imageId);
      return reply
        .type('application/octet-stream')
        .header('x-checksum-sha256', image.sha256)
        .header('x-firmware-version', image.version)
        .header('content-length', image.size)
        .header('cache-control', 'private, no-store')
        .send(image.body);
    },
  });
};
