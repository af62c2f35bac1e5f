import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { notifyError, notifySuccess } from '../lib/notify.tsx';

const copy = async (label: string, text: string) => {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess(`${label} copied`);
  } catch {
    notifyError(`${label} could not be copied; select it and copy it yourself`);
  }
};

/** A secret or address shown once to be copied: read-only, selected on focus, with a copy button. */
export const CopyField = ({ label, value, fullWidth = false }: { label: string; value: string; fullWidth?: boolean }) => (
  <TextField
    label={label}
    value={value}
    margin="dense"
    fullWidth={fullWidth}
    slotProps={{
      htmlInput: {
        readOnly: true,
        spellCheck: false,
        style: { fontFamily: 'monospace' },
        onFocus: (event: React.FocusEvent<HTMLInputElement>) => event.target.select(),
      },
      input: {
        endAdornment: (
          <InputAdornment position="end">
            <IconButton aria-label={`Copy ${label.toLowerCase()}`} onClick={() => void copy(label, value)} edge="end">
              <ContentCopyIcon />
            </IconButton>
          </InputAdornment>
        ),
      },
    }}
  />
);
