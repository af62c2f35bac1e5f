import PlaceIcon from '@mui/icons-material/Place';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { locationSwitcherText } from '../location-switcher-text.ts';
import { choiceKey, useLocationChoice, type LocationChoice } from '../use-location-choice.ts';

const byMatch = (choices: LocationChoice[], typed: string | null) => {
  const text = typed?.trim().toLowerCase();
  if (!text) return choices;
  const matches = (choice: LocationChoice) => `${choice.name} ${choice.city}`.toLowerCase().includes(text);
  return [...choices.filter(matches), ...choices.filter((choice) => !matches(choice))];
};

/** What the user did in the stand-in field before this arrived (see location-switcher.tsx). */
export type Handoff = { isFocused: boolean; text: string | undefined; isOpen: boolean; selection: [number, number] | undefined };

/**
 * The searchable location picker of the top bar; users with Locations_Multi may pick "All locations". Loaded when
 * the stand-in is first hovered, focused or clicked; `handoff` carries focus, typed text, caret and an open list over.
 */
export const LocationSearch = ({ handoff }: { handoff?: Handoff | undefined }) => {
  const t = useT(locationSwitcherText);
  const select = useSelectedLocation((state) => state.select);
  // `search` asks the server; `typed` is the text while the user edits it (null: the selected location's name).
  const [search, setSearch] = useState(handoff?.text ?? '');
  const [typed, setTyped] = useState<string | null>(handoff?.text ?? null);
  const [isOpen, setIsOpen] = useState(handoff?.isOpen ?? false);
  const { value, choices, isFetching } = useLocationChoice(search);
  // MUI resets the text whenever `value` is a new object; only a different location should replace what is typed.
  const shownKey = useRef(choiceKey(value));
  const inputRef = useRef<HTMLInputElement>(null);
  const pickedByKeys = useRef<LocationChoice | null>(null);

  // A passive effect on purpose: it runs after the Autocomplete's own effects, which would move a caret set earlier.
  useEffect(() => {
    const input = inputRef.current;
    if (!input || !handoff?.isFocused) return;
    input.focus();
    if (handoff.selection) input.setSelectionRange(...handoff.selection);
    // Only on arrival: the hand-off describes the stand-in, which is gone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const showName = () => {
    setTyped(null);
    setSearch('');
  };

  return (
    <Autocomplete<LocationChoice, false, boolean>
      size="small"
      sx={{ maxWidth: 420 }}
      options={choices}
      value={value}
      open={isOpen}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        // Enter after typing picks the best match unless the user chose an option with the arrow keys.
        const best = typed?.trim() && !pickedByKeys.current ? byMatch(choices, typed)[0] : undefined;
        if (best) {
          event.defaultMuiPrevented = true;
          event.preventDefault();
          shownKey.current = choiceKey(best);
          select(best.id);
          showName();
          setIsOpen(false);
        } else if (!isOpen) setIsOpen(true); // Enter opens the closed list too.
      }}
      inputValue={typed ?? value?.name ?? ''}
      disableClearable={Boolean(value)}
      loading={isFetching}
      // The server filters; while its answer for the latest text is on the way, the locations whose name or city
      // holds the text come first.
      filterOptions={(all) => byMatch(all, typed)}
      onHighlightChange={(_event, option, reason) => (pickedByKeys.current = reason === 'keyboard' ? option : null)}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') {
          setTyped(text);
          setSearch(text);
        } else if (reason !== 'reset' || choiceKey(value) !== shownKey.current) {
          shownKey.current = choiceKey(value);
          showName();
        }
      }}
      onChange={(_event, option) => {
        shownKey.current = choiceKey(option);
        select(option?.id ?? null);
        showName();
      }}
      noOptionsText={t('switcher.noMatch')}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1 }}>
          <PlaceIcon fontSize="small" color={option.id ? 'action' : 'primary'} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography noWrap>{option.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {option.city}
              {option.chargerCount >= 0 ? ` · ${t('switcher.chargers', { count: option.chargerCount })}` : ''}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} inputRef={inputRef} label={t('switcher.label')} margin="none" placeholder={t('switcher.placeholder')} />
      )}
    />
  );
};
