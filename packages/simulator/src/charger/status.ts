import type { ChargePointErrorCode, ChargePointStatus, StatusNotificationRequest } from '@wattdesk/shared/ocpp/ocpp16';
import type { ConnectorStatus201 } from '@wattdesk/shared/ocpp/ocpp201';
import type { ChargerLink } from './link.ts';
import { connectorStatusOf } from './ocpp201/convert.ts';
import type { ChargerRuntime } from './runtime.ts';
import type { ChargerState } from './state.ts';

/** StatusNotification: records a connector's status and tells the central system. */
export class StatusReporter {
  /** 2.0.1: the connector status each EVSE last reported, so Preparing → Charging (both Occupied) is said once. */
  private readonly reported201 = new Map<number, ConnectorStatus201>();
  /** 2.0.1: the connectors whose fault was announced with NotifyEvent, and the id each next event gets. */
  private readonly faulted201 = new Set<number>();
  private nextEventId = 1;

  constructor(
    private readonly runtime: ChargerRuntime,
    private readonly link: ChargerLink,
    private readonly state: ChargerState,
  ) {}

  /** Records and reports a connector's status (connector 0 is the charger as a whole). */
  async set(
    connectorId: number,
    status: ChargePointStatus,
    errorCode: ChargePointErrorCode = 'NoError',
    info?: string,
    options: { repeat?: boolean } = {},
  ): Promise<void> {
    if (connectorId === 0) {
      this.state.main.status = status;
      this.state.main.errorCode = errorCode;
    } else {
      const c = this.state.connectorOf(connectorId);
      c.status = status;
      c.errorCode = errorCode;
      c.info = info;
    }
    if (this.link.version === '2.0.1') {
      await this.send201(connectorId, status, options.repeat ?? false);
      await this.notifyProblem201(connectorId, status, errorCode, info);
    } else await this.send16(connectorId, status, errorCode, info);
    this.runtime.events.emit('status', { connectorId, status, errorCode, info });
  }

  private async send16(connectorId: number, status: ChargePointStatus, errorCode: ChargePointErrorCode, info: string | undefined): Promise<void> {
    const params: StatusNotificationRequest = {
      connectorId,
      status,
      errorCode,
      ...(info ? { info: info.slice(0, 50) } : {}),
      timestamp: new Date(this.runtime.now()).toISOString(),
    };
    await this.link.send('StatusNotification', params);
  }

  /**
   * 2.0.1 reports connectors only (each simulated connector is EVSE n, connector 1); the charger as a whole has
   * no connector status. A status the EVSE already reported is not said again unless repeated on purpose.
   */
  private async send201(connectorId: number, status: ChargePointStatus, repeat: boolean): Promise<void> {
    if (connectorId === 0) return;
    const connectorStatus = connectorStatusOf(status);
    if (!repeat && this.reported201.get(connectorId) === connectorStatus) return;
    this.reported201.set(connectorId, connectorStatus);
    await this.link.send201('StatusNotification', {
      timestamp: new Date(this.runtime.now()).toISOString(),
      connectorStatus,
      evseId: connectorId,
      connectorId: 1,
    });
  }

  /**
   * 2.0.1 has no error code in StatusNotification: a fault is told with NotifyEvent on the connector's Problem
   * variable (techCode: the 1.6 error code), and cleared the same way when it ends.
   */
  private async notifyProblem201(
    connectorId: number,
    status: ChargePointStatus,
    errorCode: ChargePointErrorCode,
    info: string | undefined,
  ): Promise<void> {
    if (connectorId === 0) return;
    const faulted = status === 'Faulted';
    if (faulted === this.faulted201.has(connectorId)) return;
    if (faulted) this.faulted201.add(connectorId);
    else this.faulted201.delete(connectorId);
    const timestamp = new Date(this.runtime.now()).toISOString();
    await this.link.send201('NotifyEvent', {
      generatedAt: timestamp,
      seqNo: 0,
      eventData: [
        {
          eventId: this.nextEventId++,
          timestamp,
          trigger: 'Delta',
          actualValue: String(faulted),
          ...(faulted ? { techCode: errorCode } : { cleared: true }),
          ...(faulted && info ? { techInfo: info.slice(0, 500) } : {}),
          eventNotificationType: 'HardWiredNotification',
          component: { name: 'Connector', evse: { id: connectorId, connectorId: 1 } },
          variable: { name: 'Problem' },
        },
      ],
    });
  }

  /** Reports the charger and every connector again, as after a boot or a reconnection. */
  async reportAll(): Promise<void> {
    const { main, connectors } = this.state;
    await this.set(0, main.status === 'Faulted' ? 'Faulted' : this.state.idleMainStatus(), main.errorCode, undefined, { repeat: true });
    for (const c of connectors) {
      const status = c.status === 'Faulted' ? 'Faulted' : c.transactionId !== undefined ? c.status : this.state.idleStatus(c);
      await this.set(c.id, status, c.errorCode, c.info, { repeat: true });
    }
  }

  /** Reports the last known status again (TriggerMessage): connector 0, one connector, or all of them. */
  async repeat(connectorId: number | undefined): Promise<void> {
    const { main, connectors } = this.state;
    if (connectorId === 0 || connectorId === undefined) await this.set(0, main.status, main.errorCode);
    if (connectorId === 0) return;
    const targets = connectorId === undefined ? connectors : [this.state.connectorOf(connectorId)];
    for (const c of targets) await this.set(c.id, c.status, c.errorCode, c.info, { repeat: true });
  }
}
