import type { LocationListItem } from '@wattdesk/shared/schemas/locations';
import { useMemo } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { useCan } from '../../lib/can.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useLocationOptions, useLocationState } from '../../lib/queries/locations.ts';
import { locationSwitcherText } from './location-switcher-text.ts';

export type LocationChoice = LocationListItem | { id: null; name: string; city: string; chargerCount: number; hasReseller: false };

/** "All locations" in the page's language: its name and line (catalogues/locations `all.*`). */
const useAllLocations = (): LocationChoice => {
  const t = useT(locationSwitcherText);
  return useMemo(() => ({ id: null, name: t('all.name'), city: t('all.city'), chargerCount: -1, hasReseller: false }), [t]);
};

/** Which choice is shown: a location's id, "all" or "none" (a new object for the same choice is the same choice). */
export const choiceKey = (choice: LocationChoice | null) => (choice === null ? 'none' : (choice.id ?? 'all'));

/**
 * The top bar's selected location and the choices matching `search`. Both the stand-in field and the searchable
 * switcher read it, so the stand-in shows the same name from the same cached queries.
 */
export const useLocationChoice = (search: string) => {
  const can = useCan();
  const allLocations = useAllLocations();
  const isMulti = can('Locations_Multi');
  const locationId = useSelectedLocation((state) => state.locationId);
  const options = useLocationOptions(search);
  const selected = useLocationState(locationId, { errorHandled: true });
  const listed = options.data?.items.find((item) => item.id === locationId);
  const fromState = useMemo<LocationChoice | null>(
    () =>
      selected.data
        ? {
            id: selected.data.locationId,
            name: selected.data.name,
            city: selected.data.address.city,
            chargerCount: selected.data.chargerCount,
            hasReseller: selected.data.hasReseller,
          }
        : null,
    [selected.data],
  );
  const value: LocationChoice | null = locationId ? (listed ?? fromState) : isMulti ? allLocations : null;
  // Once the user types, "All locations" is offered only if it is what they type: Enter must pick the match.
  const typed = search.trim().toLowerCase();
  const offersAll = isMulti && (typed === '' || allLocations.name.toLowerCase().includes(typed));
  const choices: LocationChoice[] = [...(offersAll ? [allLocations] : []), ...(options.data?.items ?? [])];
  return { value, choices, isFetching: options.isFetching };
};
