import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ACTIVITY_ACTION_LABELS, ACTIVITY_ENTITIES } from '@wattdesk/shared/schemas/activity-logs';
import { useState } from 'react';
import { FilterBar } from '../../../components/form/filter-bar.tsx';
import { DateRangeFields, type DayRange } from '../../../components/form/date-range-fields.tsx';
import { SingleLocationPicker, type LocationOption } from '../../../components/form/location-picker.tsx';
import { useLocationOptions } from '../../../lib/queries/locations.ts';
import { useT } from '../../../i18n/use-t.ts';
import { actionLabel, activityLogText, entityLabel } from '../activity-log-text.ts';

export type ActivityFilterValues = DayRange & { actor: string; action: string; entity: string; location: LocationOption | null };

export const EMPTY_ACTIVITY_FILTER: ActivityFilterValues = { from: '', to: '', actor: '', action: '', entity: '', location: null };

const ACTIONS = Object.keys(ACTIVITY_ACTION_LABELS);

/** Date range, actor, action (a known one or any text; `admin` matches every `admin.…`), entity, location. */
export const ActivityFilters = ({ value, onChange }: { value: ActivityFilterValues; onChange: (value: ActivityFilterValues) => void }) => {
  const t = useT(activityLogText);
  const [locationSearch, setLocationSearch] = useState('');
  const locations = useLocationOptions(locationSearch);
  return (
    <FilterBar>
      <DateRangeFields value={value} onChange={(range) => onChange({ ...value, ...range })} />
      <TextField size="small" label={t('filter.actor')} value={value.actor} onChange={(event) => onChange({ ...value, actor: event.target.value })} />
      <Autocomplete
        freeSolo
        options={ACTIONS}
        getOptionLabel={(option) => option}
        renderOption={(props, option) => (
          <li {...props} key={option}>
            {t('filter.actionOption', { label: actionLabel(t, option), code: option })}
          </li>
        )}
        inputValue={value.action}
        onInputChange={(_event, action) => onChange({ ...value, action })}
        renderInput={(params) => <TextField {...params} size="small" label={t('filter.action')} />}
        sx={{ minWidth: 220 }}
      />
      <TextField
        select
        size="small"
        label={t('filter.entity')}
        value={value.entity}
        onChange={(event) => onChange({ ...value, entity: event.target.value })}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="">{t('filter.anyEntity')}</MenuItem>
        {ACTIVITY_ENTITIES.map((entity) => (
          <MenuItem key={entity} value={entity}>
            {entityLabel(t, entity)}
          </MenuItem>
        ))}
      </TextField>
      <SingleLocationPicker
        label={t('filter.location')}
        value={value.location}
        onChange={(location) => onChange({ ...value, location })}
        options={(locations.data?.items ?? []).map(({ id, name, city }) => ({ id, name, city }))}
        isLoading={locations.isFetching}
        onSearchChange={setLocationSearch}
      />
    </FilterBar>
  );
};
