import { AppError, type ChargerStatus } from '@wattdesk/shared';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { chargers } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import type { CommandReply } from '../ocpp/cluster-bus.ts';
import type { OcppServer } from '../ocpp/ocpp-server.ts';

export type ChargerTarget = { id: string; chargerCode: string; name: string; locationId: string; connectedNode: string | null; status: ChargerStatus };

export const findChargerTarget = async (db: Executor, id: string): Promise<ChargerTarget | undefined> => {
  const [row] = await db
    .select({ id: chargers.id, chargerCode: chargers.chargerId, name: chargers.name, locationId: chargers.locationId, connectedNode: chargers.connectedNode, status: chargers.status })
    .from(chargers)
    .where(eq(chargers.id, id))
    .limit(1);
  return row;
};

export const requireChargerTarget = async (db: Database, auth: AuthContext, id: string): Promise<ChargerTarget> => {
  const target = await findChargerTarget(db, id);
  if (!target) throw new AppError('CHARGER_NOT_FOUND');
  assertLocationAccess(auth, target.locationId);
  return target;
};

/** The charger's answer, or the error a person can act on: offline, no answer, or refused by the charger. */
export const sendToCharger = async (ocpp: OcppServer, target: ChargerTarget, method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> => {
  const reply: CommandReply = await ocpp.call(target.chargerCode, target.connectedNode, method, params);
  if (reply.ok) return (reply.result ?? {}) as Record<string, unknown>;
  if (reply.code === 'CHARGER_OFFLINE') throw new AppError('CHARGER_OFFLINE');
  if (reply.code === 'CHARGER_NO_ANSWER') throw new AppError('CHARGER_NO_ANSWER');
  throw new AppError('CHARGER_CALL_FAILED', { messages: [`The charger could not carry out the request: ${reply.message}`] });
};
