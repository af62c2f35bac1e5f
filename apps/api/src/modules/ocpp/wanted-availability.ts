import type { ChargerEventKind } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { CommandReply } from '../../lib/cluster-bus.ts';
import { createBatchedLookup } from '../../lib/group-commit.ts';
import type { ChargerContext } from './ocpp-context.ts';
import * as repo from './ocpp.repository.ts';

type Dependencies = {
  db: Database;
  callLocal: (chargerCode: string, method: string, params: Record<string, unknown>) => Promise<CommandReply>;
  logEvent: (chargerCode: string, chargerId: string, kind: ChargerEventKind, summary: string) => void;
};

/**
 * Maintenance started or ended while the charger was offline (or before it rebooted) is applied when it is
 * back. A charger keeps Inoperative across restarts, so one last seen Unavailable is told Operative again.
 * Read on connect and again after a boot: maintenance may have started in between. A reconnecting fleet asks
 * thousands at once, so the reads go in rounds.
 */
export const createWantedAvailability = ({ db, callLocal, logEvent }: Dependencies) => {
  // Read after the charger has its answers, so nobody waits on it: rounds of a fifth of a second under a storm.
  const wanted = createBatchedLookup((ids: string[]) => repo.findWantedAvailability(db, ids), { roundEveryMs: 200 });
  return async (context: ChargerContext) => {
    const callsBefore = context.availabilityCalls;
    const type = await wanted.get(context.id);
    // An operator changed availability while this was read: theirs is the newer wish, and a connector they made
    // Unavailable must not be read as maintenance that ended.
    if (!type || context.availabilityCalls !== callsBefore) return;
    const reply = await callLocal(context.chargerCode, 'ChangeAvailability', { connectorId: 0, type });
    const outcome = reply.ok ? String((reply.result as { status?: string }).status) : reply.message;
    logEvent(
      context.chargerCode,
      context.id,
      'command',
      `${type === 'Inoperative' ? 'Maintenance' : 'Back in service'} applied on reconnect: ${outcome}`,
    );
  };
};
