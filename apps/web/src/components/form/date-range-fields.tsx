import TextField from '@mui/material/TextField';
import { useT } from '../../i18n/use-t.ts';
import { partsText } from '../parts-text.ts';

export type DayRange = { from: string; to: string };

/** Two day inputs; the later one cannot start before the earlier one. */
export const DateRangeFields = ({ value, onChange }: { value: DayRange; onChange: (value: DayRange) => void }) => {
  const t = useT(partsText);
  return (
    <>
      <TextField
        type="date"
        size="small"
        label={t('dateRange.from')}
        value={value.from}
        onChange={(event) => onChange({ ...value, from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value.to || undefined } }}
      />
      <TextField
        type="date"
        size="small"
        label={t('dateRange.to')}
        value={value.to}
        onChange={(event) => onChange({ ...value, to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.from || undefined } }}
      />
    </>
  );
};
