import { AppError, networkMessages, successMessages, type MaintenanceBody, type MaintenanceOverview, type MaintenanceResult } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { setWantedAvailability, type OcppServer } from '../ocpp/ocpp.service.ts';
import * as repo from './maintenance.repository.ts';

/**
 * Maintenance is what the network wants, stored first: chargers connected now get ChangeAvailability at
 * once, the others when they reconnect (the OCPP server re-applies it), so none is left out.
 */
export const createMaintenanceService = ({ db, ocpp }: { db: Database; ocpp: OcppServer }) => {
  const set = async (auth: AuthContext, actor: Actor, body: MaintenanceBody): Promise<MaintenanceResult> => {
    const ids = [...new Set(body.chargerIds)];
    const found = await repo.findChargersForMaintenance(db, ids);
    if (found.length !== ids.length)
      throw new AppError('CHARGER_NOT_FOUND', { messages: ['One of the selected chargers no longer exists. Reload the list and try again'] });
    assertLocationAccess(auth, [...new Set(found.map((charger) => charger.locationId))]);
    const availability = body.inMaintenance ? 'inoperative' : 'operative';

    await db.transaction(async (tx) => {
      await setWantedAvailability(tx, ids, availability);
      for (const charger of found) {
        if (charger.availability === availability) continue;
        await recordActivity(tx, actor, {
          action: body.inMaintenance ? 'maintenance.start' : 'maintenance.end',
          entity: 'charger',
          entityId: charger.chargerCode,
          locationId: charger.locationId,
          changes: { availability: { before: charger.availability, after: availability } },
        });
      }
    });

    const type = body.inMaintenance ? 'Inoperative' : 'Operative';
    const outcomes = await Promise.all(
      found.map(async (charger) => {
        const reply = await ocpp.call(charger.chargerCode, charger.connectedNode, 'ChangeAvailability', { connectorId: 0, type });
        ocpp.publish({ id: charger.id, chargerCode: charger.chargerCode, locationId: charger.locationId }, 'maintenance');
        const status = reply.ok ? String((reply.result as { status?: string }).status ?? 'Accepted') : null;
        ocpp.logEvent(charger.chargerCode, charger.id, 'maintenance', `${type}: ${status ?? 'offline, applied when it reconnects'}`);
        return { charger, status };
      }),
    );
    return {
      responseCode: 200,
      msg: [body.inMaintenance ? successMessages.chargersInMaintenance : networkMessages.chargersOutOfMaintenance],
      applied: outcomes.filter((o) => o.status !== null).map((o) => ({ id: o.charger.id, chargerId: o.charger.chargerCode, status: o.status! })),
      pending: outcomes.filter((o) => o.status === null).map((o) => ({ id: o.charger.id, chargerId: o.charger.chargerCode })),
    };
  };

  const overview = async (locationId: string): Promise<MaintenanceOverview> => {
    const [chargers, history] = await Promise.all([repo.listInMaintenance(db, locationId), repo.maintenanceHistory(db, locationId, 50)]);
    return {
      chargers: chargers.map(({ connectedNode, ...charger }) => ({ ...charger, connected: connectedNode !== null })),
      history: history.map((row) => ({
        at: row.at.toISOString(),
        chargerId: row.chargerId ?? '',
        action: row.action === 'maintenance.start' ? ('start' as const) : ('end' as const),
        actorEmail: row.actorEmail,
      })),
    };
  };

  return { set, overview };
};

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
