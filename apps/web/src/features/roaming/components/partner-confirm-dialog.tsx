import type { RoamingPartner } from '@wattdesk/shared/schemas/roaming';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { usePartnerAction, useRemovePartner } from '../api/partners-api.ts';
import type { PartnerCommand } from './partner-actions-menu.tsx';

type Wording = { title: string; confirmLabel: string; isDestructive: boolean; consequence: (name: string) => string };

/** What each action does to the partner, said before it happens. */
const WORDING: Record<PartnerCommand, Wording> = {
  suspend: {
    title: 'Suspend partner?',
    confirmLabel: 'Suspend',
    isDestructive: true,
    consequence: (name) =>
      `${name}'s requests will be refused and we send it no updates until you resume it: its drivers cannot start charging at our chargers through it.`,
  },
  resume: {
    title: 'Resume partner?',
    confirmLabel: 'Resume',
    isDestructive: false,
    consequence: (name) => `${name} can call us again with its current credentials, and we send it updates again.`,
  },
  reregister: {
    title: 'Re-register partner?',
    confirmLabel: 'Re-register',
    isDestructive: false,
    consequence: (name) =>
      `We exchange new credentials with ${name} (OCPI credentials update) and read its endpoints again. The tokens both sides used until now stop working.`,
  },
  remove: {
    title: 'Remove partner?',
    confirmLabel: 'Remove',
    isDestructive: true,
    consequence: (name) =>
      `We tell ${name} to forget our credentials (OCPI credentials delete) and remove it with the pushes not yet delivered. Its drivers can no longer charge here through it; connecting again needs a new invitation. This cannot be undone.`,
  },
};

export type PendingCommand = { partner: RoamingPartner; command: PartnerCommand; isOpen: boolean };

/** Mounted while a command waits for its confirmation; closing keeps the partner so the text stays while it fades. */
export const PartnerConfirmDialog = ({ pending, onClose }: { pending: PendingCommand; onClose: () => void }) => {
  const action = usePartnerAction();
  const removal = useRemovePartner();
  const { partner, command } = pending;
  const wording = WORDING[command];
  const confirm = () =>
    command === 'remove' ? removal.mutate(partner, { onSettled: onClose }) : action.mutate({ partner, action: command }, { onSettled: onClose });

  return (
    <ConfirmDialog
      open={pending.isOpen}
      title={wording.title}
      confirmLabel={wording.confirmLabel}
      isDestructive={wording.isDestructive}
      isBusy={action.isPending || removal.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {wording.consequence(partner.name)}
    </ConfirmDialog>
  );
};
