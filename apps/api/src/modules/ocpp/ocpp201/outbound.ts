import { randomInt } from 'node:crypto';
import type { Ocpp16Action, Ocpp16Request, Ocpp16Response } from '@wattdesk/shared/ocpp/ocpp16';
import type { Ocpp201Action, Ocpp201Response } from '@wattdesk/shared/ocpp/ocpp201';
import { validateOcpp16 } from '../../../lib/ocpp-j/ocpp-schemas.ts';
import { chargerTransactionId, chargingProfile201, clearCriteria201, Untranslatable, type ChargerTransactionIdOf } from './charging-profiles.ts';

export { Untranslatable, type ChargerTransactionIdOf } from './charging-profiles.ts';

/**
 * Every module sends 1.6-shaped commands (remote actions, maintenance, power sharing, firmware campaigns,
 * reservations). To a charger connected with ocpp2.0.1 each is sent as its 2.0.1 counterpart, and the answer comes
 * back in the 1.6 shape, so no caller knows which version a charger speaks. 2.0.1-only calls (the device model's
 * GetBaseReport, Get/SetVariables) pass through unchanged.
 */
export type Outbound201 = {
  action: Ocpp201Action;
  payload: Record<string, unknown>;
  /** The charger's 2.0.1 answer in the 1.6 shape the caller expects; throws Untranslatable for a refusal 1.6 cannot say. */
  answer: (result: unknown) => Record<string, unknown>;
};

/** 2.0.1 actions a module may call by their own name (the device model). */
const NATIVE_201 = new Set<string>(['GetBaseReport', 'GetVariables', 'SetVariables', 'GetReport']);

/** An id the charger echoes in its notifications (TransactionEvent, FirmwareStatusNotification, LogStatusNotification). */
export const newRequestId = () => randomInt(1, 2 ** 31 - 1);

const statusOf = (result: unknown): string => String((result as { status?: unknown }).status);
const sameStatus = (result: unknown) => ({ status: statusOf(result) });
const central = (idToken: string) => ({ idToken, type: 'Central' as const });

const UNLOCK_STATUS: Record<Ocpp201Response<'UnlockConnector'>['status'], Ocpp16Response<'UnlockConnector'>['status']> = {
  Unlocked: 'Unlocked',
  UnlockFailed: 'UnlockFailed',
  // The EVSE is charging for an authorized driver: 1.6 has no word for it, the cable stayed locked.
  OngoingAuthorizedTransaction: 'UnlockFailed',
  UnknownConnector: 'NotSupported',
};

const TRIGGERED: Record<Ocpp16Request<'TriggerMessage'>['requestedMessage'], string> = {
  BootNotification: 'BootNotification',
  DiagnosticsStatusNotification: 'LogStatusNotification',
  FirmwareStatusNotification: 'FirmwareStatusNotification',
  Heartbeat: 'Heartbeat',
  MeterValues: 'MeterValues',
  StatusNotification: 'StatusNotification',
};

/** Our connector n is the charger's EVSE n with its one connector (docs/charger-network.md). */
const evse = (connectorId: number) => ({ id: connectorId, connectorId: 1 });

/** Checks the 1.6 call as the 1.6 endpoint would (a wrong caller fails here, not at the charger). */
const as16 = <A extends Ocpp16Action>(action: A, params: Record<string, unknown>): Ocpp16Request<A> => {
  validateOcpp16(action, 'req', params);
  return params;
};

