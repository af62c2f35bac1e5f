import type { ChargerParts, CommandHandlers } from './context.ts';

/** SetChargingProfile and ClearChargingProfile: the meters follow the resulting cap from the next sample on. */
export const smartChargingHandlers = ({ runtime, state }: ChargerParts): CommandHandlers => {
  /** Energy up to now is counted at the old power before the cap changes; after it, the power follows the new cap. */
  const settleMeters = () => {
    const now = runtime.now();
    for (const c of state.connectors) c.meter.advance(now);
  };
  return {
    SetChargingProfile: ({ connectorId, csChargingProfiles }) => {
      if (!state.hasConnector(connectorId, { withCharger: true })) return { status: 'Rejected' };
      settleMeters();
      const running = connectorId > 0 ? state.connectorOf(connectorId).transactionId : undefined;
      const status = state.profiles.set(connectorId, csChargingProfiles, running, runtime.now());
      settleMeters();
      return { status };
    },
    ClearChargingProfile: (request) => {
      settleMeters();
      const status = state.profiles.clear(request);
      settleMeters();
      return { status };
    },
  };
};
