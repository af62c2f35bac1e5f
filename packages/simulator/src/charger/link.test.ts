import { describe, expect, it } from 'vitest';
import { ChargerConnectionError } from '../charger.ts';
import { useChargerHarness } from '../testing/charger-harness.ts';

const { central, makeCharger } = useChargerHarness();

describe('connecting', () => {
  it('rejects with the HTTP status when the server refuses the password', async () => {
    const charger = makeCharger({ password: 'wrong-password-000000' });
    const error = await charger.connect().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChargerConnectionError);
    expect((error as ChargerConnectionError).status).toBe(401);
    expect((error as Error).message).toContain('HTTP 401');
    expect(charger.connected).toBe(false);
  });

  it('rejects with 404 on a wrong path', async () => {
    const charger = makeCharger({ url: `${central.url}/elsewhere` });
    await expect(charger.connect()).rejects.toMatchObject({ status: 404 });
  });
});

describe('raw calls', () => {
  it('call validates before sending; callUnchecked sends as is and surfaces the server error code', async () => {
    const charger = makeCharger();
    await charger.connect();
    // @ts-expect-error Sleeping is no OCPP 1.6 status: the generated types refuse it, and so does the client's schema check.
    await expect(charger.call('StatusNotification', { connectorId: 1, status: 'Sleeping', errorCode: 'NoError' })).rejects.toMatchObject({
      rpcErrorCode: 'FormatViolation',
    });
    await expect(
      charger.callUnchecked('StatusNotification', { connectorId: 'one', status: 'Available', errorCode: 'NoError' }),
    ).rejects.toMatchObject({
      rpcErrorCode: 'TypeConstraintViolation',
    });
    await expect(charger.callUnchecked('StatusNotification', { connectorId: 1, status: 'Sleeping', errorCode: 'NoError' })).rejects.toMatchObject({
      rpcErrorCode: 'FormationViolation',
    });
    await expect(
      charger.callUnchecked('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError', extra: true }),
    ).rejects.toMatchObject({ rpcErrorCode: 'PropertyConstraintViolation' });
    expect(await charger.callUnchecked('Heartbeat', {})).toMatchObject({ currentTime: expect.any(String) });
    expect(await charger.dataTransfer('com.wattdesk', 'ping', 'x')).toEqual({ status: 'Accepted', data: 'pong' });
  });
});
