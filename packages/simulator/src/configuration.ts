import type { ChangeConfigurationResponse, ConfigurationKey } from '@wattdesk/shared/ocpp/ocpp16';

type Entry = { value: string; readonly: boolean; kind: 'integer' | 'boolean' | 'text' };

/** The charger's configuration keys (OCPP 1.6 section 9), as GetConfiguration and ChangeConfiguration see them. */
export class ConfigurationStore {
  private readonly entries = new Map<string, Entry>();

  constructor(initial: { heartbeatInterval: number; meterValueSampleInterval: number; numberOfConnectors: number }) {
    const add = (key: string, value: string | number | boolean, readonly = false) =>
      this.entries.set(key, {
        value: String(value),
        readonly,
        kind: typeof value === 'number' ? 'integer' : typeof value === 'boolean' ? 'boolean' : 'text',
      });
    add('HeartbeatInterval', initial.heartbeatInterval);
    add('MeterValueSampleInterval', initial.meterValueSampleInterval);
    add('MeterValuesSampledData', 'Energy.Active.Import.Register,Power.Active.Import,Current.Import,Voltage,SoC');
    add('ClockAlignedDataInterval', 0);
    add('ConnectionTimeOut', 60);
    add('ResetRetries', 1);
    add('AuthorizeRemoteTxRequests', false);
    add('LocalAuthorizeOffline', true);
    add('LocalPreAuthorize', false);
    add('StopTransactionOnInvalidId', true);
    add('StopTransactionOnEVSideDisconnect', true);
    add('UnlockConnectorOnEVSideDisconnect', true);
    add('NumberOfConnectors', initial.numberOfConnectors, true);
    add('SupportedFeatureProfiles', 'Core,FirmwareManagement,RemoteTrigger', true);
  }

  get(key: string): string | undefined {
    return this.entries.get(key)?.value;
  }

  getNumber(key: string): number | undefined {
    const value = this.get(key);
    return value === undefined ? undefined : Number(value);
  }

  getBoolean(key: string): boolean {
    return this.get(key) === 'true';
  }

  /** Sets a value the charger itself changed (e.g. the heartbeat interval a BootNotification answer gives). */
  setInternal(key: string, value: string | number | boolean): void {
    const entry = this.entries.get(key);
    if (entry) entry.value = String(value);
  }

  list(keys?: string[]): { configurationKey: ConfigurationKey[]; unknownKey: string[] } {
    const wanted = keys?.length ? keys : [...this.entries.keys()];
    const configurationKey: ConfigurationKey[] = [];
    const unknownKey: string[] = [];
    for (const key of wanted) {
      const entry = this.entries.get(key);
      if (entry) configurationKey.push({ key, readonly: entry.readonly, value: entry.value });
      else unknownKey.push(key);
    }
    return { configurationKey, unknownKey };
  }

  change(key: string, value: string): ChangeConfigurationResponse['status'] {
    const entry = this.entries.get(key);
    if (!entry) return 'NotSupported';
    if (entry.readonly) return 'Rejected';
    if (entry.kind === 'integer' && !/^\d+$/.test(value.trim())) return 'Rejected';
    if (entry.kind === 'boolean' && !['true', 'false'].includes(value.trim().toLowerCase())) return 'Rejected';
    entry.value = entry.kind === 'text' ? value : value.trim().toLowerCase();
    return 'Accepted';
  }
}
