// A ticking time for components that count (clocks, the away countdown), without setState in effects.
import { useCallback, useSyncExternalStore } from 'react';

/** performance.now() rounded down to `every` ms, re-rendering each `every` ms; 0 (and no timer) when `every` is null. */
export function useNow(every: number | null): number {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (every === null) return () => undefined;
      const timer = setInterval(notify, every);
      return () => clearInterval(timer);
    },
    [every],
  );
  const snapshot = (): number => (every === null ? 0 : Math.floor(performance.now() / every) * every);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
