import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { saveBlob } from '../lib/save-blob.ts';

/** Ten single-use recovery codes, shown once: listed, and offered as a text file to keep. */
export const RecoveryCodes = ({ codes, email }: { codes: readonly string[]; email: string }) => {
  const download = () => {
    const text = [
      `Wattdesk recovery codes for ${email}`,
      'Each code works once, instead of a code from your authenticator app.',
      '',
      ...codes,
      '',
    ].join('\n');
    saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'wattdesk-recovery-codes.txt');
  };
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Save these recovery codes now: they are shown only once. Each one signs you in once if you lose your phone.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{ fontFamily: 'monospace', fontSize: 16, columns: 2, pl: 4, my: 1, bgcolor: 'action.hover', borderRadius: 1, py: 1 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Button startIcon={<DownloadIcon />} onClick={download}>
        Download codes
      </Button>
    </Box>
  );
};
