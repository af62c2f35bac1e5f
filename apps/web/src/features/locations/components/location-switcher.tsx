import type { LocationListItem } from '@wattdesk/shared/schemas/locations';
import { formatNumber } from '@wattdesk/shared/format';
import PlaceIcon from '@mui/icons-material/Place';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCan } from '../../../lib/can.tsx';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { useLocationOptions, useLocationState } from '../../../lib/queries/locations.ts';
import { useSelectionKeeper } from '../use-selection-keeper.ts';

type Option = LocationListItem | { id: null; name: string; city: string; chargerCount: number; hasReseller: false };
const ALL_LOCATIONS: Option = { id: null, name: 'All locations', city: 'Every location in your reach', chargerCount: -1, hasReseller: false };

/** Searchable location picker in the top bar; users with Locations_Multi may pick "All locations". */
export const LocationSwitcher = () => {
  useSelectionKeeper();
  const can = useCan();
  const { locationId, select } = useSelectedLocation();
  const [input, setInput] = useState('');
  const options = useLocationOptions(input);
  const selected = useLocationState(locationId, { errorHandled: true });

  const value: Option | null = locationId
    ? (options.data?.items.find((item) => item.id === locationId) ??
      (selected.data
        ? {
            id: selected.data.locationId,
            name: selected.data.name,
            city: selected.data.address.city,
            chargerCount: selected.data.chargerCount,
            hasReseller: selected.data.hasReseller,
          }
        : null))
    : can('Locations_Multi')
      ? ALL_LOCATIONS
      : null;
  const choices: Option[] = [...(can('Locations_Multi') ? [ALL_LOCATIONS] : []), ...(options.data?.items ?? [])];

  return (
    <Autocomplete<Option, false, boolean>
      size="small"
      sx={{ maxWidth: 420 }}
      options={choices}
      value={value}
      disableClearable={Boolean(value)}
      loading={options.isFetching}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      onInputChange={(_event, text, reason) => reason === 'input' && setInput(text)}
      onChange={(_event, option) => {
        select(option?.id ?? null);
        setInput('');
      }}
      noOptionsText="No location matches"
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1 }}>
          <PlaceIcon fontSize="small" color={option.id ? 'action' : 'primary'} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography noWrap>{option.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {option.city}
              {option.chargerCount >= 0 ? ` · ${formatNumber(option.chargerCount)} chargers` : ''}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label="Location" margin="none" placeholder="Search locations" />}
    />
  );
};
