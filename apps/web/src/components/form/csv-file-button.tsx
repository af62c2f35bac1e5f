import Button from '@mui/material/Button';
import { useT } from '../../i18n/use-t.ts';
import { partsText } from '../parts-text.ts';

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;

type CsvFileButtonProps = { file: File | null; onChange: (file: File | null) => void; autoFocus?: boolean };

/**
 * "Choose CSV file": a label that looks like a button around a file input named "CSV file". The input is only
 * visually hidden (not `hidden`), so it is a tab stop and Enter or Space opens the file chooser; the theme rings
 * the button while the input has keyboard focus. The label has no button role: the input is the control.
 */
export const CsvFileButton = ({ file, onChange, autoFocus = false }: CsvFileButtonProps) => {
  const t = useT(partsText);
  return (
    <Button component="label" role={undefined} tabIndex={-1} variant="outlined" sx={{ mt: 2 }}>
      {file ? file.name : t('csv.choose')}
      <input
        // A dialog's first control takes focus on open (WAI-ARIA dialog pattern), as MUI's autoFocus does elsewhere.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={autoFocus}
        style={VISUALLY_HIDDEN}
        type="file"
        accept=".csv,text/csv"
        aria-label={t('csv.file')}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
    </Button>
  );
};
