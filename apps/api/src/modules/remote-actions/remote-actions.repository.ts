import type { ChargerStatus } from '@wattdesk/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chargers } from '../../db/schema/index.ts';

export type ChargerTarget = {
  id: string;
  chargerCode: string;
  name: string;
  locationId: string;
  connectedNode: string | null;
  status: ChargerStatus;
};

export const findChargerTarget = async (db: Executor, id: string): Promise<ChargerTarget | undefined> => {
  const [row] = await db
    .select({
      id: chargers.id,
      chargerCode: chargers.chargerId,
      name: chargers.name,
      locationId: chargers.locationId,
      connectedNode: chargers.connectedNode,
      status: chargers.status,
    })
    .from(chargers)
    .where(eq(chargers.id, id))
    .limit(1);
  return row;
};
