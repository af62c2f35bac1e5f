import { ocpiCommandTypeSchema } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import { ocpiEnvelope, ocpiErrors } from '../../../lib/ocpi-envelope.ts';
import type { OcpiCommandsService } from './commands.service.ts';

/**
 * The Commands module's Receiver interface: POST /commands/{command}. The answer is our CommandResponse at once; the
 * charger's own answer follows as a CommandResult posted to the body's response_url.
 */
export const commandsRoutes = async (app: FastifyInstance, { commands }: { commands: OcpiCommandsService }) => {
  app.post<{ Params: { command: string } }>(
    '/commands/:command',
    { config: { access: { public: true }, ocpiAuth: 'partner' } },
    async (request, reply) => {
      // Not a CommandType: no such resource (a CommandType we did not support would be NOT_SUPPORTED).
      const command = ocpiCommandTypeSchema.safeParse(request.params.command);
      if (!command.success) throw ocpiErrors.notFound(`Unknown command ${request.params.command.slice(0, 40)}`);
      const { response, statusCode } = await commands.accept(request.ocpiCaller!, command.data, request.body);
      return reply.code(200).send(ocpiEnvelope(response, statusCode, response.result === 'ACCEPTED' ? undefined : response.message?.[0]?.text));
    },
  );
};
