import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

export type LocationOption = { id: string; name: string; city?: string };

type Common = {
  label: string;
  /** Locations matching what the user typed; the feature fetches them (components never fetch). */
  options: readonly LocationOption[];
  isLoading: boolean;
  onSearchChange: (search: string) => void;
  error?: string | undefined;
  disabled?: boolean;
};

const optionLabel = (option: LocationOption) => (option.city ? `${option.name} (${option.city})` : option.name);

/** Picks several locations from a server-searched list; chosen ones stay shown while the search changes. */
export const MultiLocationPicker = ({
  value,
  onChange,
  ...props
}: Common & { value: LocationOption[]; onChange: (value: LocationOption[]) => void }) => {
  const [input, setInput] = useState('');
  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      options={props.options}
      value={value}
      loading={props.isLoading}
      disabled={props.disabled}
      filterOptions={(options) => options}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      inputValue={input}
      onInputChange={(_event, next) => {
        setInput(next);
        props.onSearchChange(next);
      }}
      onChange={(_event, next) => onChange(next)}
      renderInput={(params) => <TextField {...params} label={props.label} error={Boolean(props.error)} helperText={props.error} margin="normal" />}
    />
  );
};

/** Picks one location, or none. */
export const SingleLocationPicker = ({
  value,
  onChange,
  ...props
}: Common & { value: LocationOption | null; onChange: (value: LocationOption | null) => void }) => (
  <Autocomplete
    options={props.options}
    value={value}
    loading={props.isLoading}
    disabled={props.disabled}
    filterOptions={(options) => options}
    getOptionLabel={optionLabel}
    isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
    onInputChange={(_event, next, reason) => {
      if (reason === 'input' || reason === 'clear') props.onSearchChange(next);
    }}
    onChange={(_event, next) => onChange(next)}
    renderInput={(params) => <TextField {...params} label={props.label} size="small" error={Boolean(props.error)} helperText={props.error} />}
    sx={{ minWidth: 220 }}
  />
);
