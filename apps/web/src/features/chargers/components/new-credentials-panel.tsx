import { OCPP_SUBPROTOCOL } from '@wattdesk/shared/constants';
import type { CreatedCharger } from '@wattdesk/shared/schemas/chargers';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t.ts';
import { saveBlob, toCsv } from '../../../lib/save-blob.ts';
import { CopyField } from '../../../components/copy-field.tsx';
import { chargersText, withElement } from '../chargers-text.ts';
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
  const t = useT(chargersText);
  const [single] = chargers;
  const isSingle = !isBatch && single;
  return (
    <Alert
      severity="warning"
      role="region"
      aria-label={t('credentials.label')}
      sx={{ mb: 2, '& .MuiAlert-message': { flex: 1 } }}
      action={
        <Button color="inherit" size="small" onClick={onDismiss}>
          {t('credentials.dismiss')}
        </Button>
      }
    >
      <AlertTitle>{isSingle ? t('credentials.titleOne', { name: single.name }) : t('credentials.titleBatch', { count: chargers.length })}</AlertTitle>
      <Typography variant="body2">
        {withElement(t, 'credentials.text', 'address', <code key="address">{`${ocppBaseAddress()}/<chargerId>`}</code>, {
          subprotocol: OCPP_SUBPROTOCOL,
        })}
      </Typography>
      {isSingle ? (
        <Box sx={{ maxWidth: 640 }}>
          <CopyField label={t('credentials.address')} value={ocppAddressOf(single.chargerId)} />
          <CopyField label={t('credentials.username')} value={single.chargerId} />
          <CopyField label={t('credentials.password')} value={single.ocppPassword} />
        </Box>
      ) : (
        <Button
          sx={{ mt: 1 }}
          variant="contained"
          color="warning"
          startIcon={<DownloadIcon />}
          onClick={() => saveBlob(new Blob([credentialsCsv(chargers)], { type: 'text/csv;charset=utf-8' }), 'charger-ocpp-passwords.csv')}
        >
          {t('credentials.download')}
        </Button>
      )}
    </Alert>
  );
};
