import { OCPP_HEARTBEAT_INTERVAL_SECONDS } from '@wattdesk/shared';
import type { BootNotificationRequest, BootNotificationResponse, HeartbeatResponse, StopReason } from '@wattdesk/shared/ocpp/ocpp16';
import type { BootReasonEnumType } from '@wattdesk/shared/ocpp/ocpp201';
import type { ChargerLink } from './link.ts';
import type { ChargerRuntime } from './runtime.ts';
import type { Sessions } from './sessions.ts';
import { DEFAULT_RATED_KW, type ChargerState } from './state.ts';
import type { StatusReporter } from './status.ts';
import type { RebootReason } from './types.ts';

const defaultModel = (powerKw: number) => `Sim ${powerKw > 22 ? 'DC' : 'AC'} ${powerKw} kW`;

const STOP_REASON_OF_REBOOT: Record<RebootReason, StopReason> = { Hard: 'HardReset', Soft: 'SoftReset', Firmware: 'Reboot' };
/** What a 2.0.1 BootNotification says the boot came from. */
const BOOT_REASON_OF_REBOOT: Record<RebootReason, BootReasonEnumType> = { Hard: 'RemoteReset', Soft: 'RemoteReset', Firmware: 'FirmwareUpdate' };

/**
 * The charger's life on the connection: connect and boot (retrying while Pending or Rejected), heartbeats,
 * coming back after a drop, closing, and rebooting.
 */
export class ConnectionLifecycle {
  private everAccepted = false;
  private lastBoot: BootNotificationResponse | undefined;
  private heartbeatTimer: (() => void) | undefined;
  private bootRetryTimer: NodeJS.Timeout | undefined;
  /** Why the next boot happens (2.0.1 says so in its BootNotification). */
  private bootReason: BootReasonEnumType = 'PowerUp';

  constructor(
    private readonly runtime: ChargerRuntime,
    private readonly link: ChargerLink,
    private readonly state: ChargerState,
    private readonly status: StatusReporter,
    private readonly sessions: Sessions,
  ) {
    link.watch({ reopened: () => this.resume(), dropped: () => this.stopConnectionTimers() });
  }

  /** The last BootNotification answer. */
  get bootResponse(): BootNotificationResponse | undefined {
    return this.lastBoot;
  }

  /** Opens the connection, boots, reports every connector and starts heartbeats; resolves with the boot answer. */
  async connect(): Promise<BootNotificationResponse> {
    this.runtime.renew();
    await this.link.open();
    return this.bootSequence();
  }

  /** Closes the connection cleanly; with stopSessions, running sessions are ended first. */
  async close(options: { stopSessions?: boolean; reason?: StopReason }): Promise<void> {
    if (options.stopSessions && this.link.connected) {
      await this.sessions.stopAll(options.reason ?? 'Other').catch((error: unknown) => this.runtime.warn(error));
    }
    this.runtime.end();
    this.stopTimers();
    await this.link.shut(1000, 'Charger shutting down');
  }

  /** BootNotification; `reason` (2.0.1 only) overrides why the charger says it booted, e.g. Triggered. */
  async boot(reason?: BootReasonEnumType): Promise<BootNotificationResponse> {
    const { options, configuration } = this.runtime;
    const vendor = options.vendor ?? 'Wattdesk';
    const model = (options.model ?? defaultModel(options.powerKw ?? DEFAULT_RATED_KW)).slice(0, 20);
    const firmwareVersion = this.state.firmwareVersion.slice(0, 50);
    const params: BootNotificationRequest = {
      chargePointVendor: vendor.slice(0, 20),
      chargePointModel: model,
      firmwareVersion,
      ...(options.serialNumber ? { chargePointSerialNumber: options.serialNumber.slice(0, 25) } : {}),
    };
    const answer =
      this.link.version === '2.0.1'
        ? await this.link.send201('BootNotification', {
            reason: reason ?? this.bootReason,
            chargingStation: {
              model,
              vendorName: vendor.slice(0, 50),
              firmwareVersion,
              ...(options.serialNumber ? { serialNumber: options.serialNumber.slice(0, 25) } : {}),
            },
          })
        : await this.link.send('BootNotification', params);
    this.lastBoot = answer;
    if (answer.status === 'Accepted' && options.heartbeatIntervalSeconds === undefined) {
      configuration.setInternal('HeartbeatInterval', answer.interval > 0 ? answer.interval : OCPP_HEARTBEAT_INTERVAL_SECONDS);
      this.restartHeartbeat();
    }
    return answer;
  }

  async heartbeat(): Promise<HeartbeatResponse> {
    const answer = await this.link.send('Heartbeat', {});
    this.runtime.events.emit('heartbeat', answer);
    return answer;
  }

  /** Picks up a new HeartbeatInterval when heartbeats are running. */
  restartHeartbeat(): void {
    if (this.heartbeatTimer) this.startHeartbeat();
  }

  /** A reboot: end sessions, drop the connection, come back and boot (with the new firmware, after an update). */
  async reboot(reason: RebootReason): Promise<void> {
    this.runtime.events.emit('rebooting', { reason });
    this.bootReason = BOOT_REASON_OF_REBOOT[reason];
    await this.sessions.stopAll(STOP_REASON_OF_REBOOT[reason]);
    this.stopTimers();
    await this.link.shut(1012, 'Rebooting');
    await this.runtime.pause(this.runtime.stepDelayMs);
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.connect();
        return;
      } catch (error) {
        if (!this.runtime.options.reconnect || this.runtime.ended) throw error;
        this.runtime.warn(error);
        await this.runtime.pause(Math.min(15_000, 500 * 2 ** attempt));
      }
    }
  }

  private async bootSequence(): Promise<BootNotificationResponse> {
    clearTimeout(this.bootRetryTimer);
    const answer = await this.boot();
    if (answer.status === 'Accepted') {
      this.everAccepted = true;
      this.bootReason = 'PowerUp';
      this.runtime.events.emit('booted', answer);
      await this.status.reportAll();
      await this.link.flushOfflineQueue();
      this.startHeartbeat();
    } else {
      // Pending or Rejected: try again after the interval the server asked for.
      const retryMs = (answer.interval > 0 ? answer.interval : 10) * 1000;
      this.bootRetryTimer = setTimeout(() => {
        if (this.link.connected) this.bootSequence().catch((error: unknown) => this.runtime.warn(error));
      }, retryMs);
    }
    return answer;
  }

  /** The client reconnected by itself: boot if never accepted, else send what was kept and report again. */
  private resume(): void {
    void (async () => {
      if (!this.everAccepted) {
        await this.bootSequence();
        return;
      }
      await this.link.flushOfflineQueue();
      await this.status.reportAll();
      this.startHeartbeat();
    })().catch((error: unknown) => this.runtime.warn(error));
  }

  private startHeartbeat(): void {
    this.heartbeatTimer?.();
    this.heartbeatTimer = undefined;
    if (this.runtime.options.autoHeartbeat === false || !this.link.connected) return;
    const seconds = this.runtime.heartbeatIntervalSeconds;
    if (!(seconds > 0)) return;
    this.heartbeatTimer = this.runtime.repeat(seconds * 1000, () => {
      if (this.link.connected) this.heartbeat().catch((error: unknown) => this.runtime.warn(error));
    });
  }

  private stopConnectionTimers(): void {
    this.heartbeatTimer?.();
    this.heartbeatTimer = undefined;
    clearTimeout(this.bootRetryTimer);
  }

  private stopTimers(): void {
    this.stopConnectionTimers();
    this.sessions.stopMeterLoops();
  }
}
