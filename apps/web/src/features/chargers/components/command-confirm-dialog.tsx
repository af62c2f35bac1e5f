import type { Charger } from '@wattdesk/shared/schemas/chargers';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useRemoteAction } from '../api/charger-actions-api.ts';
import { describeCommand, type ConfirmableCommand } from './command-confirmation.ts';

type CommandConfirmDialogProps = { charger: Charger; command: ConfirmableCommand | null; onClose: () => void };

/** Asks before Unlock or an availability change, saying what happens and to which running session; then sends it. */
export const CommandConfirmDialog = ({ charger, command, onClose }: CommandConfirmDialogProps) => {
  const remote = useRemoteAction(charger.id);
  const text = command ? describeCommand(command, charger.name, charger.activeSessions) : null;
  return (
    <ConfirmDialog
      open={Boolean(command)}
      title={text?.title ?? ''}
      confirmLabel={text?.confirmLabel ?? 'Confirm'}
      isDestructive={text?.isDestructive ?? false}
      isBusy={remote.isPending}
      onClose={onClose}
      onConfirm={() => command && remote.mutate(command, { onSettled: onClose })}
    >
      {text?.body}
    </ConfirmDialog>
  );
};
