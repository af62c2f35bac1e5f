import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useSession } from './session-store.ts';

export const SELECTED_LOCATION_KEY = 'wattdesk.selectedLocation';

type SelectedLocationState = {
  /** The id; the location itself is fetched from the server by id (spec section 4). */
  locationId: string | null;
  select: (locationId: string | null) => void;
  clear: () => void;
};

/** Saved to localStorage on every change, so it survives a reload. */
export const useSelectedLocation = create<SelectedLocationState>()(
  persist(
    (set) => ({
      locationId: null,
      select: (locationId) => set({ locationId }),
      clear: () => set({ locationId: null }),
    }),
    { name: SELECTED_LOCATION_KEY, storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);

/** Cleared on sign-in (a new session starts from the rules) and on logout (spec section 4). */
export const clearSelectionWithSession = () => {
  let previousUserId = useSession.getState().user?.userId ?? null;
  return useSession.subscribe((state) => {
    const userId = state.user?.userId ?? null;
    if (userId !== previousUserId) useSelectedLocation.getState().clear();
    previousUserId = userId;
  });
};
