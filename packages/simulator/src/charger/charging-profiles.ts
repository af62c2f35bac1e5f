import type { ChargingProfile, ClearChargingProfileRequest } from '@wattdesk/shared/ocpp/ocpp16';

type Stored = { connectorId: number; profile: ChargingProfile; receivedAtMs: number };

/** Volts per phase when a profile limits current (A): the simulator's meter is a 230 V outlet. */
const PHASE_VOLTAGE = 230;

/**
 * The charging profiles a charger holds (OCPP 1.6 §3.13): ChargePointMaxProfile on connector 0, TxDefaultProfile
 * on connector 0 or one connector, TxProfile for the running transaction. The limit at a moment is the lowest of
 * the charger maximum and the transaction's own (else default) profile, each the highest stack level in force.
 * Profiles survive reconnects, as a real charger keeps them in non-volatile memory.
 */
export class ChargingProfiles {
  private stored: Stored[] = [];

  /** Answers Accepted or Rejected as OCPP asks: a TxProfile needs a running transaction on its connector. */
  set(connectorId: number, profile: ChargingProfile, running: number | undefined, nowMs: number): 'Accepted' | 'Rejected' {
    const purpose = profile.chargingProfilePurpose;
    if (purpose === 'ChargePointMaxProfile' && connectorId !== 0) return 'Rejected';
    if (purpose === 'TxProfile' && (connectorId === 0 || running === undefined)) return 'Rejected';
    if (purpose === 'TxProfile' && profile.transactionId !== undefined && profile.transactionId !== running) return 'Rejected';
    // A profile replaces the one with its id, and the one with the same purpose and stack level on the connector.
    this.stored = this.stored.filter(
      (entry) =>
        entry.profile.chargingProfileId !== profile.chargingProfileId &&
        !(entry.connectorId === connectorId && entry.profile.chargingProfilePurpose === purpose && entry.profile.stackLevel === profile.stackLevel),
    );
    const bound = purpose === 'TxProfile' ? { ...profile, transactionId: running } : profile;
    this.stored.push({ connectorId, profile: bound, receivedAtMs: nowMs });
    return 'Accepted';
  }

  clear(request: ClearChargingProfileRequest): 'Accepted' | 'Unknown' {
    const before = this.stored.length;
    this.stored = this.stored.filter((entry) => {
      if (request.id !== undefined) return entry.profile.chargingProfileId !== request.id;
      const matches =
        (request.connectorId === undefined || entry.connectorId === request.connectorId) &&
        (request.chargingProfilePurpose === undefined || entry.profile.chargingProfilePurpose === request.chargingProfilePurpose) &&
        (request.stackLevel === undefined || entry.profile.stackLevel === request.stackLevel);
      return !matches;
    });
    return this.stored.length < before ? 'Accepted' : 'Unknown';
  }

  /** A transaction's profiles end with it. */
  endTransaction(transactionId: number): void {
    this.stored = this.stored.filter(
      (entry) => entry.profile.transactionId !== transactionId || entry.profile.chargingProfilePurpose !== 'TxProfile',
    );
  }

  /** The power cap (W) on a connector now; undefined when no profile limits it. */
  limitW(connectorId: number, transactionId: number | undefined, nowMs: number): number | undefined {
    const top = (entries: Stored[]) =>
      entries.sort((a, b) => b.profile.stackLevel - a.profile.stackLevel).find((entry) => this.limitOf(entry, nowMs) !== undefined);
    const of = (purpose: ChargingProfile['chargingProfilePurpose'], connectors: number[]) =>
      this.stored.filter((entry) => entry.profile.chargingProfilePurpose === purpose && connectors.includes(entry.connectorId));
    const max = top(of('ChargePointMaxProfile', [0]));
    const tx =
      transactionId === undefined
        ? undefined
        : (top(of('TxProfile', [connectorId]).filter((entry) => entry.profile.transactionId === transactionId)) ??
          top(of('TxDefaultProfile', [connectorId])) ??
          top(of('TxDefaultProfile', [0])));
    const limits = [max, tx].map((entry) => (entry ? this.limitOf(entry, nowMs) : undefined)).filter((value): value is number => value !== undefined);
    return limits.length ? Math.min(...limits) : undefined;
  }

  get all(): readonly { connectorId: number; profile: ChargingProfile }[] {
    return this.stored.map(({ connectorId, profile }) => ({ connectorId, profile }));
  }

  private limitOf({ profile, receivedAtMs }: Stored, nowMs: number): number | undefined {
    if (profile.validFrom && Date.parse(profile.validFrom) > nowMs) return undefined;
    if (profile.validTo && Date.parse(profile.validTo) <= nowMs) return undefined;
    const schedule = profile.chargingSchedule;
    const startMs = schedule.startSchedule ? Date.parse(schedule.startSchedule) : receivedAtMs;
    const elapsed = (nowMs - startMs) / 1000;
    if (elapsed < 0 || (schedule.duration !== undefined && elapsed >= schedule.duration)) return undefined;
    const period = [...schedule.chargingSchedulePeriod].reverse().find((candidate) => candidate.startPeriod <= elapsed);
    if (!period) return undefined;
    return schedule.chargingRateUnit === 'W' ? period.limit : period.limit * PHASE_VOLTAGE * (period.numberPhases ?? 3);
  }
}
