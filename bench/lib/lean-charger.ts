import { OCPP_SUBPROTOCOL } from '@wattdesk/shared';
import { LeanLink, type LeanChargerOptions } from './lean-link.ts';

export { leanEndpoint, type LeanChargerOptions } from './lean-link.ts';

/**
 * A bench charger that costs its machine as little as it can: a WebSocket, a counter for message ids and the
 * frames a charger in steady state sends. The benches measure the server, and on a 2-core machine every
 * microsecond the generator spends is taken from the server or from the Authorize probe's thread: the simulator's
 * charger (ocpp-rpc's client, a meter model, an event bus) cost the 5,000-charger fleet about a third of a core,
 * and its loop ran 25 ms late at p99 (decision 068's amendment). It sends what the simulator sends — the same
 * methods, connectors and measurands — so the server does the same work; it does not validate answers, keep an
 * offline queue or reconnect by itself, and answers any call from the server with NotImplemented.
 * Its OCPP 2.0.1 twin is lean-charger-201.ts.
 */

export type IdTagInfo = { status: string; expiryDate?: string; parentIdTag?: string };

const RATED_W = 7200;
const VOLTAGE = 240;

export class LeanCharger extends LeanLink {
  readonly ocppVersion = '1.6';
  private transactionId: number | undefined;
  private energyWh = Math.floor(Math.random() * 1_000_000);
  private soc = 20 + Math.random() * 40;

  constructor(options: LeanChargerOptions) {
    super(options, OCPP_SUBPROTOCOL);
  }

  /** Opens the WebSocket, boots and reports its connectors (a running session's as Charging), then heartbeats. */
  async connect(): Promise<void> {
    await this.open();
    const boot = (await this.call('BootNotification', {
      chargePointVendor: 'Wattdesk',
      chargePointModel: `Sim AC ${RATED_W / 1000} kW`,
      firmwareVersion: '1.4.2',
    })) as { status: string };
    if (boot.status !== 'Accepted') throw new Error(`${this.options.chargerId}: boot ${boot.status}`);
    await this.status(0, 'Available');
    await this.status(1, this.transactionId === undefined ? 'Available' : 'Charging');
    this.every(this.options.heartbeatSeconds, () => this.background('Heartbeat', {}));
    if (this.transactionId !== undefined) this.startMeter();
  }

  authorize(idTag: string): Promise<{ idTagInfo: IdTagInfo }> {
    return this.call('Authorize', { idTag }) as Promise<{ idTagInfo: IdTagInfo }>;
  }

  /** Preparing → StartTransaction → Charging, then MeterValues; a refused tag ends with Available and throws. */
  async startSession(idTag: string): Promise<void> {
    await this.status(1, 'Preparing');
    const answer = (await this.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: this.energyWh,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: IdTagInfo };
    if (answer.idTagInfo.status !== 'Accepted') {
      await this.status(1, 'Available');
      throw new Error(`${this.options.chargerId}: StartTransaction ${answer.idTagInfo.status}`);
    }
    this.transactionId = answer.transactionId;
    await this.status(1, 'Charging');
    this.startMeter();
  }

  private startMeter(): void {
    this.every(this.options.meterSeconds, () => {
      // The simulator's measurands (energy register, power, current, voltage, state of charge), at full rate.
      this.energyWh += Math.round((RATED_W * this.options.meterSeconds) / 3600);
      this.soc = Math.min(100, this.soc + 0.1);
      const voltage = VOLTAGE * (1 + (Math.random() * 2 - 1) * 0.01);
      const value = (value: string, measurand: string, unit: string, location = 'Outlet') => ({
        value,
        context: 'Sample.Periodic',
        measurand,
        location,
        unit,
      });
      this.background('MeterValues', {
        connectorId: 1,
        transactionId: this.transactionId,
        meterValue: [
          {
            timestamp: new Date().toISOString(),
            sampledValue: [
              value(String(this.energyWh), 'Energy.Active.Import.Register', 'Wh'),
              value(String(RATED_W), 'Power.Active.Import', 'W'),
              value((RATED_W / voltage).toFixed(1), 'Current.Import', 'A'),
              value(voltage.toFixed(1), 'Voltage', 'V'),
              value(String(Math.floor(this.soc)), 'SoC', 'Percent', 'EV'),
            ],
          },
        ],
      });
    });
  }

  private status(connectorId: number, status: string): Promise<unknown> {
    return this.call('StatusNotification', { connectorId, status, errorCode: 'NoError' });
  }

  protected answer(): undefined {
    // The bench's server sends a 1.6 charger no commands; one that arrives is answered NotImplemented.
    return undefined;
  }
}
