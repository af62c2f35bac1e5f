import type { AuthorizationStatus, ChargePointStatus, MeterValue, StopReason } from '@wattdesk/shared/ocpp/ocpp16';
import type {
  AuthorizationStatusEnumType,
  ConnectorStatus201,
  IdTokenEnumType,
  IdTokenType,
  MeasurandEnumType,
  Ocpp201MeterValue,
  Ocpp201SampledValue,
  ReasonEnumType,
  TriggerReason,
} from '@wattdesk/shared/ocpp/ocpp201';

/**
 * The simulator keeps one state for both versions, in 1.6 terms (its connectors, statuses and samples); these
 * functions say it in 2.0.1 terms on the wire, and read 2.0.1 answers back.
 */

/** 2.0.1 has no Preparing/Charging/Finishing at the connector: a connector with a car or a session is Occupied. */
export const connectorStatusOf = (status: ChargePointStatus): ConnectorStatus201 => {
  switch (status) {
    case 'Available':
    case 'Reserved':
    case 'Unavailable':
    case 'Faulted':
      return status;
    default:
      return 'Occupied';
  }
};

/** Why a transaction ended, in 2.0.1 words. */
export const stoppedReasonOf = (reason: StopReason): ReasonEnumType => {
  switch (reason) {
    case 'HardReset':
    case 'SoftReset':
      return 'ImmediateReset';
    case 'UnlockCommand':
      return 'Remote';
    default:
      return reason;
  }
};

/** What made the charger end a transaction (TransactionEvent Ended's triggerReason). */
export const endTriggerOf = (reason: StopReason): TriggerReason => {
  switch (reason) {
    case 'Local':
      return 'StopAuthorized';
    case 'Remote':
      return 'RemoteStop';
    case 'DeAuthorized':
      return 'Deauthorized';
    case 'EVDisconnected':
      return 'EVCommunicationLost';
    case 'HardReset':
    case 'SoftReset':
    case 'Reboot':
      return 'ResetCommand';
    case 'UnlockCommand':
      return 'UnlockCommand';
    default:
      return 'AbnormalCondition';
  }
};

/** The 1.6 statuses the simulator's callers know; 2.0.1's finer refusals read as Invalid. */
export const authorizationStatusOf = (status: AuthorizationStatusEnumType): AuthorizationStatus => {
  switch (status) {
    case 'Accepted':
    case 'Blocked':
    case 'Expired':
    case 'ConcurrentTx':
      return status;
    default:
      return 'Invalid';
  }
};

/** A driver's token as a 2.0.1 charger reads it from an RFID card (the simulator's tags are card UIDs or app ids). */
export const idTokenOf = (idTag: string, type: IdTokenEnumType = 'ISO14443'): IdTokenType => ({ idToken: idTag, type });

const MEASURANDS = new Set<string>([
  'Energy.Active.Import.Register',
  'Power.Active.Import',
  'Current.Import',
  'Voltage',
  'SoC',
] satisfies MeasurandEnumType[]);

/** A 1.6 sample in 2.0.1 form: numbers, not strings, and a unitOfMeasure. */
export const meterValueOf = (sample: MeterValue): Ocpp201MeterValue => {
  const values = sample.sampledValue.map((value): Ocpp201SampledValue => {
    const measurand = value.measurand && MEASURANDS.has(value.measurand) ? (value.measurand as MeasurandEnumType) : undefined;
    return {
      value: Number(value.value),
      ...(value.context ? { context: value.context } : {}),
      ...(measurand ? { measurand } : {}),
      ...(value.location === 'Outlet' || value.location === 'EV' ? { location: value.location } : {}),
      ...(value.unit ? { unitOfMeasure: { unit: value.unit } } : {}),
    };
  });
  const [first, ...rest] = values;
  if (!first) throw new Error('A meter value needs at least one sampled value');
  return { timestamp: sample.timestamp, sampledValue: [first, ...rest] };
};
