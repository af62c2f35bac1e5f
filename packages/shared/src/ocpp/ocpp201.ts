import type {
  GetVariablesResponse,
  MeterValuesRequest,
  NotifyReportRequest,
  Ocpp201Calls,
  SetVariablesRequest,
  StatusNotificationRequest,
  TransactionEventRequest,
} from './ocpp201.generated.ts';

/**
 * OCPP 2.0.1 payloads, generated from the official JSON schemas (ocpp201.generated.ts), and names for the parts of
 * them that code needs to name. Code imports 2.0.1 types from here, never from the generated file, so the generated
 * output can be laid out as the generator likes.
 */
export type * from './ocpp201.generated.ts';

export type Ocpp201Action = keyof Ocpp201Calls;
export type Ocpp201Request<A extends Ocpp201Action> = Ocpp201Calls[A]['request'];
export type Ocpp201Response<A extends Ocpp201Action> = Ocpp201Calls[A]['response'];

export type TransactionEventKind = TransactionEventRequest['eventType'];
export type TriggerReason = TransactionEventRequest['triggerReason'];
export type Ocpp201MeterValue = MeterValuesRequest['meterValue'][number];
export type Ocpp201SampledValue = Ocpp201MeterValue['sampledValue'][number];
export type ConnectorStatus201 = StatusNotificationRequest['connectorStatus'];
export type ReportData = NonNullable<NotifyReportRequest['reportData']>[number];
export type SetVariableData = SetVariablesRequest['setVariableData'][number];
export type GetVariableResult = GetVariablesResponse['getVariableResult'][number];
