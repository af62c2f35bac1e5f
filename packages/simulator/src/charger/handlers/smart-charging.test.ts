import { describe, expect, it } from 'vitest';
import { useChargerHarness } from '../../testing/charger-harness.ts';

const { central, makeCharger } = useChargerHarness();

const profile = (purpose: string, limit: number, extra: Record<string, unknown> = {}) => ({
  chargingProfileId: purpose === 'TxProfile' ? 11 : purpose === 'TxDefaultProfile' ? 12 : 13,
  stackLevel: 1,
  chargingProfilePurpose: purpose,
  chargingProfileKind: 'Relative',
  chargingSchedule: { chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit }] },
  ...extra,
});

describe('smart charging', () => {
  it('the meter follows the lowest of the charger maximum and the transaction profile; clearing lifts the cap', async () => {
    const charger = makeCharger({ powerKw: 22 });
    await charger.connect();
    expect(
      await central.command(charger.chargerId, 'SetChargingProfile', { connectorId: 1, csChargingProfiles: profile('TxProfile', 5000) }),
    ).toEqual({
      status: 'Rejected',
    });
    expect(
      await central.command(charger.chargerId, 'SetChargingProfile', { connectorId: 0, csChargingProfiles: profile('TxDefaultProfile', 3000) }),
    ).toEqual({ status: 'Accepted' });
    const { transactionId } = await charger.startSession({ idTag: 'DRIVER-0001' });
    await central.waitFor(() => charger.connector(1).powerW > 0);
    expect(charger.connector(1).powerW).toBeLessThanOrEqual(3000);

    await central.command(charger.chargerId, 'SetChargingProfile', {
      connectorId: 1,
      csChargingProfiles: profile('TxProfile', 9000, { transactionId }),
    });
    await central.command(charger.chargerId, 'SetChargingProfile', { connectorId: 0, csChargingProfiles: profile('ChargePointMaxProfile', 8000) });
    await central.waitFor(() => charger.connector(1).powerW > 7000);
    expect(charger.connector(1).powerW).toBeLessThanOrEqual(8000);

    expect(await central.command(charger.chargerId, 'ClearChargingProfile', { chargingProfilePurpose: 'ChargePointMaxProfile' })).toEqual({
      status: 'Accepted',
    });
    await central.waitFor(() => charger.connector(1).powerW > 8000);
    expect(charger.connector(1).powerW).toBeLessThanOrEqual(9000);
    expect(await central.command(charger.chargerId, 'ClearChargingProfile', { id: 99 })).toEqual({ status: 'Unknown' });
  });
});
