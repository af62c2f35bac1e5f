import type { ActiveSession } from '@wattdesk/shared/schemas/charging';
import { englishOf } from '../../../i18n/use-t.ts';
import type { RemoteActionRequest } from '../api/charger-actions-api.ts';
import { chargersText, type ChargersT } from '../chargers-text.ts';

/** A command that changes what drivers can do at the charger: asked before it is sent. */
export type ConfirmableCommand = Extract<RemoteActionRequest, { action: 'unlock' | 'availability' }>;

export type CommandConfirmation = { title: string; body: string; confirmLabel: string; isDestructive: boolean };

/**
 * What the confirmation says: what happens, and what happens to a session running where the command applies
 * (connector 0 is the whole charger). OCPP schedules an inoperative change until the session ends. In the page's
 * language with its translator (`t`), English without.
 */
export const describeCommand = (
  command: ConfirmableCommand,
  chargerName: string,
  sessions: readonly ActiveSession[],
  t: ChargersT = englishOf(chargersText),
): CommandConfirmation => {
  const connectorId = command.body.connectorId ?? 0;
  const isWhole = connectorId === 0;
  const running = sessions.filter((session) => isWhole || session.connectorId === connectorId);
  const where = isWhole ? chargerName : t('command.connectorOf', { connectorId, name: chargerName });
  const tags = running.map((session) => session.idTag).join(', ');
  if (command.action === 'unlock') {
    return {
      title: t('command.unlockTitle', { where }),
      body: t('command.unlockText', { connectorId }) + (running.length ? ` ${t('command.unlockRunning', { tags })}` : ''),
      confirmLabel: t('command.unlockConfirm'),
      isDestructive: running.length > 0,
    };
  }
  if (command.body.type === 'Operative') {
    return {
      title: t('command.operativeTitle', { where }),
      body: t('command.operativeText', { where }),
      confirmLabel: t('command.operativeConfirm'),
      isDestructive: false,
    };
  }
  const runningText = isWhole ? 'command.inoperativeRunningCharger' : 'command.inoperativeRunningConnector';
  return {
    title: t('command.inoperativeTitle', { where }),
    body: t('command.inoperativeText', { where }) + (running.length ? ` ${t(runningText, { count: running.length, tags })}` : ''),
    confirmLabel: t('command.inoperativeConfirm'),
    isDestructive: true,
  };
};
