import type { ChargerParts, CommandHandlers } from './context.ts';

/** GetConfiguration and ChangeConfiguration; a new heartbeat or meter interval takes effect at once. */
export const configurationHandlers = ({ runtime, sessions, lifecycle }: ChargerParts): CommandHandlers => ({
  GetConfiguration: ({ key }) => runtime.configuration.list(key),

  ChangeConfiguration: ({ key, value }) => {
    const status = runtime.configuration.change(key, value);
    if (status === 'Accepted' && key === 'HeartbeatInterval') lifecycle.restartHeartbeat();
    if (status === 'Accepted' && key === 'MeterValueSampleInterval') sessions.restartMeterLoops();
    return { status };
  },
});
