import { useSyncExternalStore } from 'react';

/** One shared clock for every ticking duration on the screen, instead of one timer each. */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
};

/** The current time, updated every second while a component uses it. */
export const useNow = (): number => useSyncExternalStore(subscribe, () => now);
