import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { requireChargerTarget } from '../remote-actions/charger-command.ts';
import { listChargerEvents } from './charger-events.repository.ts';

/** The charger log: what the charger did and what was done to it, newest first. */
export const createChargerEventsService = ({ db }: { db: Database }) => ({
  list: async (auth: AuthContext, id: string, page: number, pageSize: number) => {
    await requireChargerTarget(db, auth, id);
    return listChargerEvents(db, id, page, pageSize);
  },
});

export type ChargerEventsService = ReturnType<typeof createChargerEventsService>;
