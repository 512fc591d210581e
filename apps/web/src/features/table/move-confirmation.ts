// The "Confirm moves" option (off by default), remembered in the browser like the sound switch.
import { useSyncExternalStore } from 'react';

const KEY = 'fg:confirm-moves';
const listeners = new Set<() => void>();

function isOn(): boolean {
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

/** Turns move confirmation on or off, and remembers it. */
export function setConfirmMoves(on: boolean): void {
  try {
    localStorage.setItem(KEY, String(on));
  } catch {
    // Storage refused: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

/** Whether each move waits for "Confirm move", as React state. */
export function useConfirmMoves(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isOn,
    () => false,
  );
}
