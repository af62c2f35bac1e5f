import type { ClusterBus, CommandReply } from '../../lib/cluster-bus.ts';
import { OcppTimeoutError } from '../../lib/ocpp-j/ocpp-call-error.ts';
import type { ChargerConnections } from './charger-connections.ts';
import { translateCall, Untranslatable } from './ocpp201/outbound.ts';

/** The negotiated subprotocol of a 2.0.1 charger's connection. */
const OCPP_201 = 'ocpp2.0.1';

/**
 * Calls to chargers: to one connected here (errors become replies, so a remote node gets the same answer), or
 * through Redis to the node holding it.
 */
export const createChargerCalls = ({
  connections,
  bus,
  callTimeoutMs,
  chargerTransactionIdOf,
}: {
  connections: ChargerConnections;
  bus: ClusterBus;
  callTimeoutMs: number;
  /** A 2.0.1 charger's own transaction id of our integer one at that charger (remote stop, TxProfile). */
  chargerTransactionIdOf: (chargerId: string, transactionId: number) => Promise<string | null>;
}) => {
  const callLocal = async (chargerCode: string, method: string, params: Record<string, unknown>, requestId = ''): Promise<CommandReply> => {
    const connection = connections.get(chargerCode);
    if (!connection) return { requestId, ok: false, code: 'CHARGER_OFFLINE', message: 'The charger is not connected' };
    if (method === 'ChangeAvailability') connection.context.availabilityCalls += 1;
    try {
      if (connection.connection.protocol !== OCPP_201)
        return { requestId, ok: true, result: await connection.connection.call(method, params, callTimeoutMs) };
      // Callers speak 1.6; a 2.0.1 charger gets each call's 2.0.1 counterpart and its answer comes back as 1.6's.
      const { id } = connection.context;
      const call = await translateCall(method, params, (transactionId) => chargerTransactionIdOf(id, transactionId));
      return { requestId, ok: true, result: call.answer(await connection.connection.call(call.action, call.payload, callTimeoutMs)) };
    } catch (error) {
      if (error instanceof Untranslatable) return { requestId, ok: false, code: 'CHARGER_CALL_FAILED', message: error.message };
      if (error instanceof OcppTimeoutError)
        return { requestId, ok: false, code: 'CHARGER_NO_ANSWER', message: 'The charger did not answer in time' };
      return { requestId, ok: false, code: 'CHARGER_CALL_FAILED', message: (error as Error).message };
    }
  };

  /**
   * A command to a charger wherever it is connected: here, or through Redis on the node holding it.
   * `connectedNode` comes from the database, which every node updates when a charger (dis)connects.
   */
  const call = async (chargerCode: string, connectedNode: string | null, method: string, params: Record<string, unknown>): Promise<CommandReply> => {
    if (connections.has(chargerCode)) return callLocal(chargerCode, method, params);
    if (!connectedNode || connectedNode === bus.nodeId || !bus.clustered)
      return { requestId: '', ok: false, code: 'CHARGER_OFFLINE', message: 'The charger is not connected' };
    try {
      return await bus.sendCommand(connectedNode, { chargerCode, method, params }, callTimeoutMs + 2_000);
    } catch (error) {
      return { requestId: '', ok: false, code: 'CHARGER_OFFLINE', message: (error as Error).message };
    }
  };

  // Commands for chargers held here, sent by other nodes.
  bus.handleCommands((request) => callLocal(request.chargerCode, request.method, request.params, request.requestId));

  return { callLocal, call };
};
