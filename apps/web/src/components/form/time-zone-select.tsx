import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { formatTime } from '../../lib/format-time.ts';
import { useT } from '../../i18n/use-t.ts';
import { partsText } from '../parts-text.ts';

/** Every IANA zone this browser knows (the server checks the choice again). */
const ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

/** Typing narrows the list; a hundred suggestions at a time keep it quick to open and to read. */
const filterOptions = createFilterOptions<string>({ limit: 100, stringify: (zone) => zone.replaceAll('_', ' ') });

/** "PST" or "GMT+5:30" now, to tell similar names apart. */
const labelNow = (zone: string) => formatTime(new Date().toISOString(), zone).split(' ').slice(1).join(' ');

type TimeZoneSelectProps = {
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  isReadOnly?: boolean | undefined;
  label?: string;
};

/** A searchable list of IANA time zones ("los" finds America/Los_Angeles) instead of free text. */
export const TimeZoneSelect = ({ value, onChange, onBlur, error, isReadOnly, label }: TimeZoneSelectProps) => {
  const t = useT(partsText);
  // A zone saved before (or an alias such as US/Pacific) still shows as chosen.
  const options = value && !ZONES.includes(value) ? [value, ...ZONES] : ZONES;
  return (
    <Autocomplete
      options={options}
      value={value || null}
      onChange={(_event, zone) => onChange(zone ?? '')}
      onBlur={onBlur}
      readOnly={isReadOnly ?? false}
      disableClearable={Boolean(value)}
      autoHighlight
      filterOptions={filterOptions}
      getOptionLabel={(zone) => zone.replaceAll('_', ' ')}
      renderOption={({ key, ...props }, zone) => (
        <li key={key} {...props}>
          {zone.replaceAll('_', ' ')} · {labelNow(zone)}
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={label ?? t('timeZone')} margin="dense" error={Boolean(error)} helperText={error} />}
    />
  );
};
