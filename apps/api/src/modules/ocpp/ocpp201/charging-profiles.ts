import type { ChargingProfile } from '@wattdesk/shared/ocpp/ocpp16';
import type { ChargingProfileType, ChargingScheduleType, Ocpp201Request } from '@wattdesk/shared/ocpp/ocpp201';

/** Looks up the 2.0.1 charger's own transaction id of our integer one (null: no such session at this charger). */
export type ChargerTransactionIdOf = (transactionId: number) => Promise<string | null>;

/** A 1.6 call that has no 2.0.1 form here: the caller gets a failed reply with this message, nothing is sent. */
export class Untranslatable extends Error {}

type Purpose201 = ChargingProfileType['chargingProfilePurpose'];
const PURPOSE: Record<ChargingProfile['chargingProfilePurpose'], Purpose201> = {
  ChargePointMaxProfile: 'ChargingStationMaxProfile',
  TxDefaultProfile: 'TxDefaultProfile',
  TxProfile: 'TxProfile',
};

export const purpose201 = (purpose: ChargingProfile['chargingProfilePurpose']): Purpose201 => PURPOSE[purpose];

export const chargerTransactionId = async (transactionId: number, lookup: ChargerTransactionIdOf): Promise<string> => {
  const id = await lookup(transactionId);
  if (id === null) throw new Untranslatable(`No session with transaction ${transactionId} at this charger`);
  return id;
};

type Period16 = ChargingProfile['chargingSchedule']['chargingSchedulePeriod'][number];

const periods201 = (periods: Period16[]): ChargingScheduleType['chargingSchedulePeriod'] => {
  const [first, ...rest] = periods.map(({ startPeriod, limit, numberPhases }) => ({
    startPeriod,
    limit,
    ...(numberPhases !== undefined ? { numberPhases } : {}),
  }));
  // 1.6's schema asks for at least one period too (minItems 1): the caller's call was checked against it.
  if (!first) throw new Untranslatable('A charging schedule needs at least one period');
  return [first, ...rest];
};

/**
 * A 1.6 csChargingProfiles as 2.0.1's chargingProfile: the schedule becomes a list of one (with the profile's id as
 * its own), the station-wide purpose is renamed, and a TxProfile names the charger's transaction id, not ours.
 * 2.0.1 forbids a Relative station maximum (K01.FR.38; a conformant charger rejects it) and wants an Absolute
 * schedule's start (K01.FR.40): it is sent as Absolute from now, which is what Relative meant for it.
 */
export const chargingProfile201 = async (
  profile: ChargingProfile,
  lookup: ChargerTransactionIdOf,
  now: () => Date = () => new Date(),
): Promise<ChargingProfileType> => {
  const { chargingSchedule } = profile;
  const purpose = purpose201(profile.chargingProfilePurpose);
  const relativeMax = purpose === 'ChargingStationMaxProfile' && profile.chargingProfileKind === 'Relative';
  const schedule = relativeMax ? { ...chargingSchedule, startSchedule: chargingSchedule.startSchedule ?? now().toISOString() } : chargingSchedule;
  return {
    id: profile.chargingProfileId,
    stackLevel: profile.stackLevel,
    chargingProfilePurpose: purpose,
    chargingProfileKind: relativeMax ? 'Absolute' : profile.chargingProfileKind,
    ...(profile.recurrencyKind ? { recurrencyKind: profile.recurrencyKind } : {}),
    ...(profile.validFrom ? { validFrom: profile.validFrom } : {}),
    ...(profile.validTo ? { validTo: profile.validTo } : {}),
    ...(profile.transactionId !== undefined ? { transactionId: await chargerTransactionId(profile.transactionId, lookup) } : {}),
    chargingSchedule: [
      {
        id: profile.chargingProfileId,
        chargingRateUnit: schedule.chargingRateUnit,
        chargingSchedulePeriod: periods201(schedule.chargingSchedulePeriod),
        ...(schedule.duration !== undefined ? { duration: schedule.duration } : {}),
        ...(schedule.startSchedule ? { startSchedule: schedule.startSchedule } : {}),
        ...(schedule.minChargingRate !== undefined ? { minChargingRate: schedule.minChargingRate } : {}),
      },
    ],
  };
};

/** ClearChargingProfile: by id, or by what it is for (connector → EVSE, purpose renamed, stack level). */
export const clearCriteria201 = (params: {
  id?: number;
  connectorId?: number;
  chargingProfilePurpose?: ChargingProfile['chargingProfilePurpose'];
  stackLevel?: number;
}): Ocpp201Request<'ClearChargingProfile'> => {
  const criteria = {
    ...(params.connectorId !== undefined ? { evseId: params.connectorId } : {}),
    ...(params.chargingProfilePurpose ? { chargingProfilePurpose: purpose201(params.chargingProfilePurpose) } : {}),
    ...(params.stackLevel !== undefined ? { stackLevel: params.stackLevel } : {}),
  };
  return {
    ...(params.id !== undefined ? { chargingProfileId: params.id } : {}),
    ...(Object.keys(criteria).length ? { chargingProfileCriteria: criteria } : {}),
  };
};
