import TextField from '@mui/material/TextField';

export type DayRange = { from: string; to: string };

/** Two day inputs; the later one cannot start before the earlier one. */
export const DateRangeFields = ({ value, onChange }: { value: DayRange; onChange: (value: DayRange) => void }) => (
  <>
    <TextField
      type="date"
      size="small"
      label="From"
      value={value.from}
      onChange={(event) => onChange({ ...value, from: event.target.value })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value.to || undefined } }}
    />
    <TextField
      type="date"
      size="small"
      label="To"
      value={value.to}
      onChange={(event) => onChange({ ...value, to: event.target.value })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.from || undefined } }}
    />
  </>
);
