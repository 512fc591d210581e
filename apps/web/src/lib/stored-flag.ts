// A yes/no setting remembered in the browser (localStorage), readable at once and as React state: the
// sound switch, the move confirmation.
import { useSyncExternalStore } from 'react';

/** A remembered flag: read it, set it (and tell its hooks), or follow it in a component. */
export interface StoredFlag {
  readonly get: () => boolean;
  readonly set: (on: boolean) => void;
  readonly useFlag: () => boolean;
}

/** The flag kept under `key` ('true' when on); off when storage is refused or empty. */
export function storedFlag(key: string): StoredFlag {
  const listeners = new Set<() => void>();
  const get = (): boolean => {
    try {
      return localStorage.getItem(key) === 'true';
    } catch {
      return false;
    }
  };
  const set = (on: boolean): void => {
    try {
      localStorage.setItem(key, String(on));
    } catch {
      // Storage refused: the choice lasts for this page only.
    }
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const useFlag = (): boolean => useSyncExternalStore(subscribe, get, () => false);
  return { get, set, useFlag };
}
