import { CHARGER_EVENT_KINDS, type ChargerEventKind } from '@wattdesk/shared/schemas/charger-log';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ChargerSelect } from '../../../components/form/charger-select.tsx';
import { DateRangeFields, type DayRange } from '../../../components/form/date-range-fields.tsx';
import { useLogChargerOptions } from '../api/charger-logs-api.ts';
import { KIND_LABELS } from './charger-log-columns.tsx';

export type ChargerLogFilterValues = DayRange & { chargerId: string; kind: '' | ChargerEventKind; search: string };

export const EMPTY_CHARGER_LOG_FILTER: ChargerLogFilterValues = { from: '', to: '', chargerId: '', kind: '', search: '' };

type ChargerLogFiltersProps = { locationId: string; value: ChargerLogFilterValues; onChange: (value: ChargerLogFilterValues) => void };

/** Charger (of the location), kind, days (the location's) and text of the summary. */
export const ChargerLogFilters = ({ locationId, value, onChange }: ChargerLogFiltersProps) => {
  const chargers = useLogChargerOptions(locationId);
  const options = chargers.data?.items ?? [];
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2, '& .MuiTextField-root': { m: 0, width: 'auto', minWidth: 160 } }}>
      <ChargerSelect options={options} value={value.chargerId} onChange={(chargerId) => onChange({ ...value, chargerId })} />
      <TextField select size="small" label="Kind" value={value.kind} onChange={(event) => onChange({ ...value, kind: event.target.value as ChargerLogFilterValues['kind'] })}>
        <MenuItem value="">Any kind</MenuItem>
        {CHARGER_EVENT_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {KIND_LABELS[kind]}
          </MenuItem>
        ))}
      </TextField>
      <DateRangeFields value={value} onChange={(range) => onChange({ ...value, ...range })} />
      <TextField size="small" label="Search summary" value={value.search} onChange={(event) => onChange({ ...value, search: event.target.value })} slotProps={{ htmlInput: { maxLength: 100 } }} />
    </Box>
  );
};
