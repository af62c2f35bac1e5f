import { randomUUID } from 'node:crypto';
import { OCPP_SUBPROTOCOL_OF_VERSION } from '@wattdesk/shared';
import type {
  BootNotificationResponse,
  ConnectorStatus201,
  IdTokenInfoType,
  IdTokenType,
  Ocpp201Action,
  Ocpp201MeterValue,
  Ocpp201Request,
  Ocpp201Response,
  Ocpp201SampledValue,
  ReadingContextEnumType,
  ReportData,
  TransactionEventRequest,
  TriggerReason,
} from '@wattdesk/shared/ocpp/ocpp201';
import { LeanLink, type LeanChargerOptions } from './lean-link.ts';

/**
 * lean-charger.ts's OCPP 2.0.1 twin: as cheap, and doing to the server what a 2.0.1 charger in steady state does —
 * BootNotification, a StatusNotification per EVSE, Heartbeat, Authorize, and a transaction as TransactionEvent
 * Started / Updated (its meter values, every meterSeconds) / Ended, with the 1.6 charger's measurands. After its first
 * boot (and one on new firmware) the server asks for the device model (GetBaseReport); this charger accepts and sends a
 * small one in one NotifyReport, as a real charger would, so a reconnect costs the server what a 2.0.1 fleet's does.
 * Payloads are checked against the official 2.0.1 schemas in lean-charger-201.test.ts.
 */

const RATED_W = 7200;
const VOLTAGE = 240;
const EVSE = { id: 1, connectorId: 1 };

/** The device model sent after a GetBaseReport: what identifies the station, its EVSE and its intervals. */
const deviceModel = (chargerId: string, heartbeatSeconds: number): [ReportData, ...ReportData[]] => {
  const variable = (component: ReportData['component'], name: string, value: string, dataType: 'string' | 'integer' | 'decimal'): ReportData => ({
    component,
    variable: { name },
    variableAttribute: [{ type: 'Actual', value, mutability: 'ReadOnly' }],
    variableCharacteristics: { dataType, supportsMonitoring: false },
  });
  return [
    variable({ name: 'ChargingStation' }, 'VendorName', 'Wattdesk', 'string'),
    variable({ name: 'ChargingStation' }, 'Model', `Lean AC ${RATED_W / 1000} kW`, 'string'),
    variable({ name: 'SecurityCtrlr' }, 'Identity', chargerId, 'string'),
    variable({ name: 'OCPPCommCtrlr' }, 'HeartbeatInterval', String(heartbeatSeconds), 'integer'),
    variable({ name: 'EVSE', evse: { id: EVSE.id } }, 'Power', String(RATED_W), 'decimal'),
  ];
};

export class LeanCharger201 extends LeanLink {
  readonly ocppVersion = '2.0.1';
  private transaction: { id: string; seqNo: number; idToken: IdTokenType } | undefined;
  private energyWh = Math.floor(Math.random() * 1_000_000);
  private soc = 20 + Math.random() * 40;

  constructor(options: LeanChargerOptions) {
    super(options, OCPP_SUBPROTOCOL_OF_VERSION['2.0.1']);
  }

  /** Opens the WebSocket, boots and reports its EVSE (Occupied while a transaction runs), then heartbeats. */
  async connect(): Promise<void> {
    await this.open();
    const boot = (await this.send('BootNotification', {
      reason: 'PowerUp',
      chargingStation: { vendorName: 'Wattdesk', model: `Lean AC ${RATED_W / 1000} kW`, firmwareVersion: '1.4.2' },
    })) as BootNotificationResponse;
    if (boot.status !== 'Accepted') throw new Error(`${this.options.chargerId}: boot ${boot.status}`);
    await this.status(this.transaction ? 'Occupied' : 'Available');
    this.every(this.options.heartbeatSeconds, () => this.background('Heartbeat', {} satisfies Ocpp201Request<'Heartbeat'>));
    if (this.transaction) this.startMeter();
  }

  async authorize(idTag: string): Promise<{ idTokenInfo: IdTokenInfoType }> {
    return (await this.send('Authorize', { idToken: { idToken: idTag, type: 'ISO14443' } })) as Ocpp201Response<'Authorize'>;
  }

  /** Occupied → TransactionEvent Started (Charging, the register's reading), then Updated events; a refused token ends it and throws. */
  async startSession(idTag: string): Promise<void> {
    await this.status('Occupied');
    const transaction = { id: randomUUID(), seqNo: 0, idToken: { idToken: idTag, type: 'ISO14443' } satisfies IdTokenType };
    this.transaction = transaction;
    const answer = (await this.send(
      'TransactionEvent',
      {
        ...this.event(transaction, 'Started', 'Authorized'),
        transactionInfo: { transactionId: transaction.id, chargingState: 'Charging' },
        evse: EVSE,
        idToken: transaction.idToken,
        meterValue: [this.register('Transaction.Begin')],
      },
      'TransactionEvent.Started',
    )) as Ocpp201Response<'TransactionEvent'>;
    const status = answer.idTokenInfo?.status ?? 'Accepted';
    if (status !== 'Accepted') {
      await this.stopSession('DeAuthorized');
      throw new Error(`${this.options.chargerId}: TransactionEvent Started ${status}`);
    }
    this.startMeter();
  }

