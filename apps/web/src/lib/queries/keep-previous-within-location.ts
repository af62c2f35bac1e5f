/**
 * `placeholderData` for a list of one location: the previous page stays on screen while the next one loads (paging,
 * filters), but never across locations — another location's rows, with their actions (Manage, Start, Stop), must
 * not appear under the newly chosen location's name. List keys end with their parameters (query-keys.ts).
 */
export const keepPreviousWithinLocation =
  (locationId: string | undefined) =>
  <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }): T | undefined => {
    const params = previousQuery?.queryKey.at(-1);
    const previousLocation = typeof params === 'object' && params !== null && 'locationId' in params ? params.locationId : undefined;
    return previousLocation === locationId ? previous : undefined;
  };
