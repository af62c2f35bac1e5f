import { CHARGER_EVENT_KINDS, type ChargerEventKind } from '@wattdesk/shared/schemas/charger-log';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ChargerSelect } from '../../../components/form/charger-select.tsx';
import { FilterBar } from '../../../components/form/filter-bar.tsx';
import { DateRangeFields, type DayRange } from '../../../components/form/date-range-fields.tsx';
import { useChargerOptions } from '../../../lib/queries/chargers.ts';
import { useT } from '../../../i18n/use-t.ts';
import { chargerLogsText } from '../charger-logs-text.ts';
import { kindLabel } from './charger-log-columns.tsx';

export type ChargerLogFilterValues = DayRange & { chargerId: string; kind: '' | ChargerEventKind; search: string };

export const EMPTY_CHARGER_LOG_FILTER: ChargerLogFilterValues = { from: '', to: '', chargerId: '', kind: '', search: '' };

type ChargerLogFiltersProps = { locationId: string; value: ChargerLogFilterValues; onChange: (value: ChargerLogFilterValues) => void };

/** Charger (of the location), kind, days (the location's) and text of the summary. */
export const ChargerLogFilters = ({ locationId, value, onChange }: ChargerLogFiltersProps) => {
  const t = useT(chargerLogsText);
  const chargers = useChargerOptions(locationId);
  const options = chargers.data?.items ?? [];
  return (
    <FilterBar>
      <ChargerSelect options={options} value={value.chargerId} onChange={(chargerId) => onChange({ ...value, chargerId })} />
      <TextField
        select
        size="small"
        label={t('filter.kind')}
        value={value.kind}
        onChange={(event) => onChange({ ...value, kind: event.target.value as ChargerLogFilterValues['kind'] })}
      >
        <MenuItem value="">{t('filter.anyKind')}</MenuItem>
        {CHARGER_EVENT_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {kindLabel(t, kind)}
          </MenuItem>
        ))}
      </TextField>
      <DateRangeFields value={value} onChange={(range) => onChange({ ...value, ...range })} />
      <TextField
        size="small"
        label={t('filter.search')}
        value={value.search}
        onChange={(event) => onChange({ ...value, search: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
    </FilterBar>
  );
};
