import { OCPP_SUBPROTOCOL } from '@wattdesk/shared/constants';
import type { CreatedCharger } from '@wattdesk/shared/schemas/chargers';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { saveBlob, toCsv } from '../../../lib/save-blob.ts';
import { CopyField } from '../../../components/copy-field.tsx';
import { ocppAddressOf, ocppBaseAddress } from './ocpp-password-dialog.tsx';

/** The file a batch import offers: each charger's id and its OCPP password, by charger id. */
export const credentialsCsv = (chargers: readonly Pick<CreatedCharger, 'chargerId' | 'ocppPassword'>[]): string =>
  toCsv(
    ['chargerId', 'ocppPassword'],
    [...chargers].sort((a, b) => a.chargerId.localeCompare(b.chargerId)).map((charger) => [charger.chargerId, charger.ocppPassword]),
  );

type NewCredentialsPanelProps = { chargers: CreatedCharger[]; isBatch: boolean; onDismiss: () => void };

/**
 * After registering: the OCPP credentials the server answered this once (it keeps only a hash). Stays on the
 * page until dismissed, so there is time to copy them; a batch offers them as a CSV file.
 */
export const NewCredentialsPanel = ({ chargers, isBatch, onDismiss }: NewCredentialsPanelProps) => {
  const [single] = chargers;
  const isSingle = !isBatch && single;
  return (
    <Alert
      severity="warning"
      role="region"
      aria-label="OCPP credentials of the new chargers"
      sx={{ mb: 2, '& .MuiAlert-message': { flex: 1 } }}
      action={
        <Button color="inherit" size="small" onClick={onDismiss}>
          I have saved them
        </Button>
      }
    >
      <AlertTitle>{isSingle ? `OCPP credentials of ${single.name}` : `OCPP credentials of ${chargers.length} imported chargers`}</AlertTitle>
      <Typography variant="body2">
        Configure each charger with these; the passwords are shown only now. Chargers connect to <code>{`${ocppBaseAddress()}/<chargerId>`}</code>{' '}
        with the WebSocket subprotocol {OCPP_SUBPROTOCOL} and HTTP Basic authentication (the username is the charger id).
      </Typography>
      {isSingle ? (
        <Box sx={{ maxWidth: 640 }}>
          <CopyField label="Connection address" value={ocppAddressOf(single.chargerId)} />
          <CopyField label="Username (charger id)" value={single.chargerId} />
          <CopyField label="OCPP password" value={single.ocppPassword} />
        </Box>
      ) : (
        <Button
          sx={{ mt: 1 }}
          variant="contained"
          color="warning"
          startIcon={<DownloadIcon />}
          onClick={() => saveBlob(new Blob([credentialsCsv(chargers)], { type: 'text/csv;charset=utf-8' }), 'charger-ocpp-passwords.csv')}
        >
          Download passwords (CSV)
        </Button>
      )}
    </Alert>
  );
};
