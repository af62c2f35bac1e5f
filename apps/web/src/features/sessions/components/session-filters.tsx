import { SESSION_CONNECTOR_TYPES } from '@wattdesk/shared/schemas/charging';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { ChargerSelect } from '../../../components/form/charger-select.tsx';
import { FilterBar } from '../../../components/form/filter-bar.tsx';
import { DateRangeFields, type DayRange } from '../../../components/form/date-range-fields.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { useChargerOptions } from '../../../lib/queries/chargers.ts';
import { sessionsText } from '../sessions-text.ts';

export type SessionFilterValues = DayRange & {
  chargerId: string;
  driver: string;
  status: '' | 'active' | 'completed';
  connectorType: '' | (typeof SESSION_CONNECTOR_TYPES)[number];
};

export const EMPTY_SESSION_FILTER: SessionFilterValues = { from: '', to: '', chargerId: '', driver: '', status: '', connectorType: '' };

/** A status from the address; anything else is no filter. */
export const statusFrom = (text: string | null): SessionFilterValues['status'] => (text === 'active' || text === 'completed' ? text : '');

/** A connector type from the address (the dashboard's bars link here); anything else is no filter. */
export const connectorTypeFrom = (text: string | null): SessionFilterValues['connectorType'] =>
  SESSION_CONNECTOR_TYPES.find((type) => type === text) ?? '';

type SessionFiltersProps = { locationId: string; value: SessionFilterValues; onChange: (value: SessionFilterValues) => void };

/** Days (the location's), charger, driver's id tag, status and connector type. */
export const SessionFilters = ({ locationId, value, onChange }: SessionFiltersProps) => {
  const t = useT(sessionsText);
  const chargers = useChargerOptions(locationId);
  const options = chargers.data?.items ?? [];
  const isUnknownCharger = Boolean(value.chargerId) && !options.some((charger) => charger.id === value.chargerId);
  // A charger of another location (the address was kept while the location changed) is dropped from the filter.
  const shouldDropCharger = chargers.isSuccess && isUnknownCharger && chargers.data.total <= options.length;
  useEffect(() => {
    if (shouldDropCharger) onChange({ ...value, chargerId: '' });
  }, [shouldDropCharger, onChange, value]);
  return (
    <FilterBar>
      <DateRangeFields value={value} onChange={(range) => onChange({ ...value, ...range })} />
      <ChargerSelect options={options} value={value.chargerId} onChange={(chargerId) => onChange({ ...value, chargerId })} />
      <TextField
        size="small"
        label={t('filter.driver')}
        value={value.driver}
        onChange={(event) => onChange({ ...value, driver: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 40 } }}
      />
      <TextField
        select
        size="small"
        label={t('filter.status')}
        value={value.status}
        onChange={(event) => onChange({ ...value, status: event.target.value as SessionFilterValues['status'] })}
      >
        <MenuItem value="">{t('filter.anyStatus')}</MenuItem>
        <MenuItem value="active">{t('status.active')}</MenuItem>
        <MenuItem value="completed">{t('status.completed')}</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label={t('filter.connectorType')}
        value={value.connectorType}
        onChange={(event) => onChange({ ...value, connectorType: connectorTypeFrom(event.target.value) })}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="">{t('filter.anyConnector')}</MenuItem>
        {SESSION_CONNECTOR_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
    </FilterBar>
  );
};