export const translateCall = async (method: string, params: Record<string, unknown>, lookup: ChargerTransactionIdOf): Promise<Outbound201> => {
  if (NATIVE_201.has(method)) return { action: method as Ocpp201Action, payload: params, answer: (result) => result as Record<string, unknown> };
  switch (method) {
    case 'RemoteStartTransaction': {
      const p = as16('RemoteStartTransaction', params);
      const payload = {
        remoteStartId: newRequestId(),
        idToken: central(p.idTag),
        ...(p.connectorId ? { evseId: p.connectorId } : {}),
        ...(p.chargingProfile ? { chargingProfile: await chargingProfile201(p.chargingProfile, lookup) } : {}),
      };
      return { action: 'RequestStartTransaction', payload, answer: sameStatus };
    }
    case 'RemoteStopTransaction': {
      const p = as16('RemoteStopTransaction', params);
      const payload = { transactionId: await chargerTransactionId(p.transactionId, lookup) };
      return { action: 'RequestStopTransaction', payload, answer: sameStatus };
    }
    case 'Reset': {
      const p = as16('Reset', params);
      // Scheduled: the charger resets once its transactions end, which is what a 1.6 Soft reset's Accepted means.
      const answer = (result: unknown) => ({ status: statusOf(result) === 'Rejected' ? 'Rejected' : 'Accepted' });
      return { action: 'Reset', payload: { type: p.type === 'Hard' ? 'Immediate' : 'OnIdle' }, answer };
    }
    case 'UnlockConnector': {
      const p = as16('UnlockConnector', params);
      const answer = (result: unknown) => ({ status: UNLOCK_STATUS[statusOf(result) as keyof typeof UNLOCK_STATUS] ?? 'UnlockFailed' });
      return { action: 'UnlockConnector', payload: { evseId: p.connectorId, connectorId: 1 }, answer };
    }
    case 'ChangeAvailability': {
      const p = as16('ChangeAvailability', params);
      const payload = { operationalStatus: p.type, ...(p.connectorId > 0 ? { evse: { id: p.connectorId } } : {}) };
      return { action: 'ChangeAvailability', payload, answer: sameStatus };
    }
    case 'SetChargingProfile': {
      const p = as16('SetChargingProfile', params);
      const payload = { evseId: p.connectorId, chargingProfile: await chargingProfile201(p.csChargingProfiles, lookup) };
      return { action: 'SetChargingProfile', payload, answer: sameStatus };
    }
    case 'ClearChargingProfile':
      return { action: 'ClearChargingProfile', payload: { ...clearCriteria201(as16('ClearChargingProfile', params)) }, answer: sameStatus };
    case 'UpdateFirmware': {
      const p = as16('UpdateFirmware', params);
      const payload = {
        requestId: newRequestId(),
        ...(p.retries !== undefined ? { retries: p.retries } : {}),
        ...(p.retryInterval !== undefined ? { retryInterval: p.retryInterval } : {}),
        firmware: { location: p.location, retrieveDateTime: p.retrieveDate },
      };
      // 1.6 answers UpdateFirmware with nothing: a 2.0.1 refusal can only reach the caller as a failed call.
      const answer = (result: unknown) => {
        const status = statusOf(result);
        if (status !== 'Accepted' && status !== 'AcceptedCanceled') throw new Untranslatable(`The charger refused UpdateFirmware (${status})`);
        return {};
      };
      return { action: 'UpdateFirmware', payload, answer };
    }
    case 'ReserveNow': {
      const p = as16('ReserveNow', params);
      const payload = {
        id: p.reservationId,
        expiryDateTime: p.expiryDate,
        idToken: central(p.idTag),
        // Connector 0 reserves the charger, not an EVSE: 2.0.1 says so by leaving evseId out.
        ...(p.connectorId > 0 ? { evseId: p.connectorId } : {}),
        ...(p.parentIdTag ? { groupIdToken: central(p.parentIdTag) } : {}),
      };
      return { action: 'ReserveNow', payload, answer: sameStatus };
    }
    case 'CancelReservation':
      return { action: 'CancelReservation', payload: { ...as16('CancelReservation', params) }, answer: sameStatus };
    case 'GetDiagnostics': {
      const p = as16('GetDiagnostics', params);
      const payload = {
        logType: 'DiagnosticsLog',
        requestId: newRequestId(),
        ...(p.retries !== undefined ? { retries: p.retries } : {}),
        ...(p.retryInterval !== undefined ? { retryInterval: p.retryInterval } : {}),
        log: {
          remoteLocation: p.location,
          ...(p.startTime ? { oldestTimestamp: p.startTime } : {}),
          ...(p.stopTime ? { latestTimestamp: p.stopTime } : {}),
        },
      };
      const answer = (result: unknown) => {
        const { status, filename } = result as Ocpp201Response<'GetLog'>;
        return status !== 'Rejected' && filename ? { fileName: filename } : {};
      };
      return { action: 'GetLog', payload, answer };
    }
    case 'TriggerMessage': {
      const p = as16('TriggerMessage', params);
      const payload = { requestedMessage: TRIGGERED[p.requestedMessage], ...(p.connectorId ? { evse: evse(p.connectorId) } : {}) };
      return { action: 'TriggerMessage', payload, answer: sameStatus };
    }
    case 'ClearCache':
      as16('ClearCache', params);
      return { action: 'ClearCache', payload: {}, answer: sameStatus };
    default:
      throw new Untranslatable(`${method} has no OCPP 2.0.1 counterpart here`);
  }
};
