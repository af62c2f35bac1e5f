import { AppError } from '@wattdesk/shared';
import type { Database } from '../../../db/client.ts';
import { listPushes, partnerExists, type PushState } from './pushes.repository.ts';

export const createRoamingPushesService = ({ db }: { db: Database }) => ({
  list: async (partnerId: string, query: { state?: PushState | undefined; page: number; pageSize: number }) => {
    if (!(await partnerExists(db, partnerId))) throw new AppError('ROAMING_PARTNER_NOT_FOUND');
    return { ...(await listPushes(db, partnerId, query)), page: query.page, pageSize: query.pageSize };
  },
});
export type RoamingPushesService = ReturnType<typeof createRoamingPushesService>;
