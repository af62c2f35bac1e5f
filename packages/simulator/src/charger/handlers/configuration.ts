import type { ChangeConfigurationRequest, GetConfigurationRequest } from '../../ocpp-types.ts';
import { command, type ChargerParts, type CommandHandlers } from './context.ts';

/** GetConfiguration and ChangeConfiguration; a new heartbeat or meter interval takes effect at once. */
export const configurationHandlers = ({ runtime, sessions, lifecycle }: ChargerParts): CommandHandlers => ({
  GetConfiguration: command<GetConfigurationRequest>(({ key }) => runtime.configuration.list(key)),

  ChangeConfiguration: command<ChangeConfigurationRequest>(({ key, value }) => {
    const status = runtime.configuration.change(key, value);
    if (status === 'Accepted' && key === 'HeartbeatInterval') lifecycle.restartHeartbeat();
    if (status === 'Accepted' && key === 'MeterValueSampleInterval') sessions.restartMeterLoops();
    return { status };
  }),
});
