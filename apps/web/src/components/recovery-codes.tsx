import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { saveBlob } from '../lib/save-blob.ts';
import { useT } from '../i18n/use-t.ts';
import { partsText } from './parts-text.ts';

/** Ten single-use recovery codes, shown once: listed, and offered as a text file to keep. */
export const RecoveryCodes = ({ codes, email }: { codes: readonly string[]; email: string }) => {
  const t = useT(partsText);
  const download = () => {
    const text = [t('recovery.fileTitle', { email }), t('recovery.fileBody'), '', ...codes, ''].join('\n');
    saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'wattdesk-recovery-codes.txt');
  };
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('recovery.warning')}
      </Alert>
      <Box
        component="ol"
        aria-label={t('recovery.label')}
        sx={{ fontFamily: 'monospace', fontSize: 16, columns: 2, pl: 4, my: 1, bgcolor: 'action.hover', borderRadius: 1, py: 1 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Button startIcon={<DownloadIcon />} onClick={download}>
        {t('recovery.download')}
      </Button>
    </Box>
  );
};
