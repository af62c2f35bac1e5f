import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ACCOUNT_STATUSES, type AccountStatus } from '@wattdesk/shared/constants';
import { englishOf, type Translate } from '../../i18n/use-t.ts';
import { partsText, type PartsKey } from '../parts-text.ts';

/** One select of a list's filters, as the component draws it: "any" first, then each option. */
export type ListSelectFilter = {
  label: string;
  anyLabel: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  minWidth: number;
};

type SelectFilterConfig<V extends string> = {
  label: string;
  anyLabel: string;
  value: V | '';
  options: readonly V[];
  optionLabel?: (value: V) => string;
  onChange: (value: V | '') => void;
  minWidth: number;
};

/**
 * A select filter typed by its options: what the user picks comes back as one of them ('' for any), so a page
 * keeps its own union type (a status, a role) without casting the field's text.
 */
export const selectFilter = <V extends string>({ options, optionLabel, onChange, ...rest }: SelectFilterConfig<V>): ListSelectFilter => ({
  ...rest,
  options: options.map((value) => ({ value, label: optionLabel ? optionLabel(value) : value })),
  onChange: (picked) => onChange(options.find((value) => value === picked) ?? ''),
});

/**
 * The account status filter of the people lists (administrators, drivers), in the words of `t` — the page's
 * `useT(partsText)`; English without it.
 */
export const accountStatusFilter = (
  value: AccountStatus | '',
  onChange: (value: AccountStatus | '') => void,
  t: Translate<PartsKey> = englishOf(partsText),
) =>
  selectFilter({
    label: t('filters.status'),
    anyLabel: t('filters.anyStatus'),
    value,
    options: ACCOUNT_STATUSES,
    optionLabel: (status) => t(`accountStatus.${status}`),
    onChange,
    minWidth: 150,
  });

type ListFiltersProps = {
  search: { label: string; value: string; onChange: (value: string) => void; minWidth: number };
  selects: readonly ListSelectFilter[];
};

/**
 * A people list's filters: a search field, then a select per filter. Drawn as siblings inside the page's
 * `FilterBar`, so a page can add its own controls (switches, buttons) to the same row.
 */
export const ListFilters = ({ search, selects }: ListFiltersProps) => (
  <>
    <TextField
      size="small"
      label={search.label}
      value={search.value}
      onChange={(event) => search.onChange(event.target.value)}
      sx={{ minWidth: search.minWidth }}
    />
    {selects.map((select) => (
      <TextField
        key={select.label}
        select
        size="small"
        label={select.label}
        value={select.value}
        onChange={(event) => select.onChange(event.target.value)}
        sx={{ minWidth: select.minWidth }}
      >
        <MenuItem value="">{select.anyLabel}</MenuItem>
        {select.options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    ))}
  </>
);