  /** TransactionEvent Ended with the register's last reading, then the EVSE Available (the cable out). */
  async stopSession(stoppedReason: NonNullable<TransactionEventRequest['transactionInfo']['stoppedReason']> = 'Local'): Promise<void> {
    const transaction = this.transaction;
    if (!transaction) return;
    // No Updated may follow the Ended: the meter's next tick finds no transaction.
    this.transaction = undefined;
    await this.send(
      'TransactionEvent',
      {
        ...this.event(transaction, 'Ended', stoppedReason === 'DeAuthorized' ? 'Deauthorized' : 'StopAuthorized'),
        transactionInfo: { transactionId: transaction.id, chargingState: 'EVConnected', stoppedReason },
        meterValue: [this.register('Transaction.End')],
      },
      'TransactionEvent.Ended',
    );
    await this.status('Available');
  }

  protected answer(method: string, payload: unknown): object | undefined {
    if (method !== 'GetBaseReport') return undefined;
    const { requestId } = payload as Ocpp201Request<'GetBaseReport'>;
    // The report follows the answer (B07), as its own call; its answer is not waited for.
    setImmediate(() =>
      this.background('NotifyReport', {
        requestId,
        generatedAt: new Date().toISOString(),
        seqNo: 0,
        tbc: false,
        reportData: deviceModel(this.options.chargerId, this.options.heartbeatSeconds),
      } satisfies Ocpp201Request<'NotifyReport'>),
    );
    return { status: 'Accepted' } satisfies Ocpp201Response<'GetBaseReport'>;
  }

  private startMeter(): void {
    this.every(this.options.meterSeconds, () => {
      const transaction = this.transaction;
      if (!transaction) return;
      // The 1.6 charger's measurands (energy register, power, current, voltage, state of charge), at full rate.
      this.energyWh += Math.round((RATED_W * this.options.meterSeconds) / 3600);
      this.soc = Math.min(100, this.soc + 0.1);
      const voltage = VOLTAGE * (1 + (Math.random() * 2 - 1) * 0.01);
      const value = (
        value: number,
        measurand: Ocpp201SampledValue['measurand'],
        unit: string,
        location: Ocpp201SampledValue['location'] = 'Outlet',
      ) => ({
        value,
        context: 'Sample.Periodic' as const,
        measurand,
        location,
        unitOfMeasure: { unit },
      });
      this.background(
        'TransactionEvent',
        {
          ...this.event(transaction, 'Updated', 'MeterValuePeriodic'),
          transactionInfo: { transactionId: transaction.id, chargingState: 'Charging' },
          meterValue: [
            {
              timestamp: new Date().toISOString(),
              sampledValue: [
                value(this.energyWh, 'Energy.Active.Import.Register', 'Wh'),
                value(RATED_W, 'Power.Active.Import', 'W'),
                value(Math.round((RATED_W / voltage) * 10) / 10, 'Current.Import', 'A'),
                value(Math.round(voltage * 10) / 10, 'Voltage', 'V'),
                value(Math.floor(this.soc), 'SoC', 'Percent', 'EV'),
              ],
            },
          ],
        } satisfies Ocpp201Request<'TransactionEvent'>,
        'TransactionEvent.Updated',
      );
    });
  }

  /** The fields every event of a transaction carries; seqNo counts the transaction's events from 0. */
  private event(transaction: { seqNo: number }, eventType: TransactionEventRequest['eventType'], triggerReason: TriggerReason) {
    const seqNo = transaction.seqNo++;
    return { eventType, timestamp: new Date().toISOString(), triggerReason, seqNo };
  }

  private register(context: ReadingContextEnumType): Ocpp201MeterValue {
    return {
      timestamp: new Date().toISOString(),
      sampledValue: [
        { value: this.energyWh, context, measurand: 'Energy.Active.Import.Register', location: 'Outlet', unitOfMeasure: { unit: 'Wh' } },
      ],
    };
  }

  private status(connectorStatus: ConnectorStatus201): Promise<unknown> {
    return this.send('StatusNotification', { timestamp: new Date().toISOString(), connectorStatus, evseId: EVSE.id, connectorId: EVSE.connectorId });
  }

  /** A call whose payload the compiler checks against the 2.0.1 request type. */
  private send<A extends Ocpp201Action>(action: A, payload: Ocpp201Request<A>, label: string = action): Promise<unknown> {
    return this.call(action, payload, label);
  }
}
