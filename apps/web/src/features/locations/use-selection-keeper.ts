import { useEffect } from 'react';
import { ApiError } from '../../lib/api-error.ts';
import { useCan } from '../../lib/can.tsx';
import { reconcileSelection } from '../../lib/selected-location.ts';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useLocations, useLocationState } from '../../lib/queries/locations.ts';

const FIRST_PAGE = { page: 1, pageSize: 50, sort: 'name' } as const;

/** The server's word that the location is gone or out of reach; a network or server failure is not. */
const isGone = (error: unknown) => error instanceof ApiError && [400, 403, 404].includes(error.status);

/**
 * Applies the selected-location rules of spec section 4 whenever the locations or the selection change.
 * The selected location is fetched by id: a 404 or 403 means it was deleted or left the user's reach.
 */
export const useSelectionKeeper = () => {
  const can = useCan();
  const { locationId, select } = useSelectedLocation();
  const list = useLocations(FIRST_PAGE);
  const selected = useLocationState(locationId, { retry: false, errorHandled: true });

  const firstIds = list.data?.items.map((item) => item.id);
  const isSelectionSettled = !locationId || selected.isSuccess || selected.isError;
  const isSelectionKept = Boolean(locationId) && !(selected.isError && isGone(selected.error));
  const locationIds = firstIds && isSelectionSettled ? (isSelectionKept ? [locationId!, ...firstIds] : firstIds) : undefined;
  const next = reconcileSelection({ selectedId: locationId, locationIds, hasMulti: can('Locations_Multi') });

  useEffect(() => {
    if (next !== locationId) select(next);
  }, [next, locationId, select]);
};
