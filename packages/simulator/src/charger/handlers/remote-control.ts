import type { Connector } from '../state.ts';
import type { ChargerParts, CommandHandlers } from './context.ts';

/** Remote start and stop, unlock and reset: answered at once, acted on just after. */
export const remoteControlHandlers = ({ runtime, state, sessions, lifecycle }: ChargerParts): CommandHandlers => {
  /** Authorizes first when AuthorizeRemoteTxRequests asks for it; the connector was marked busy by the caller. */
  const startRemotely = async (c: Connector, idTag: string) => {
    if (runtime.configuration.getBoolean('AuthorizeRemoteTxRequests')) {
      const { idTagInfo } = await sessions.authorize(idTag).catch((error: unknown) => {
        c.busy = false;
        throw error;
      });
      if (idTagInfo.status !== 'Accepted') {
        c.busy = false;
        return;
      }
    }
    await sessions.run(c, idTag, undefined);
  };

  return {
    Reset: ({ type }) => {
      runtime.afterReply(() => lifecycle.reboot(type));
      return { status: 'Accepted' };
    },

    UnlockConnector: ({ connectorId }) => {
      if (!state.hasConnector(connectorId)) return { status: 'NotSupported' };
      const c = state.connectorOf(connectorId);
      if (state.isCharging(c)) runtime.afterReply(() => sessions.finish(c, 'UnlockCommand', undefined));
      return { status: 'Unlocked' };
    },

    RemoteStartTransaction: async ({ idTag, connectorId }) => {
      const candidates = state.connectors.filter((candidate) => connectorId === undefined || candidate.id === connectorId);
      // A connector reserved for a parentIdTag: the tag's parent is asked before the answer (OCPP 1.6 §5.13).
      if (!candidates.some((candidate) => state.isFree(candidate, idTag)) && candidates.some((candidate) => state.needsParentOf(candidate, idTag)))
        await sessions.authorize(idTag).catch(() => undefined);
      const c = candidates.find((candidate) => state.isFree(candidate, idTag));
      if (!c) return { status: 'Rejected' };
      c.busy = true;
      runtime.afterReply(() => startRemotely(c, idTag));
      return { status: 'Accepted' };
    },

    RemoteStopTransaction: ({ transactionId }) => {
      const c = state.connectors.find((candidate) => candidate.transactionId === transactionId && !candidate.stopping);
      if (!c) return { status: 'Rejected' };
      runtime.afterReply(() => sessions.finish(c, 'Remote', undefined));
      return { status: 'Accepted' };
    },
  };
};
