import type { Charger } from '@wattdesk/shared/schemas/chargers';
import type { LocationListItem } from '@wattdesk/shared/schemas/locations';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { commonText } from '../../../components/common-text.ts';
import { useT } from '../../../i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useMoveCharger } from '../api/chargers-api.ts';
import { chargersText } from '../chargers-text.ts';
import { useLocationOptions } from '../../../lib/queries/locations.ts';

export const MoveChargerDialog = ({ charger, onClose }: { charger: Charger; onClose: () => void }) => {
  const t = useT(chargersText);
  const tc = useT(commonText);
  const [target, setTarget] = useState<LocationListItem | null>(null);
  const [input, setInput] = useState('');
  const options = useLocationOptions(input);
  const mutation = useMoveCharger();
  return (
    <Dialog open onClose={onClose} aria-labelledby="move-charger-title">
      <DialogTitle id="move-charger-title">{t('move.title', { name: charger.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('move.text', { name: charger.name, chargerId: charger.chargerId, location: charger.locationName })}</DialogContentText>
        <Autocomplete
          options={(options.data?.items ?? []).filter((item) => item.id !== charger.locationId)}
          value={target}
          onChange={(_event, value) => setTarget(value)}
          onInputChange={(_event, text, reason) => reason === 'input' && setInput(text)}
          filterOptions={(all) => all}
          getOptionLabel={(option) => `${option.name} — ${option.city}`}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          renderInput={(params) => <TextField {...params} label={t('move.newLocation')} margin="normal" autoFocus />}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tc('cancel')}</Button>
        <Button
          variant="contained"
          disabled={!target}
          loading={mutation.isPending}
          onClick={() =>
            target &&
            mutation.mutate(
              { id: charger.id, locationId: target.id },
              {
                onSuccess: (moved) => {
                  notifySuccess(t('toast.moved', { name: moved.name, location: moved.locationName }));
                  onClose();
                },
              },
            )
          }
        >
          {t('move.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
