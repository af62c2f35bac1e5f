/**
 * The selected-location rules of spec section 4, as a pure function so they can be tested one by one:
 * - a selection that still exists is kept;
 * - when the selected location is gone (deleted, or no longer in reach), the first remaining one is chosen;
 * - when none is selected, users with Locations_Multi keep none (the all-locations view), others get the first.
 */
export const reconcileSelection = (options: {
  selectedId: string | null;
  /** The locations in reach, in display order; undefined while still loading. */
  locationIds: readonly string[] | undefined;
  hasMulti: boolean;
}): string | null => {
  const { selectedId, locationIds, hasMulti } = options;
  if (!locationIds) return selectedId;
  if (selectedId && locationIds.includes(selectedId)) return selectedId;
  if (selectedId) return locationIds[0] ?? null;
  return hasMulti ? null : (locationIds[0] ?? null);
};
