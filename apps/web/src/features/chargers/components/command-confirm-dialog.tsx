import type { Charger } from '@wattdesk/shared/schemas/chargers';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { useRemoteAction } from '../api/charger-actions-api.ts';
import { chargersText } from '../chargers-text.ts';
import { describeCommand, type ConfirmableCommand } from './command-confirmation.ts';

type CommandConfirmDialogProps = { charger: Charger; command: ConfirmableCommand | null; onClose: () => void };

/** Asks before Unlock or an availability change, saying what happens and to which running session; then sends it. */
export const CommandConfirmDialog = ({ charger, command, onClose }: CommandConfirmDialogProps) => {
  const t = useT(chargersText);
  const remote = useRemoteAction(charger.id);
  const text = command ? describeCommand(command, charger.name, charger.activeSessions, t) : null;
  return (
    <ConfirmDialog
      open={Boolean(command)}
      title={text?.title ?? ''}
      confirmLabel={text?.confirmLabel ?? t('command.confirm')}
      isDestructive={text?.isDestructive ?? false}
      isBusy={remote.isPending}
      onClose={onClose}
      onConfirm={() => command && remote.mutate(command, { onSettled: onClose })}
    >
      {text?.body}
    </ConfirmDialog>
  );
};
