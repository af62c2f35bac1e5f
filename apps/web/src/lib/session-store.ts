import type { SessionUser } from '@wattdesk/shared/schemas/auth';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const SESSION_STORAGE_KEY = 'wattdesk.session';

type SessionState = {
  user: SessionUser | null;
  signIn: (user: SessionUser) => void;
  updateTokens: (tokens: { access_token: string; refresh_token: string }) => void;
  /** Logout: forgets the stored user. */
  signOut: () => void;
  /** Forced logout (the session could not be renewed): clears all local storage. */
  forceSignOut: () => void;
};

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      signIn: (user) => set({ user }),
      updateTokens: (tokens) => set((state) => (state.user ? { user: { ...state.user, ...tokens } } : state)),
      signOut: () => set({ user: null }),
      forceSignOut: () => {
        localStorage.clear();
        set({ user: null });
      },
    }),
    { name: SESSION_STORAGE_KEY, storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);

/** Spec section 4: logged in if and only if an access token exists. */
export const isLoggedIn = (user: SessionUser | null): boolean => Boolean(user?.access_token);

export const useIsLoggedIn = () => useSession((state) => isLoggedIn(state.user));

/** Another tab signing in or out updates this one too. */
export const syncSessionAcrossTabs = () => {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) void useSession.persist.rehydrate();
  });
};
