import { OCPP_PATH, OCPP_SUBPROTOCOL } from '@wattdesk/shared/constants';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { CopyField } from '../../../components/copy-field.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { chargersText } from '../chargers-text.ts';

/** Where a charger connects: this page's host, ws:// or wss:// as the page is http or https. */
export const ocppBaseAddress = (page: Pick<Location, 'protocol' | 'host'> = window.location): string =>
  `${page.protocol === 'https:' ? 'wss' : 'ws'}://${page.host}${OCPP_PATH}`;

export const ocppAddressOf = (chargerId: string, page: Pick<Location, 'protocol' | 'host'> = window.location): string =>
  `${ocppBaseAddress(page)}/${encodeURIComponent(chargerId)}`;

type OcppPasswordDialogProps = { chargerId: string; password: string; title: string; onClose: () => void };

/** The charger's OCPP credentials, shown this once: the server keeps only a hash of the password. */
export const OcppPasswordDialog = ({ chargerId, password, title, onClose }: OcppPasswordDialogProps) => {
  const t = useT(chargersText);
  return (
    <Dialog open onClose={onClose} aria-labelledby="ocpp-password-title">
      <DialogTitle id="ocpp-password-title">{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('credentials.warning')}
        </Alert>
        <CopyField label={t('credentials.address')} value={ocppAddressOf(chargerId)} />
        <CopyField label={t('credentials.username')} value={chargerId} />
        <CopyField label={t('credentials.password')} value={password} />
        <TextField
          label={t('credentials.protocol')}
          value={t('credentials.protocolValue', { subprotocol: OCPP_SUBPROTOCOL })}
          margin="dense"
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('credentials.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
