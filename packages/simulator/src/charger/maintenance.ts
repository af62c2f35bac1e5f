import { createHash } from 'node:crypto';
import type { DiagnosticsStatus, FirmwareStatus } from '@wattdesk/shared/ocpp/ocpp16';
import type { UploadLogStatusEnumType } from '@wattdesk/shared/ocpp/ocpp201';
import type { ConnectionLifecycle } from './lifecycle.ts';
import type { ChargerLink } from './link.ts';
import type { ChargerRuntime } from './runtime.ts';
import type { ChargerState } from './state.ts';
import type { FirmwareFailure } from './types.ts';

/** The firmware version an UpdateFirmware location names (…/wattdesk-2.1.0.bin), or the current one with its last number bumped. */
export const nextFirmwareVersion = (location: string, current: string): string => {
  let path = location;
  try {
    path = new URL(location).pathname;
  } catch {
    path = location.split(/[?#]/)[0] ?? '';
  }
  const file = path.split('/').filter(Boolean).at(-1) ?? '';
  const named = file.match(/\d+(?:\.\d+)+/g)?.at(-1);
  if (named) return named.slice(0, 50);
  const bumped = current.replace(/(\d+)(?!.*\d)/, (digits) => String(Number(digits) + 1));
  return (bumped === current ? `${current}-1` : bumped).slice(0, 50);
};

/** A 1.6 diagnostics status as a 2.0.1 log upload status. */
const LOG_STATUS_OF: Record<DiagnosticsStatus, UploadLogStatusEnumType> = {
  Idle: 'Idle',
  Uploading: 'Uploading',
  Uploaded: 'Uploaded',
  UploadFailed: 'UploadFailure',
};

/**
 * Diagnostics uploads (2.0.1: GetLog) and firmware updates, with their progress notifications (kept while
 * offline); in 2.0.1 each notification repeats the requestId of the command it reports on.
 */
export class Maintenance {
  firmwareRequestId: number | undefined;
  logRequestId: number | undefined;

  constructor(
    private readonly runtime: ChargerRuntime,
    private readonly link: ChargerLink,
    private readonly state: ChargerState,
    private readonly lifecycle: ConnectionLifecycle,
  ) {
    this.failure = runtime.options.firmwareFailure;
  }

  async diagnosticsStatus(status: DiagnosticsStatus): Promise<void> {
    if (this.link.version === '2.0.1') {
      const requestId = this.logRequestId;
      await this.link.send201OrQueue('LogStatusNotification', { status: LOG_STATUS_OF[status], ...(requestId !== undefined ? { requestId } : {}) });
    } else await this.link.sendOrQueue('DiagnosticsStatusNotification', { status });
    this.state.diagnostics = status;
    this.runtime.events.emit('diagnosticsStatus', status);
  }

  async firmwareStatus(status: FirmwareStatus): Promise<void> {
    if (this.link.version === '2.0.1') {
      const requestId = this.firmwareRequestId;
      await this.link.send201OrQueue('FirmwareStatusNotification', { status, ...(requestId !== undefined ? { requestId } : {}) });
    } else await this.link.sendOrQueue('FirmwareStatusNotification', { status });
    this.state.firmware = status;
    this.runtime.events.emit('firmwareStatus', status);
  }

  /** The name of the file a GetDiagnostics upload will produce. */
  diagnosticsFileName(): string {
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
    return `${this.runtime.chargerId}-diagnostics-${stamp}.log`;
  }

  async uploadDiagnostics(): Promise<void> {
    await this.diagnosticsStatus('Uploading');
    await this.runtime.pause(this.runtime.stepDelayMs);
    await this.diagnosticsStatus('Uploaded');
    this.state.diagnostics = 'Idle';
  }

  /** A failure the next updates meet (tests and demos): the download or the installation fails. */
  failure: FirmwareFailure | undefined;

  /**
   * One download attempt: the image from an http(s) location, checked against the x-checksum-sha256 the server
   * sends; answers the version the image carries (x-firmware-version), or an error naming what went wrong.
   */
  private async download(location: string): Promise<{ version: string | undefined } | { error: string }> {
    if (this.failure === 'download') return { error: 'simulated download failure' };
    if (!/^https?:/i.test(location)) return { version: undefined };
    try {
      const response = await fetch(location, { signal: AbortSignal.timeout(30_000) });
      if (!response.ok) return { error: `HTTP ${response.status}` };
      const body = Buffer.from(await response.arrayBuffer());
      const expected = response.headers.get('x-checksum-sha256');
      if (expected && createHash('sha256').update(body).digest('hex') !== expected.toLowerCase()) return { error: 'checksum mismatch' };
      return { version: response.headers.get('x-firmware-version') ?? undefined };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * Waits for the retrieve date, downloads (up to `retries` more times, `retryInterval` seconds apart), installs,
   * then reboots on the new version; DownloadFailed or InstallationFailed end it without a reboot.
   */
  async updateFirmware(location: string, retrieveDate: string, retries = 0, retryIntervalSeconds = 0): Promise<void> {
    const step = this.runtime.stepDelayMs;
    await this.runtime.pause(Math.max(0, Date.parse(retrieveDate) - Date.now()));
    let downloaded: { version: string | undefined } | undefined;
    for (let attempt = 0; attempt <= retries && !downloaded; attempt += 1) {
      if (attempt > 0) await this.runtime.pause(retryIntervalSeconds * 1000);
      await this.firmwareStatus('Downloading');
      await this.runtime.pause(step);
      const result = await this.download(location);
      if ('error' in result) this.runtime.warn(new Error(`Firmware download failed: ${result.error}`));
      else downloaded = result;
    }
    if (!downloaded) {
      await this.firmwareStatus('DownloadFailed');
      this.state.firmware = 'Idle';
      return;
    }
    await this.firmwareStatus('Downloaded');
    await this.runtime.pause(step);
    await this.firmwareStatus('Installing');
    await this.runtime.pause(step);
    if (this.failure === 'install') {
      await this.firmwareStatus('InstallationFailed');
      this.state.firmware = 'Idle';
      return;
    }
    await this.firmwareStatus('Installed');
    this.state.firmwareVersion = downloaded.version ?? nextFirmwareVersion(location, this.state.firmwareVersion);
    this.state.firmware = 'Idle';
    await this.lifecycle.reboot('Firmware');
  }
}
