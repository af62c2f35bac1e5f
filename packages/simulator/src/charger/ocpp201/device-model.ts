import type {
  ComponentType,
  DataEnumType,
  GetVariableDataType,
  GetVariableResult,
  MutabilityEnumType,
  ReportBaseEnumType,
  ReportData,
  SetVariableData,
  SetVariableResultType,
  VariableType,
} from '@wattdesk/shared/ocpp/ocpp201';
import type { ChargerRuntime } from '../runtime.ts';
import type { ChargerState } from '../state.ts';
import { connectorStatusOf } from './convert.ts';

/** One variable of the device model: where it lives, who may change it, and where its value comes from. */
type Entry = {
  component: ComponentType;
  variable: VariableType;
  mutability: MutabilityEnumType;
  dataType: DataEnumType;
  unit?: string;
  read: () => string;
  /** ReadWrite variables: stores a value already checked against dataType. */
  write?: (value: string) => void;
};

/** What changes when a variable that drives a timer is set, so the timer picks the new value up at once. */
export type DeviceModelListeners = { heartbeatIntervalChanged: () => void; meterIntervalChanged: () => void };

const sameComponent = (a: ComponentType, b: ComponentType) =>
  a.name === b.name && a.instance === b.instance && a.evse?.id === b.evse?.id && a.evse?.connectorId === b.evse?.connectorId;

const validFor = (dataType: DataEnumType, value: string): boolean => {
  if (dataType === 'integer') return /^\d+$/.test(value.trim());
  if (dataType === 'boolean') return value === 'true' || value === 'false';
  return value.length <= 1000;
};

/**
 * The charger's OCPP 2.0.1 device model (part 1 §4, part 2 B): a few components and variables, as GetBaseReport,
 * GetVariables and SetVariables see them. Variables that 1.6 also has read and write the same configuration keys,
 * so the charger's timers follow whichever version set them.
 */
export class DeviceModel {
  private readonly entries: Entry[];

  constructor(runtime: ChargerRuntime, state: ChargerState, listeners: DeviceModelListeners) {
    const { configuration, options } = runtime;
    const fixed = (value: () => string | number | boolean) => () => String(value());
    const key = (name: string, changed?: () => void) => ({
      read: fixed(() => configuration.get(name) ?? ''),
      write: (value: string) => {
        configuration.setInternal(name, value);
        changed?.();
      },
    });
    const station: ComponentType = { name: 'ChargingStation' };
    this.entries = [
      {
        component: station,
        variable: { name: 'Model' },
        mutability: 'ReadOnly',
        dataType: 'string',
        read: fixed(() => options.model ?? 'Simulated'),
      },
      {
        component: station,
        variable: { name: 'VendorName' },
        mutability: 'ReadOnly',
        dataType: 'string',
        read: fixed(() => options.vendor ?? 'Wattdesk'),
      },
      {
        component: station,
        variable: { name: 'AvailabilityState' },
        mutability: 'ReadOnly',
        dataType: 'OptionList',
        read: fixed(() => connectorStatusOf(state.main.status)),
      },
      ...state.connectors.flatMap((c): Entry[] => [
        {
          component: { name: 'EVSE', evse: { id: c.id } },
          variable: { name: 'AvailabilityState' },
          mutability: 'ReadOnly',
          dataType: 'OptionList',
          read: fixed(() => connectorStatusOf(c.status)),
        },
        {
          component: { name: 'EVSE', evse: { id: c.id } },
          variable: { name: 'Power' },
          mutability: 'ReadOnly',
          dataType: 'decimal',
          unit: 'W',
          read: fixed(() => Math.round(c.meter.currentPowerW)),
        },
        {
          component: { name: 'Connector', evse: { id: c.id, connectorId: 1 } },
          variable: { name: 'ConnectorType' },
          mutability: 'ReadOnly',
          dataType: 'string',
          read: fixed(() => 'cType2'),
        },
      ]),
      {
        component: { name: 'OCPPCommCtrlr' },
        variable: { name: 'HeartbeatInterval' },
        mutability: 'ReadWrite',
        dataType: 'integer',
        unit: 's',
        ...key('HeartbeatInterval', listeners.heartbeatIntervalChanged),
      },
      {
        component: { name: 'SecurityCtrlr' },
        variable: { name: 'SecurityProfile' },
        mutability: 'ReadOnly',
        dataType: 'integer',
        read: fixed(() => 1),
      },
      {
        component: { name: 'SecurityCtrlr' },
        variable: { name: 'Identity' },
        mutability: 'ReadOnly',
        dataType: 'string',
        read: fixed(() => runtime.chargerId),
      },
      {
        component: { name: 'TxCtrlr' },
        variable: { name: 'EVConnectionTimeOut' },
        mutability: 'ReadWrite',
        dataType: 'integer',
        unit: 's',
        ...key('ConnectionTimeOut'),
      },
      {
        component: { name: 'TxCtrlr' },
        variable: { name: 'StopTxOnInvalidId' },
        mutability: 'ReadWrite',
        dataType: 'boolean',
        ...key('StopTransactionOnInvalidId'),
      },
      {
        component: { name: 'SampledDataCtrlr' },
        variable: { name: 'TxUpdatedInterval' },
        mutability: 'ReadWrite',
        dataType: 'integer',
        unit: 's',
        ...key('MeterValueSampleInterval', listeners.meterIntervalChanged),
      },
      {
        component: { name: 'AuthCtrlr' },
        variable: { name: 'AuthorizeRemoteStart' },
        mutability: 'ReadWrite',
        dataType: 'boolean',
        ...key('AuthorizeRemoteTxRequests'),
      },
      {
        component: { name: 'FirmwareCtrlr' },
        variable: { name: 'FirmwareVersion' },
        mutability: 'ReadOnly',
        dataType: 'string',
        read: fixed(() => state.firmwareVersion),
      },
    ];
  }

