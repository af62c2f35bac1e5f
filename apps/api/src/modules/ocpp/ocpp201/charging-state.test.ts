import type { Ocpp201Request } from '@wattdesk/shared/ocpp/ocpp201';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveFeed } from '../../../../test/live-stream.ts';
import { connect201, type Charger201 } from '../../../../test/ocpp201-client.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../../../test/ocpp-harness.ts';

/**
 * A 2.0.1 charger repeats its charging state in every TransactionEvent Updated (each meter reading); a 1.6 charger
 * reports a state once, when it changes. What an admin sees must be the same: the connector's status and the time it
 * took it, and one live-feed status change per change, not one per meter reading (issue 41).
 */
type ChargingState = NonNullable<Ocpp201Request<'TransactionEvent'>['transactionInfo']['chargingState']>;

describe('a 2.0.1 charging state on the connector', () => {
  let t: OcppTestApp;
  let charger: Charger201;
  let feed: Awaited<ReturnType<typeof openLiveFeed>>;
  const base = Date.now() - 60 * 60_000;
  const at = (minute: number) => new Date(base + minute * 60_000).toISOString();

  beforeAll(async () => {
    t = await startOcppApp();
    feed = await openLiveFeed(t.baseUrl, t.token, t.locations['oak-lake-merritt']);
    await feed.ready();
    charger = await connect201(t, 'oak-lake-merritt');
  });
  afterAll(async () => {
    feed.close();
    await charger.client.close({ force: true });
    await t.close();
  });

  const reasons = (reason: string) =>
    feed.events.filter((entry) => 'id' in entry.data && entry.data.id === charger.registered.id && entry.data.reason === reason).length;
  const connector = async () => {
    const [one] = (await t.charger(charger.registered.id)).connectors;
    return { status: one?.status, since: one && new Date(one.updatedAt).toISOString() };
  };
  let seqNo = 0;
  let wh = 10_000;
  /** An event with a meter reading; answered once stored, and its reading's live-feed change awaited. */
  const event = async (eventType: 'Started' | 'Updated', minute: number, chargingState: ChargingState) => {
    const meterChanges = reasons('meter-values');
    wh += 1000;
    await charger.call('TransactionEvent', {
      eventType,
      timestamp: at(minute),
      triggerReason: eventType === 'Started' ? 'CablePluggedIn' : 'MeterValuePeriodic',
      seqNo: seqNo++,
      transactionInfo: { transactionId: 'TX-STATE', chargingState },
      ...(eventType === 'Started' ? { evse: { id: 1, connectorId: 1 } } : {}),
      meterValue: [{ timestamp: at(minute), sampledValue: [{ value: wh, measurand: 'Energy.Active.Import.Register' }] }],
    });
    // The reading's change comes after any status change the event made: none missed when counting.
    await eventually(() => expect(reasons('meter-values')).toBe(meterChanges + 1));
  };

  it('an Updated that repeats the state changes nothing; a new state shows, with its time, as one status change', async () => {
    await charger.call('StatusNotification', { timestamp: at(0), connectorStatus: 'Occupied', evseId: 1, connectorId: 1 });
    await event('Started', 1, 'Charging');
    expect(await connector()).toEqual({ status: 'Charging', since: at(1) });
    // Occupied, then Charging.
    await eventually(() => expect(reasons('status')).toBe(2));

    await event('Updated', 2, 'Charging');
    await event('Updated', 3, 'Charging');
    expect(await connector()).toEqual({ status: 'Charging', since: at(1) });
    expect(reasons('status')).toBe(2);

    await event('Updated', 4, 'SuspendedEV');
    expect(await connector()).toEqual({ status: 'SuspendedEV', since: at(4) });
    await eventually(() => expect(reasons('status')).toBe(3));
    await event('Updated', 5, 'SuspendedEV');
    expect(await connector()).toEqual({ status: 'SuspendedEV', since: at(4) });
    expect(reasons('status')).toBe(3);
  });

  it('after a StatusNotification, the same charging state as before is written again', async () => {
    await charger.call('StatusNotification', { timestamp: at(6), connectorStatus: 'Occupied', evseId: 1, connectorId: 1 });
    expect(await connector()).toEqual({ status: 'Preparing', since: at(6) });
    await eventually(() => expect(reasons('status')).toBe(4));
    await event('Updated', 7, 'SuspendedEV');
    expect(await connector()).toEqual({ status: 'SuspendedEV', since: at(7) });
    await eventually(() => expect(reasons('status')).toBe(5));
  });
});
