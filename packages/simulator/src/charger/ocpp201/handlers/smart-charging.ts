import type { ChargingProfile, ChargingProfilePurpose, ClearChargingProfileRequest } from '@wattdesk/shared/ocpp/ocpp16';
import type { ChargingProfileType } from '@wattdesk/shared/ocpp/ocpp201';
import type { Transactions201 } from '../transactions.ts';
import type { Charger201Parts, CommandHandlers201 } from './context.ts';

const PURPOSE_OF: Record<ChargingProfileType['chargingProfilePurpose'], ChargingProfilePurpose | undefined> = {
  ChargingStationMaxProfile: 'ChargePointMaxProfile',
  TxDefaultProfile: 'TxDefaultProfile',
  TxProfile: 'TxProfile',
  // Limits set by an energy management system behind the charger: not something a CSMS may send.
  ChargingStationExternalConstraints: undefined,
};

/**
 * A 2.0.1 profile as its 1.6 equivalent, which the charger holds (EVSE n is connector n, the transaction's UUID
 * its number); undefined when it cannot apply here (an external constraint, a transaction not running).
 */
export const profile16Of = (profile: ChargingProfileType, transactions: Transactions201): ChargingProfile | undefined => {
  const purpose = PURPOSE_OF[profile.chargingProfilePurpose];
  const transactionId = profile.transactionId === undefined ? undefined : transactions.localIdOf(profile.transactionId);
  if (!purpose || (profile.transactionId !== undefined && transactionId === undefined)) return undefined;
  // The simulator follows the first schedule; the others are for other charging rate contexts (ISO 15118).
  const [schedule] = profile.chargingSchedule;
  return {
    chargingProfileId: profile.id,
    stackLevel: profile.stackLevel,
    chargingProfilePurpose: purpose,
    chargingProfileKind: profile.chargingProfileKind,
    ...(profile.recurrencyKind ? { recurrencyKind: profile.recurrencyKind } : {}),
    ...(profile.validFrom ? { validFrom: profile.validFrom } : {}),
    ...(profile.validTo ? { validTo: profile.validTo } : {}),
    ...(transactionId !== undefined ? { transactionId } : {}),
    chargingSchedule: {
      chargingRateUnit: schedule.chargingRateUnit,
      chargingSchedulePeriod: schedule.chargingSchedulePeriod.map(({ startPeriod, limit, numberPhases }) => ({
        startPeriod,
        limit,
        ...(numberPhases !== undefined ? { numberPhases } : {}),
      })),
      ...(schedule.duration !== undefined ? { duration: schedule.duration } : {}),
      ...(schedule.startSchedule ? { startSchedule: schedule.startSchedule } : {}),
      ...(schedule.minChargingRate !== undefined ? { minChargingRate: schedule.minChargingRate } : {}),
    },
  };
};

/**
 * SetChargingProfile and ClearChargingProfile in 2.0.1 (K01, K10): the profile is held as its 1.6 equivalent,
 * so the meter follows it the same way.
 */
export const smartChargingHandlers201 = ({ runtime, state, sessions }: Charger201Parts): CommandHandlers201 => {
  const settleMeters = () => {
    const now = runtime.now();
    for (const c of state.connectors) c.meter.advance(now);
  };
  return {
    SetChargingProfile: ({ evseId, chargingProfile }) => {
      const profile = profile16Of(chargingProfile, sessions.transactions201);
      if (!profile || !state.hasConnector(evseId, { withCharger: true })) return { status: 'Rejected' };
      settleMeters();
      const running = evseId > 0 ? state.connectorOf(evseId).transactionId : undefined;
      const status = state.profiles.set(evseId, profile, running, runtime.now());
      settleMeters();
      return { status };
    },
    ClearChargingProfile: ({ chargingProfileId, chargingProfileCriteria: criteria }) => {
      const purpose = criteria?.chargingProfilePurpose ? PURPOSE_OF[criteria.chargingProfilePurpose] : undefined;
      if (criteria?.chargingProfilePurpose && !purpose) return { status: 'Unknown' };
      const request: ClearChargingProfileRequest = {
        ...(chargingProfileId !== undefined ? { id: chargingProfileId } : {}),
        ...(criteria?.evseId !== undefined ? { connectorId: criteria.evseId } : {}),
        ...(purpose ? { chargingProfilePurpose: purpose } : {}),
        ...(criteria?.stackLevel !== undefined ? { stackLevel: criteria.stackLevel } : {}),
      };
      settleMeters();
      const status = state.profiles.clear(request);
      settleMeters();
      return { status };
    },
  };
};
