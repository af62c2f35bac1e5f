import type { ActiveSession } from '@wattdesk/shared/schemas/charging';
import type { RemoteActionRequest } from '../api/charger-actions-api.ts';

/** A command that changes what drivers can do at the charger: asked before it is sent. */
export type ConfirmableCommand = Extract<RemoteActionRequest, { action: 'unlock' | 'availability' }>;

export type CommandConfirmation = { title: string; body: string; confirmLabel: string; isDestructive: boolean };

const sessionsWord = (count: number) => (count === 1 ? 'A session is' : `${count} sessions are`);

/**
 * What the confirmation says: what happens, and what happens to a session running where the command applies
 * (connector 0 is the whole charger). OCPP schedules an inoperative change until the session ends.
 */
export const describeCommand = (command: ConfirmableCommand, chargerName: string, sessions: readonly ActiveSession[]): CommandConfirmation => {
  const connectorId = command.body.connectorId ?? 0;
  const isWhole = connectorId === 0;
  const running = sessions.filter((session) => isWhole || session.connectorId === connectorId);
  const where = isWhole ? chargerName : `connector ${connectorId} of ${chargerName}`;
  const tags = running.map((session) => session.idTag).join(', ');
  if (command.action === 'unlock') {
    return {
      title: `Unlock ${where}?`,
      body:
        `The charger releases the cable lock of connector ${connectorId}.` +
        (running.length ? ` A session is running on it (${tags}): unlocking can stop the charging.` : ''),
      confirmLabel: 'Unlock',
      isDestructive: running.length > 0,
    };
  }
  if (command.body.type === 'Operative') {
    return {
      title: `Set ${where} operative?`,
      body: `Drivers can start charging at ${where} again.`,
      confirmLabel: 'Set operative',
      isDestructive: false,
    };
  }
  return {
    title: `Set ${where} inoperative?`,
    body:
      `No driver can start charging at ${where} until it is set operative again.` +
      (running.length
        ? ` ${sessionsWord(running.length)} running (${tags}): charging goes on until it ends, then ${isWhole ? 'the charger' : 'the connector'} becomes inoperative.`
        : ''),
    confirmLabel: 'Set inoperative',
    isDestructive: true,
  };
};
