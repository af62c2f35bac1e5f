export {
  SimulatedCharger,
  ChargerConnectionError,
  nextFirmwareVersion,
  type SimulatedChargerOptions,
  type SimulatedChargerEvents,
  type ReceivedCommand,
  type ConnectorSnapshot,
  type FirmwareFailure,
  type SessionStartedEvent,
  type SessionStoppedEvent,
  type MeterValuesEvent,
} from './charger.ts';
export { startAutopilot, demoIdTags, type AutopilotOptions, type MinutesRange } from './autopilot.ts';
export { startSimulatedFleet, ocppVersionInMix, type SimulatedFleet, type SimulatedFleetOptions, type FleetChargerSpec } from './fleet.ts';
export { logChargerEvents } from './log.ts';
export { ocppEndpoint } from './endpoint.ts';
export { ConnectorMeter, type MeterOptions } from './meter.ts';
export { ConfigurationStore } from './configuration.ts';
export type * from '@wattdesk/shared/ocpp/ocpp16';
export { seededRandom } from './random.ts';
