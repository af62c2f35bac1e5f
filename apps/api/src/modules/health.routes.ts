import { AppError } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client.ts';

export const healthRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  app.get('/healthz', {
    config: { access: { public: true } },
    schema: { tags: ['health'], summary: 'Ready when the database answers', response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        throw new AppError('NOT_READY');
      }
      return { status: 'ok' as const };
    },
  });
};
