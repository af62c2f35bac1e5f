import { AppError } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { API_ROOT } from '../api-root.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/sql-helpers.ts';
import { sendError } from '../plugins/error-handler.ts';

/** When the newest migration this build ships was made: drizzle's migrator applies every one up to it. */
const newestMigrationMillis = (): number => {
  const journal = JSON.parse(readFileSync(path.join(API_ROOT, 'drizzle/meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
};

/** Whether the database holds every migration of this build (drizzle's own test: the latest applied is as new). */
const migrationsDone = async (db: Database, newest: number): Promise<boolean> => {
  const [row] = rowsOf<{ latest: string | null }>(await db.execute(sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`));
  return row?.latest !== null && row?.latest !== undefined && Number(row.latest) >= newest;
};

export type Readiness = {
  /** The node is draining (SIGTERM): a balancer should send new work elsewhere. */
  draining: () => boolean;
};

export const healthRoutes = async (app: FastifyInstance, { db, readiness }: { db: Database; readiness: Readiness }) => {
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

  const newest = newestMigrationMillis();
  // Migrations never un-apply: once seen done, the check is not made again.
  let migrated = false;
  app.get('/readyz', {
    config: { access: { public: true } },
    schema: {
      tags: ['health'],
      summary: 'Takes new work: the database answers, its migrations are done and the node is not draining',
      response: { 200: z.object({ status: z.literal('ready') }) },
    },
    handler: async (_request, reply) => {
      const reasons: string[] = [];
      if (readiness.draining()) reasons.push('The node is draining: it takes no new work');
      try {
        if (migrated) await db.execute(sql`select 1`);
        else migrated = await migrationsDone(db, newest);
        if (!migrated) reasons.push('The database migrations are not done');
      } catch {
        reasons.push('The database does not answer');
      }
      if (reasons.length) return sendError(reply, 503, reasons, 'NOT_READY');
      return { status: 'ready' as const };
    },
  });
};
