import { AppError, UNLICENSED_ALLOWED_COMMANDS, type CommandResult } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import type { LicensesService } from '../billing/licenses.service.ts';
import type { OcppServer } from '../ocpp/ocpp.service.ts';
import { requireChargerTarget, sendToCharger } from './charger-command.ts';
import { findChargerTarget, type ChargerTarget } from './remote-actions.repository.ts';

export type RemoteAction = {
  /** The OCPP 1.6 call. */
  method: string;
  params: Record<string, unknown>;
  /** For people: "Reset (Soft)", "Unlock connector 1". */
  label: string;
  /** The activity-log action. */
  action: string;
};

/**
 * Remote actions go to the charger wherever it is connected. Each attempt that reached the charger is
 * in the activity log with its answer; a refused one too, so the log shows who tried what.
 */
const ALLOWED_UNLICENSED: readonly string[] = UNLICENSED_ALLOWED_COMMANDS;

export const createRemoteActionsService = ({
  db,
  ocpp,
  licenses,
}: {
  db: Database;
  ocpp: OcppServer;
  /** The licence rules (decision 080): an unlicensed charger takes only the commands that free a driver. */
  licenses: Pick<LicensesService, 'assertLicensed'>;
}) => {
  const perform = async (target: ChargerTarget, actor: Actor, remote: RemoteAction): Promise<CommandResult> => {
    const audit = (outcome: string) =>
      recordActivity(db, actor, {
        action: remote.action,
        entity: 'charger',
        entityId: target.chargerCode,
        locationId: target.locationId,
        changes: { command: { before: null, after: `${remote.label}: ${outcome}` } },
      });
    let answer: Record<string, unknown>;
    try {
      answer = await sendToCharger(ocpp, target, remote.method, remote.params);
    } catch (error) {
      if (error instanceof AppError && error.code !== 'CHARGER_OFFLINE') await audit(error.messages[0] ?? error.code);
      throw error;
    }
    const status = typeof answer.status === 'string' ? answer.status : 'Accepted';
    await audit(status);
    ocpp.logEvent(target.chargerCode, target.id, 'command', `${remote.label}: ${status} (by ${actor.email ?? 'unknown'})`, {
      method: remote.method,
      params: remote.params,
      answer,
    });
    const fileName = typeof answer.fileName === 'string' ? answer.fileName : undefined;
    const positive = ['Accepted', 'Unlocked', 'Scheduled'].includes(status) || (remote.method === 'GetDiagnostics' && Boolean(fileName));
    return {
      responseCode: 200,
      msg: [positive ? `${remote.label}: the charger answered ${status}` : `${remote.label}: the charger refused (${status})`],
      status: remote.method === 'GetDiagnostics' ? (fileName ? 'Accepted' : 'NoFile') : status,
      ...(fileName ? { fileName } : {}),
    };
  };

  const run = async (auth: AuthContext, actor: Actor, id: string, remote: RemoteAction): Promise<CommandResult> => {
    const target = await requireChargerTarget(db, auth, id);
    if (!ALLOWED_UNLICENSED.includes(remote.method)) await licenses.assertLicensed(db, [target.id], 'Remote commands');
    return perform(target, actor, remote);
  };

  /**
   * The same command for a caller that is not a dashboard user (a roaming partner, issue 42): the caller has
   * already decided the charger is its to command; it is audited and logged under `actor` like any other.
   * A partner's commands serve its drivers, so the licence rules do not hold them back.
   */
  const runFor = async (actor: Actor, id: string, remote: RemoteAction): Promise<CommandResult> => {
    const target = await findChargerTarget(db, id);
    if (!target) throw new AppError('CHARGER_NOT_FOUND');
    return perform(target, actor, remote);
  };

  return { run, runFor };
};

export type RemoteActionsService = ReturnType<typeof createRemoteActionsService>;
