import type { ChargerContext } from '../ocpp-context.ts';
import type { StatusReport, StatusWriter } from '../status-writer.ts';

/**
 * A 2.0.1 charger's connector statuses through the status writer, remembered on the connection. A 2.0.1 charger
 * repeats its charging state in every TransactionEvent Updated (each meter reading), where a 1.6 charger sends a
 * StatusNotification only when the state changes; writing each repeat cost a status transaction per meter reading,
 * and the 2.0.1 calls' p50 was 5.2 ms against 0.3 ms for a 1.6 MeterValues, one call at a time (issue 41).
 */
export const createConnectorStatuses = (statuses: StatusWriter) => {
  /**
   * Stores the report; answers whether it was applied (not older than what is stored). Remembered before it is
   * stored, so a later event of the same connection that arrives meanwhile compares with it, not with the state
   * before; forgotten when not applied, so the next report of that connector is written again.
   */
  const report = async (charger: ChargerContext, status: StatusReport): Promise<boolean> => {
    charger.connectorStatuses.set(status.connectorId, status.status);
    let applied = false;
    try {
      applied = await statuses.report(status);
      return applied;
    } finally {
      if (!applied) charger.connectorStatuses.delete(status.connectorId);
    }
  };

  /** Whether this connection last stored this very status for the connector. */
  const holds = (charger: ChargerContext, connectorId: number, status: StatusReport['status']) =>
    charger.connectorStatuses.get(connectorId) === status;

  return { report, holds };
};

export type ConnectorStatuses = ReturnType<typeof createConnectorStatuses>;
