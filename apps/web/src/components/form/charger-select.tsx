import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useT } from '../../i18n/use-t.ts';
import { partsText } from '../parts-text.ts';

export type ChargerOption = { id: string; name: string; chargerId: string };

type ChargerSelectProps = { options: readonly ChargerOption[]; value: string; onChange: (chargerId: string) => void };

/**
 * A filter's charger choice among a location's chargers, "All chargers" for none. A value not among the
 * options (the list is loading, or the charger left the location) shows as none rather than out of range.
 */
export const ChargerSelect = ({ options, value, onChange }: ChargerSelectProps) => {
  const t = useT(partsText);
  const isKnown = options.some((charger) => charger.id === value);
  return (
    <TextField
      select
      size="small"
      label={t('chargerSelect.label')}
      value={isKnown ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 220 }}
    >
      <MenuItem value="">{t('chargerSelect.all')}</MenuItem>
      {options.map((charger) => (
        <MenuItem key={charger.id} value={charger.id}>
          {charger.name} ({charger.chargerId})
        </MenuItem>
      ))}
    </TextField>
  );
};
