import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import { withTimeout } from '../../../lib/lazy-with-timeout.ts';
import { locationSwitcherText } from '../location-switcher-text.ts';
import { useLocationChoice } from '../use-location-choice.ts';
import { useSelectionKeeper } from '../use-selection-keeper.ts';
import type { Handoff } from './location-search.tsx';

type Search = ComponentType<{ handoff?: Handoff | undefined }>;
/** Kept once loaded: a later dashboard (after signing in again) shows the searchable switcher at once. */
let loadedSearch: Search | undefined;
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter']);

/**
 * The top bar's location switcher. MUI's Autocomplete (with Popper, Chip and the select parts of TextField, about
 * 20 KB gzip) is not in the dashboard's first load (issue 18, decision 064): a field that looks the same, with the
 * same name, role and value, stands in until the pointer comes near it or it gets focus. Whatever the user does
 * before the search arrives (typing, a caret, an arrow key or a click that opens the list) is carried over.
 */
export const LocationSwitcher = () => {
  useSelectionKeeper();
  const t = useT(locationSwitcherText);
  const [LocationSearch, setLocationSearch] = useState<Search | undefined>(() => loadedSearch);
  const [handoff, setHandoff] = useState<Handoff>();
  const [typed, setTyped] = useState<string>();
  const { value } = useLocationChoice('');
  const inputRef = useRef<HTMLInputElement>(null);
  const isEdited = useRef(false);
  const wantsOpen = useRef(false);
  const isLoading = useRef(false);
  const id = useId();

  const load = () => {
    if (isLoading.current) return;
    isLoading.current = true;
    withTimeout(() => import('./location-search.tsx')).then(
      (module) => {
        loadedSearch = module.LocationSearch;
        const input = inputRef.current;
        const isFocused = input !== null && input === document.activeElement;
        setHandoff({
          isFocused,
          text: isFocused && isEdited.current ? input.value : undefined,
          isOpen: isFocused && wantsOpen.current,
          selection: isFocused ? [input.selectionStart ?? 0, input.selectionEnd ?? 0] : undefined,
        });
        setLocationSearch(() => module.LocationSearch);
      },
      // Tried again on the next hover, focus or click; until then the field still shows the selected location.
      () => (isLoading.current = false),
    );
  };
  const open = () => {
    wantsOpen.current = true;
    load();
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (!OPENING_KEYS.has(event.key)) return;
    event.preventDefault();
    open();
  };

  if (LocationSearch) return <LocationSearch handoff={handoff} />;
  return (
    <FormControl size="small" fullWidth sx={{ maxWidth: 420 }} onPointerEnter={load} onMouseDown={open}>
      <InputLabel htmlFor={id}>{t('switcher.label')}</InputLabel>
      <OutlinedInput
        id={id}
        label={t('switcher.label')}
        inputRef={inputRef}
        value={typed ?? value?.name ?? ''}
        placeholder={t('switcher.placeholder')}
        onFocus={load}
        // As the Autocomplete does on blur: the text goes back to the selected location's name.
        onBlur={() => {
          isEdited.current = false;
          wantsOpen.current = false;
          setTyped(undefined);
        }}
        onChange={(event) => {
          isEdited.current = true;
          setTyped(event.target.value);
          open();
        }}
        onKeyDown={handleKeyDown}
        inputProps={{
          role: 'combobox',
          'aria-expanded': false,
          'aria-autocomplete': 'list',
          autoComplete: 'off',
          autoCapitalize: 'none',
          spellCheck: false,
        }}
        // The Autocomplete's geometry (small, outlined, one popup icon), so nothing moves when it takes over.
        sx={{ pr: '39px', '& .MuiOutlinedInput-input': { pr: '4px', textOverflow: 'ellipsis' } }}
        endAdornment={<ArrowDropDownIcon aria-hidden sx={{ position: 'absolute', right: 9, color: 'action.active', pointerEvents: 'none' }} />}
      />
    </FormControl>
  );
};
