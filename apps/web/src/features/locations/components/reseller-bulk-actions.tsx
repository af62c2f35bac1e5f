import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useSetReseller } from '../api/locations-api.ts';
import { locationsText, type LocationsT } from '../locations-text.ts';

export type SelectedLocation = { id: string; name: string };

/** How many names the confirmation lists before it says "and N more". */
const NAMES_SHOWN = 5;

const namesOf = (t: LocationsT, locations: readonly SelectedLocation[]) => {
  const shown = locations.slice(0, NAMES_SHOWN).map((location) => location.name);
  const rest = locations.length - shown.length;
  return rest > 0 ? t('bulk.andMore', { names: shown.join(', '), rest }) : shown.join(', ');
};

type Pending = { hasReseller: boolean; locations: SelectedLocation[]; isOpen: boolean };

type ResellerBulkActionsProps = {
  selected: readonly SelectedLocation[];
  /** After a change that went through: the selection has done its job. */
  onDone: () => void;
};

/** Sets or clears the reseller flag on every ticked location at once (spec section 4), after a confirmation. */
export const ResellerBulkActions = ({ selected, onDone }: ResellerBulkActionsProps) => {
  // The dialog keeps what it asked about while it closes, so its text does not change under the user.
  const [pending, setPending] = useState<Pending | null>(null);
  const t = useT(locationsText);
  const mutation = useSetReseller();
  const count = selected.length;
  const open = (hasReseller: boolean) => setPending({ hasReseller, locations: [...selected], isOpen: true });
  const close = () => setPending((current) => (current ? { ...current, isOpen: false } : null));
  const handleConfirm = () => {
    if (!pending) return;
    const { hasReseller, locations } = pending;
    mutation.mutate(
      { locationIds: locations.map((location) => location.id), hasReseller },
      {
        onSuccess: ({ updated }) => {
          notifySuccess(t(hasReseller ? 'toast.resellerSet' : 'toast.resellerCleared', { count: updated }));
          onDone();
        },
        onSettled: close,
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', ml: 'auto' }}>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mr: 1 }}>
        {count ? t('bulk.selected', { count }) : t('bulk.none')}
      </Typography>
      <Button variant="outlined" size="small" disabled={!count} onClick={() => open(true)}>
        {t('bulk.mark')}
      </Button>
      <Button variant="outlined" size="small" disabled={!count} onClick={() => open(false)}>
        {t('bulk.clear')}
      </Button>
      {pending ? (
        <ConfirmDialog
          open={pending.isOpen}
          title={t(pending.hasReseller ? 'bulk.setTitle' : 'bulk.clearTitle', { count: pending.locations.length })}
          confirmLabel={t(pending.hasReseller ? 'bulk.mark' : 'bulk.clear')}
          isBusy={mutation.isPending}
          onConfirm={handleConfirm}
          onClose={close}
        >
          {t(pending.hasReseller ? 'bulk.setText' : 'bulk.clearText', { names: namesOf(t, pending.locations) })}
        </ConfirmDialog>
      ) : null}
    </Box>
  );
};
