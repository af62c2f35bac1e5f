import { SESSION_TIMING } from '@wattdesk/shared/constants';
import { api } from './api-client.ts';
import { notifyInfo } from './notify.tsx';
import { isLoggedIn, useSession } from './session-store.ts';

/** Shared by the tabs of this browser: activity in any of them keeps all of them signed in. */
export const LAST_ACTIVITY_KEY = 'wattdesk.lastActivity';
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'focus'] as const;
const CHECK_EVERY_MS = 15_000;
/** Writing on every keystroke would be wasteful; a second's precision is plenty for a 30-minute limit. */
const WRITE_EVERY_MS = 1000;

export const INACTIVITY_MESSAGE = 'You were signed out after 30 minutes without activity';

/** Revokes the sign-in on the server if it can, and signs this browser out regardless. */
const signOutForInactivity = () => {
  void api.post('/logout').catch(() => undefined);
  useSession.getState().signOut();
  notifyInfo(INACTIVITY_MESSAGE);
};

/**
 * Spec section 9: after 1800 s with no activity in any tab, the user is signed out (the router then shows
 * the landing page). Timers of hidden tabs are slowed down, so the check also runs when a tab shows again.
 */
export const watchInactivity = (onInactive: () => void = signOutForInactivity) => {
  const limitMs = SESSION_TIMING.tabInactivitySeconds * 1000;
  let lastActivity = Date.now();
  const markActive = () => {
    const now = Date.now();
    if (now - lastActivity < WRITE_EVERY_MS) return;
    lastActivity = now;
    localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
  };
  const check = () => {
    if (!isLoggedIn(useSession.getState().user)) return;
    if (Date.now() - lastActivity >= limitMs) onInactive();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === LAST_ACTIVITY_KEY && event.newValue) lastActivity = Math.max(lastActivity, Number(event.newValue) || 0);
  };
  const onVisibility = () => (document.visibilityState === 'visible' ? check() : undefined);
  // Signing in counts as activity: the clock starts from there, not from when the page was opened.
  const unsubscribe = useSession.subscribe((state, previous) => {
    if (isLoggedIn(state.user) && !isLoggedIn(previous.user)) lastActivity = Date.now();
  });
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, markActive, { passive: true, capture: true });
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', onVisibility);
  const timer = setInterval(check, CHECK_EVERY_MS);
  return () => {
    unsubscribe();
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, markActive, { capture: true });
    window.removeEventListener('storage', onStorage);
    document.removeEventListener('visibilitychange', onVisibility);
    clearInterval(timer);
  };
};
