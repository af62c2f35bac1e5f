import type { ChargePointErrorCode, ChargePointStatus, StatusNotificationRequest } from '@wattdesk/shared/ocpp/ocpp16';
import type { ChargerLink } from './link.ts';
import type { ChargerRuntime } from './runtime.ts';
import type { ChargerState } from './state.ts';

/** StatusNotification: records a connector's status and tells the central system. */
export class StatusReporter {
  constructor(
    private readonly runtime: ChargerRuntime,
    private readonly link: ChargerLink,
    private readonly state: ChargerState,
  ) {}

  /** Records and reports a connector's status (connector 0 is the charger as a whole). */
  async set(connectorId: number, status: ChargePointStatus, errorCode: ChargePointErrorCode = 'NoError', info?: string): Promise<void> {
    if (connectorId === 0) {
      this.state.main.status = status;
      this.state.main.errorCode = errorCode;
    } else {
      const c = this.state.connectorOf(connectorId);
      c.status = status;
      c.errorCode = errorCode;
      c.info = info;
    }
    const params: StatusNotificationRequest = {
      connectorId,
      status,
      errorCode,
      ...(info ? { info: info.slice(0, 50) } : {}),
      timestamp: new Date(this.runtime.now()).toISOString(),
    };
    await this.link.send('StatusNotification', params);
    this.runtime.events.emit('status', { connectorId, status, errorCode, info });
  }

  /** Reports the charger and every connector again, as after a boot or a reconnection. */
  async reportAll(): Promise<void> {
    const { main, connectors } = this.state;
    await this.set(0, main.status === 'Faulted' ? 'Faulted' : this.state.idleMainStatus(), main.errorCode);
    for (const c of connectors) {
      const status = c.status === 'Faulted' ? 'Faulted' : c.transactionId !== undefined ? c.status : this.state.idleStatus(c);
      await this.set(c.id, status, c.errorCode, c.info);
    }
  }

  /** Reports the last known status again (TriggerMessage): connector 0, one connector, or all of them. */
  async repeat(connectorId: number | undefined): Promise<void> {
    const { main, connectors } = this.state;
    if (connectorId === 0 || connectorId === undefined) await this.set(0, main.status, main.errorCode);
    if (connectorId === 0) return;
    const targets = connectorId === undefined ? connectors : [this.state.connectorOf(connectorId)];
    for (const c of targets) await this.set(c.id, c.status, c.errorCode, c.info);
  }
}
