import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

type RemoteStartDialogProps = {
  chargerName: string;
  connectorIds: number[];
  isBusy: boolean;
  onStart: (body: { idTag: string; connectorId?: number }) => void;
  onClose: () => void;
};

/** RemoteStartTransaction: a driver's id tag and, optionally, the connector (otherwise the charger picks a free one). */
export const RemoteStartDialog = ({ chargerName, connectorIds, isBusy, onStart, onClose }: RemoteStartDialogProps) => {
  const [idTag, setIdTag] = useState('');
  const [connector, setConnector] = useState('');
  const [error, setError] = useState<string | undefined>();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const tag = idTag.trim();
    const problem = !tag ? 'Id tag is required' : tag.length > 20 ? 'Id tag must be at most 20 characters' : undefined;
    setError(problem);
    if (!problem) onStart({ idTag: tag, ...(connector ? { connectorId: Number(connector) } : {}) });
  };
  return (
    <Dialog open onClose={isBusy ? undefined : onClose} aria-labelledby="remote-start-title">
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id="remote-start-title">Start a session on {chargerName}</DialogTitle>
        <DialogContent>
          <DialogContentText>The charger authorizes the id tag and starts charging once a vehicle is plugged in.</DialogContentText>
          <TextField
            autoFocus
            label="Driver id tag"
            value={idTag}
            onChange={(event) => setIdTag(event.target.value)}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: 20 } }}
            required
          />
          <TextField select label="Connector" value={connector} onChange={(event) => setConnector(event.target.value)}>
            <MenuItem value="">Any free connector</MenuItem>
            {connectorIds.map((id) => (
              <MenuItem key={id} value={String(id)}>
                Connector {id}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            Start session
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
