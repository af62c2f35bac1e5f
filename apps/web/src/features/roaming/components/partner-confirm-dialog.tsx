import type { RoamingPartner } from '@wattdesk/shared/schemas/roaming';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { usePartnerAction, useRemovePartner } from '../api/partners-api.ts';
import type { PartnerCommand } from './partner-actions-menu.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { roamingText } from '../roaming-text.ts';

/** Whether confirming the command takes something away from the partner; its words are `confirm.<command>.*`. */
const IS_DESTRUCTIVE: Record<PartnerCommand, boolean> = { suspend: true, resume: false, reregister: false, remove: true };

export type PendingCommand = { partner: RoamingPartner; command: PartnerCommand; isOpen: boolean };

/** Mounted while a command waits for its confirmation; closing keeps the partner so the text stays while it fades. */
export const PartnerConfirmDialog = ({ pending, onClose }: { pending: PendingCommand; onClose: () => void }) => {
  const action = usePartnerAction();
  const removal = useRemovePartner();
  const { partner, command } = pending;
  const t = useT(roamingText);
  const confirm = () =>
    command === 'remove' ? removal.mutate(partner, { onSettled: onClose }) : action.mutate({ partner, action: command }, { onSettled: onClose });

  return (
    <ConfirmDialog
      open={pending.isOpen}
      title={t(`confirm.${command}.title`)}
      confirmLabel={t(`command.${command}`)}
      isDestructive={IS_DESTRUCTIVE[command]}
      isBusy={action.isPending || removal.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {t(`confirm.${command}.text`, { name: partner.name })}
    </ConfirmDialog>
  );
};
