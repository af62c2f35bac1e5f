import type {
  AuthorizeResponse,
  BootNotificationResponse,
  ChangeAvailabilityRequest,
  DiagnosticsStatusNotificationRequest,
  FirmwareStatusNotificationRequest,
  GetConfigurationResponse,
  MeterValuesRequest,
  Ocpp16Calls,
  SetChargingProfileRequest,
  StatusNotificationRequest,
  StopTransactionRequest,
} from './ocpp16.generated.ts';

/**
 * OCPP 1.6J payloads, generated from the official JSON schemas (ocpp16.generated.ts), and names for the parts of
 * them that the schemas write inline (a meter value, an idTagInfo, a status) so code can name them without copying.
 */
export type * from './ocpp16.generated.ts';

export type Ocpp16Action = keyof Ocpp16Calls;
export type Ocpp16Request<A extends Ocpp16Action> = Ocpp16Calls[A]['request'];
export type Ocpp16Response<A extends Ocpp16Action> = Ocpp16Calls[A]['response'];

export type MeterValue = MeterValuesRequest['meterValue'][number];
export type SampledValue = MeterValue['sampledValue'][number];
export type Measurand = NonNullable<SampledValue['measurand']>;
export type ReadingContext = NonNullable<SampledValue['context']>;
export type IdTagInfo = AuthorizeResponse['idTagInfo'];
export type AuthorizationStatus = IdTagInfo['status'];
export type RegistrationStatus = BootNotificationResponse['status'];
export type ChargePointStatus = StatusNotificationRequest['status'];
export type ChargePointErrorCode = StatusNotificationRequest['errorCode'];
export type StopReason = NonNullable<StopTransactionRequest['reason']>;
export type DiagnosticsStatus = DiagnosticsStatusNotificationRequest['status'];
export type FirmwareStatus = FirmwareStatusNotificationRequest['status'];
export type AvailabilityType = ChangeAvailabilityRequest['type'];
export type ConfigurationKey = NonNullable<GetConfigurationResponse['configurationKey']>[number];
export type ChargingProfile = SetChargingProfileRequest['csChargingProfiles'];
export type ChargingProfilePurpose = ChargingProfile['chargingProfilePurpose'];
export type ChargingSchedule = ChargingProfile['chargingSchedule'];
