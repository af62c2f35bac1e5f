import { randomInt } from 'node:crypto';
import { AppError, type DeviceModelPage, type DeviceModelQuery, type SetDeviceVariableBody, type SetDeviceVariableResult } from '@wattdesk/shared';
import type { NotifyReportRequest, Ocpp201Request, Ocpp201Response } from '@wattdesk/shared/ocpp/ocpp201';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { CommandReply } from '../../lib/cluster-bus.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import type { OcppServer } from '../ocpp/ocpp.service.ts';
import * as repo from './device-model.repository.ts';

type SetStatus = Ocpp201Response<'SetVariables'>['setVariableResult'][number]['attributeStatus'];

/** What a person reads when the charger does not take the value. */
const refusal = (status: Exclude<SetStatus, 'Accepted' | 'RebootRequired'>, body: SetDeviceVariableBody, reason: string | undefined) => {
  const name = `${body.component}.${body.variable}`;
  const because = reason ? ` (${reason})` : '';
  switch (status) {
    case 'UnknownComponent':
      return `The charger has no component ${body.component}${because}`;
    case 'UnknownVariable':
      return `The charger's ${body.component} has no variable ${body.variable}${because}`;
    case 'NotSupportedAttributeType':
      return `The charger does not let ${name} be set${because}`;
    default:
      return `The charger rejected "${body.value}" for ${name}${because}`;
  }
};

/** The charger's answer, or the error a person can act on. */
const resultOf = (reply: CommandReply): unknown => {
  if (reply.ok) return reply.result;
  if (reply.code === 'CHARGER_OFFLINE') throw new AppError('CHARGER_OFFLINE');
  if (reply.code === 'CHARGER_NO_ANSWER') throw new AppError('CHARGER_NO_ANSWER');
  throw new AppError('CHARGER_CALL_FAILED', { messages: [`The charger could not carry out the request: ${reply.message}`] });
};

/**
 * An OCPP 2.0.1 charger's device model (its components and variables): stored from its NotifyReport, asked for
 * after a boot when missing or taken under other firmware (GetBaseReport FullInventory), and changed by a permitted user with SetVariables.
 */
export const createDeviceModelService = ({ db, ocpp, now }: { db: Database; ocpp: Pick<OcppServer, 'call' | 'logEvent'>; now: () => Date }) => {
  const requireCharger = async (auth: AuthContext, id: string) => {
    const charger = await repo.findCharger(db, id);
    if (!charger) throw new AppError('CHARGER_NOT_FOUND');
    assertLocationAccess(auth, charger.locationId);
    return charger;
  };

  /**
   * One part of a NotifyReport: its first part (seqNo 0) replaces the stored model, later parts add to it; the
   * report is whole once a part comes without tbc.
   */
  const recordReport = async (chargerId: string, report: NotifyReportRequest): Promise<void> => {
    await db.transaction(async (tx) => {
      if (report.seqNo === 0) await repo.deleteVariables(tx, chargerId);
      await repo.upsertVariables(tx, chargerId, report.reportData ?? [], now());
      await repo.saveReportState(tx, {
        chargerId,
        requestId: report.requestId,
        lastSeqNo: report.seqNo,
        complete: !report.tbc,
        generatedAt: new Date(report.generatedAt),
      });
    });
  };

  /**
   * After a 2.0.1 boot: asks the charger for its whole device model (it answers in NotifyReport parts) unless the
   * stored one is whole and taken under the firmware it now runs. Answers what was done.
   */
  const requestBaseReport = async (chargerCode: string): Promise<string> => {
    const need = await repo.findBaseReportNeed(db, chargerCode);
    if (!need) return 'UnknownCharger';
    if (!need.needed) return 'Current';
    const payload: Ocpp201Request<'GetBaseReport'> = { requestId: randomInt(1, 2 ** 31 - 1), reportBase: 'FullInventory' };
    // Called on the node holding the connection right after a boot: the charger is connected here.
    const reply = await ocpp.call(chargerCode, null, 'GetBaseReport', { ...payload });
    const outcome = reply.ok ? (reply.result as Ocpp201Response<'GetBaseReport'>).status : reply.message;
    ocpp.logEvent(chargerCode, need.chargerId, 'command', `GetBaseReport FullInventory ${payload.requestId}: ${outcome}`);
    return outcome;
  };

  const list = async (auth: AuthContext, id: string, query: DeviceModelQuery): Promise<DeviceModelPage> => {
    const charger = await requireCharger(auth, id);
    const [page, report, components] = await Promise.all([
      repo.listVariables(db, charger.id, query),
      repo.findReportState(db, charger.id),
      repo.componentNames(db, charger.id),
    ]);
    return {
      ...page,
      page: query.page,
      pageSize: query.pageSize,
      components,
      report: report ? { requestId: report.requestId, complete: report.complete, generatedAt: report.generatedAt.toISOString() } : null,
    };
  };

  const setVariable = async (auth: AuthContext, actor: Actor, id: string, body: SetDeviceVariableBody): Promise<SetDeviceVariableResult> => {
    const charger = await requireCharger(auth, id);
    if (charger.ocppVersion !== '2.0.1') throw new AppError('DEVICE_MODEL_NOT_201');
    const key: repo.VariableKey = {
      component: body.component,
      ...(body.componentInstance !== undefined ? { componentInstance: body.componentInstance } : {}),
      ...(body.evseId !== undefined ? { evseId: body.evseId } : {}),
      variable: body.variable,
      ...(body.instance !== undefined ? { instance: body.instance } : {}),
    };
    const known = await repo.findVariable(db, charger.id, key);
    if (known?.mutability === 'ReadOnly') throw new AppError('DEVICE_VARIABLE_READ_ONLY');
    const payload: Ocpp201Request<'SetVariables'> = {
      setVariableData: [
        {
          attributeType: 'Actual',
          attributeValue: body.value,
          component: {
            name: body.component,
            ...(body.componentInstance !== undefined ? { instance: body.componentInstance } : {}),
            ...(body.evseId !== undefined ? { evse: { id: body.evseId } } : {}),
          },
          variable: { name: body.variable, ...(body.instance !== undefined ? { instance: body.instance } : {}) },
        },
      ],
    };
    const answer = resultOf(
      await ocpp.call(charger.chargerCode, charger.connectedNode, 'SetVariables', { ...payload }),
    ) as Ocpp201Response<'SetVariables'>;
    const result = answer.setVariableResult[0];
    const status = result?.attributeStatus ?? 'Rejected';
    const label = `${body.component}.${body.variable}`;
    ocpp.logEvent(charger.chargerCode, charger.id, 'command', `SetVariables ${label} = "${body.value}": ${status} (by ${actor.email ?? 'unknown'})`);
    if (status !== 'Accepted' && status !== 'RebootRequired')
      throw new AppError('DEVICE_VARIABLE_REFUSED', { messages: [refusal(status, body, result?.attributeStatusInfo?.reasonCode)] });
    await db.transaction(async (tx) => {
      await repo.storeValue(tx, charger.id, key, body.value, now());
      await recordActivity(tx, actor, {
        action: 'charger.set_variable',
        entity: 'charger',
        entityId: charger.chargerCode,
        locationId: charger.locationId,
        changes: { [label]: { before: known?.value ?? null, after: body.value } },
      });
    });
    return {
      responseCode: 200,
      msg: [status === 'Accepted' ? `${label} is now "${body.value}"` : `${label} is now "${body.value}"; the charger applies it after a reboot`],
      status,
    };
  };

  return { recordReport, requestBaseReport, list, setVariable };
};

export type DeviceModelService = ReturnType<typeof createDeviceModelService>;
