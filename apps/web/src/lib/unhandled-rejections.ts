import { useSyncExternalStore } from 'react';
import { isLoggedIn, useSession } from './session-store.ts';

let hasRejection = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/**
 * Installed at start-up rather than by the (lazily loaded) dialog, so that a rejection in the
 * first moments after sign-in is not missed. Only counts while a user is logged in (spec section 2).
 */
export const watchUnhandledRejections = () => {
  window.addEventListener('unhandledrejection', () => {
    if (!isLoggedIn(useSession.getState().user)) return;
    hasRejection = true;
    emit();
  });
};

export const dismissUnhandledRejection = () => {
  hasRejection = false;
  emit();
};

export const useHasUnhandledRejection = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hasRejection,
  );
