/** The OCPP 1.6J payloads the simulator sends and answers (the subset it uses), as the 1.6 JSON schemas define them. */

export type ChargePointStatus =
  'Available' | 'Preparing' | 'Charging' | 'SuspendedEVSE' | 'SuspendedEV' | 'Finishing' | 'Reserved' | 'Unavailable' | 'Faulted';

export type ChargePointErrorCode =
  | 'ConnectorLockFailure'
  | 'EVCommunicationError'
  | 'GroundFailure'
  | 'HighTemperature'
  | 'InternalError'
  | 'LocalListConflict'
  | 'NoError'
  | 'OtherError'
  | 'OverCurrentFailure'
  | 'PowerMeterFailure'
  | 'PowerSwitchFailure'
  | 'ReaderFailure'
  | 'ResetFailure'
  | 'UnderVoltage'
  | 'OverVoltage'
  | 'WeakSignal';

export type StopReason =
  | 'EmergencyStop'
  | 'EVDisconnected'
  | 'HardReset'
  | 'Local'
  | 'Other'
  | 'PowerLoss'
  | 'Reboot'
  | 'Remote'
  | 'SoftReset'
  | 'UnlockCommand'
  | 'DeAuthorized';

export type DiagnosticsStatus = 'Idle' | 'Uploaded' | 'UploadFailed' | 'Uploading';
export type FirmwareStatus = 'Downloaded' | 'DownloadFailed' | 'Downloading' | 'Idle' | 'InstallationFailed' | 'Installing' | 'Installed';
export type AuthorizationStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' | 'ConcurrentTx';
export type RegistrationStatus = 'Accepted' | 'Pending' | 'Rejected';
export type AvailabilityType = 'Inoperative' | 'Operative';

export type Measurand = 'Energy.Active.Import.Register' | 'Power.Active.Import' | 'Current.Import' | 'Voltage' | 'SoC';
export type ReadingContext = 'Sample.Periodic' | 'Transaction.Begin' | 'Transaction.End' | 'Trigger' | 'Other';

export type SampledValue = {
  value: string;
  context?: ReadingContext;
  format?: 'Raw';
  measurand?: Measurand;
  location?: 'Outlet' | 'EV';
  unit?: 'Wh' | 'W' | 'A' | 'V' | 'Percent';
};

export type MeterValue = { timestamp: string; sampledValue: SampledValue[] };

export type IdTagInfo = { status: AuthorizationStatus; expiryDate?: string; parentIdTag?: string };

export type BootNotificationRequest = {
  chargePointVendor: string;
  chargePointModel: string;
  chargePointSerialNumber?: string;
  firmwareVersion?: string;
  meterType?: string;
};
export type BootNotificationResponse = { status: RegistrationStatus; currentTime: string; interval: number };
export type HeartbeatResponse = { currentTime: string };
export type AuthorizeResponse = { idTagInfo: IdTagInfo };
export type StartTransactionRequest = { connectorId: number; idTag: string; meterStart: number; timestamp: string; reservationId?: number };
export type StartTransactionResponse = { transactionId: number; idTagInfo: IdTagInfo };
export type StopTransactionRequest = {
  transactionId: number;
  meterStop: number;
  timestamp: string;
  reason?: StopReason;
  idTag?: string;
  transactionData?: MeterValue[];
};
export type StopTransactionResponse = { idTagInfo?: IdTagInfo };
export type StatusNotificationRequest = {
  connectorId: number;
  status: ChargePointStatus;
  errorCode: ChargePointErrorCode;
  info?: string;
  timestamp?: string;
};
export type MeterValuesRequest = { connectorId: number; transactionId?: number; meterValue: MeterValue[] };
export type DataTransferResponse = { status: 'Accepted' | 'Rejected' | 'UnknownMessageId' | 'UnknownVendorId'; data?: string };

/** Calls the central system makes to a charger, with the fields the simulator reads. */
export type ResetRequest = { type: 'Hard' | 'Soft' };
export type UnlockConnectorRequest = { connectorId: number };
export type RemoteStartTransactionRequest = { idTag: string; connectorId?: number };
export type RemoteStopTransactionRequest = { transactionId: number };
export type ChangeAvailabilityRequest = { connectorId: number; type: AvailabilityType };
export type GetDiagnosticsRequest = { location: string; retries?: number; retryInterval?: number; startTime?: string; stopTime?: string };
export type UpdateFirmwareRequest = { location: string; retrieveDate: string; retries?: number; retryInterval?: number };
export type TriggerMessageRequest = {
  requestedMessage:
    'BootNotification' | 'DiagnosticsStatusNotification' | 'FirmwareStatusNotification' | 'Heartbeat' | 'MeterValues' | 'StatusNotification';
  connectorId?: number;
};
export type GetConfigurationRequest = { key?: string[] };
export type ConfigurationKey = { key: string; readonly: boolean; value?: string };
export type GetConfigurationResponse = { configurationKey?: ConfigurationKey[]; unknownKey?: string[] };
export type ChangeConfigurationRequest = { key: string; value: string };
export type ChangeConfigurationResponse = { status: 'Accepted' | 'Rejected' | 'RebootRequired' | 'NotSupported' };
export type ReserveNowRequest = { connectorId: number; expiryDate: string; idTag: string; parentIdTag?: string; reservationId: number };
export type ReserveNowResponse = { status: 'Accepted' | 'Faulted' | 'Occupied' | 'Rejected' | 'Unavailable' };
export type CancelReservationRequest = { reservationId: number };
export type ChargingProfilePurpose = 'ChargePointMaxProfile' | 'TxDefaultProfile' | 'TxProfile';
export type ChargingSchedule = {
  duration?: number;
  startSchedule?: string;
  chargingRateUnit: 'W' | 'A';
  chargingSchedulePeriod: { startPeriod: number; limit: number; numberPhases?: number }[];
  minChargingRate?: number;
};
export type ChargingProfile = {
  chargingProfileId: number;
  transactionId?: number;
  stackLevel: number;
  chargingProfilePurpose: ChargingProfilePurpose;
  chargingProfileKind: 'Absolute' | 'Recurring' | 'Relative';
  recurrencyKind?: 'Daily' | 'Weekly';
  validFrom?: string;
  validTo?: string;
  chargingSchedule: ChargingSchedule;
};
export type SetChargingProfileRequest = { connectorId: number; csChargingProfiles: ChargingProfile };
export type ClearChargingProfileRequest = {
  id?: number;
  connectorId?: number;
  chargingProfilePurpose?: ChargingProfilePurpose;
  stackLevel?: number;
};
