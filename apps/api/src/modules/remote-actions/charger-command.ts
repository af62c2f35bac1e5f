import { AppError } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import type { CommandReply } from '../../lib/cluster-bus.ts';
import type { OcppServer } from '../ocpp/ocpp.service.ts';
import { findChargerTarget, type ChargerTarget } from './remote-actions.repository.ts';

export const requireChargerTarget = async (db: Database, auth: AuthContext, id: string): Promise<ChargerTarget> => {
  const target = await findChargerTarget(db, id);
  if (!target) throw new AppError('CHARGER_NOT_FOUND');
  assertLocationAccess(auth, target.locationId);
  return target;
};

/** The charger's answer, or the error a person can act on: offline, no answer, or refused by the charger. */
export const sendToCharger = async (
  ocpp: OcppServer,
  target: ChargerTarget,
  method: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> => {
  const reply: CommandReply = await ocpp.call(target.chargerCode, target.connectedNode, method, params);
  if (reply.ok) return (reply.result ?? {}) as Record<string, unknown>;
  if (reply.code === 'CHARGER_OFFLINE') throw new AppError('CHARGER_OFFLINE');
  if (reply.code === 'CHARGER_NO_ANSWER') throw new AppError('CHARGER_NO_ANSWER');
  throw new AppError('CHARGER_CALL_FAILED', { messages: [`The charger could not carry out the request: ${reply.message}`] });
};
