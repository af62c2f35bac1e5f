import type { SessionUser } from '@wattdesk/shared/schemas/auth';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const SESSION_STORAGE_KEY = 'wattdesk.session';

/**
 * The signed-in user as the web app keeps it: without the refresh token, which lives in an HttpOnly cookie
 * the page's script cannot read (issue 39), so an injected script cannot copy it out of storage.
 */
export type StoredSession = Omit<SessionUser, 'refresh_token'>;

/** Sign-in answers still carry the refresh token for API clients; it is dropped before anything is kept. */
const withoutRefreshToken = (user: StoredSession & { refresh_token?: unknown }): StoredSession => {
  const kept: StoredSession & { refresh_token?: unknown } = { ...user };
  delete kept.refresh_token;
  return kept;
};

type SessionState = {
  user: StoredSession | null;
  signIn: (user: StoredSession) => void;
  updateTokens: (tokens: { access_token: string }) => void;
  /** Logout: forgets the stored user. */
  signOut: () => void;
  /** Forced logout (the session could not be renewed): clears all local storage. */
  forceSignOut: () => void;
};

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      signIn: (user) => set({ user: withoutRefreshToken(user) }),
      updateTokens: ({ access_token }) => set((state) => (state.user ? { user: { ...state.user, access_token } } : state)),
      signOut: () => set({ user: null }),
      forceSignOut: () => {
        localStorage.clear();
        set({ user: null });
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ user: state.user && withoutRefreshToken(state.user) }),
      // Version 1 kept the refresh token in storage: it is dropped, and the cookie set at the next sign-in takes over.
      version: 2,
      migrate: (persisted) => {
        const user = (persisted as { user?: StoredSession | null } | null)?.user;
        return { user: user ? withoutRefreshToken(user) : null };
      },
    },
  ),
);

/** Spec section 4: logged in if and only if an access token exists. */
export const isLoggedIn = (user: StoredSession | null): boolean => Boolean(user?.access_token);

export const useIsLoggedIn = () => useSession((state) => isLoggedIn(state.user));

/** Another tab signing in or out updates this one too. */
export const syncSessionAcrossTabs = () => {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) void useSession.persist.rehydrate();
  });
};
