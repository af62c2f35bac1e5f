import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { notifyError, notifySuccess } from '../lib/notify.tsx';
import { useLocale } from '../i18n/language-store.ts';
import { useT, type Translate } from '../i18n/use-t.ts';
import { partsText, type PartsKey } from './parts-text.ts';

const copy = async (t: Translate<PartsKey>, label: string, text: string) => {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess(t('copy.copied', { label }));
  } catch {
    notifyError(t('copy.failed', { label }));
  }
};

/** A secret or address shown once to be copied: read-only, selected on focus, with a copy button. */
export const CopyField = ({ label, value, fullWidth = false }: { label: string; value: string; fullWidth?: boolean }) => {
  const t = useT(partsText);
  // Mid-sentence a label reads in lower case ("Copy secret"), but a German noun keeps its capital.
  const inSentence = useLocale() === 'de' ? label : label.toLowerCase();
  return (
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
              <IconButton aria-label={t('copy.button', { label: inSentence })} onClick={() => void copy(t, label, value)} edge="end">
                <ContentCopyIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