  get(request: GetVariableDataType): GetVariableResult {
    const { component, variable } = request;
    const found = this.find(component, variable);
    if (typeof found === 'string') return { attributeStatus: found, component, variable };
    if (request.attributeType && request.attributeType !== 'Actual') return { attributeStatus: 'NotSupportedAttributeType', component, variable };
    if (found.mutability === 'WriteOnly') return { attributeStatus: 'Rejected', component, variable };
    return { attributeStatus: 'Accepted', attributeType: 'Actual', attributeValue: found.read(), component, variable };
  }

  /** ReadOnly variables and values of the wrong type are Rejected. */
  set(request: SetVariableData): SetVariableResultType {
    const { component, variable, attributeValue } = request;
    const found = this.find(component, variable);
    if (typeof found === 'string') return { attributeStatus: found, component, variable };
    if (request.attributeType && request.attributeType !== 'Actual') return { attributeStatus: 'NotSupportedAttributeType', component, variable };
    if (found.mutability === 'ReadOnly' || !found.write || !validFor(found.dataType, attributeValue))
      return { attributeStatus: 'Rejected', attributeType: 'Actual', component, variable };
    found.write(found.dataType === 'integer' ? attributeValue.trim() : attributeValue);
    return { attributeStatus: 'Accepted', attributeType: 'Actual', component, variable };
  }

  /** The variables a GetBaseReport asks for: the writable ones for ConfigurationInventory, all of them otherwise. */
  report(base: ReportBaseEnumType): ReportData[] {
    return this.entries
      .filter((entry) => base !== 'ConfigurationInventory' || entry.mutability === 'ReadWrite')
      .map((entry) => ({
        component: entry.component,
        variable: entry.variable,
        variableAttribute: [{ type: 'Actual', value: entry.read(), mutability: entry.mutability }],
        variableCharacteristics: { dataType: entry.dataType, supportsMonitoring: false, ...(entry.unit ? { unit: entry.unit } : {}) },
      }));
  }

  private find(component: ComponentType, variable: VariableType): Entry | 'UnknownComponent' | 'UnknownVariable' {
    const inComponent = this.entries.filter((entry) => sameComponent(entry.component, component));
    if (!inComponent.length) return 'UnknownComponent';
    return inComponent.find((entry) => entry.variable.name === variable.name && entry.variable.instance === variable.instance) ?? 'UnknownVariable';
  }
}
