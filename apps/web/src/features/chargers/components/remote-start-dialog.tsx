import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { commonText } from '../../../components/common-text.ts';
import { useT } from '../../../i18n/use-t.ts';
import { chargersText } from '../chargers-text.ts';

type RemoteStartDialogProps = {
  chargerName: string;
  connectorIds: number[];
  isBusy: boolean;
  onStart: (body: { idTag: string; connectorId?: number }) => void;
  onClose: () => void;
};

/** RemoteStartTransaction: a driver's id tag and, optionally, the connector (otherwise the charger picks a free one). */
export const RemoteStartDialog = ({ chargerName, connectorIds, isBusy, onStart, onClose }: RemoteStartDialogProps) => {
  const t = useT(chargersText);
  const tc = useT(commonText);
  const [idTag, setIdTag] = useState('');
  const [connector, setConnector] = useState('');
  const [error, setError] = useState<string | undefined>();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const tag = idTag.trim();
    const problem = !tag ? t('start.idTagRequired') : tag.length > 20 ? t('start.idTagTooLong') : undefined;
    setError(problem);
    if (!problem) onStart({ idTag: tag, ...(connector ? { connectorId: Number(connector) } : {}) });
  };
  return (
    <Dialog open onClose={isBusy ? undefined : onClose} aria-labelledby="remote-start-title">
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id="remote-start-title">{t('start.title', { name: chargerName })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('start.text')}</DialogContentText>
          <TextField
            autoFocus
            label={t('start.idTag')}
            value={idTag}
            onChange={(event) => setIdTag(event.target.value)}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: 20 } }}
            required
          />
          <TextField select label={t('start.connector')} value={connector} onChange={(event) => setConnector(event.target.value)}>
            <MenuItem value="">{t('start.anyConnector')}</MenuItem>
            {connectorIds.map((id) => (
              <MenuItem key={id} value={String(id)}>
                {t('start.connectorNumber', { connectorId: id })}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isBusy}>
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            {t('start.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
