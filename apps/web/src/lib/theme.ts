// Light or dark: `<html data-theme>` follows prefers-color-scheme until the player picks one, and the
// pick is remembered (`fg:theme`). Set before the first render (main.tsx), so no page flashes light.
import { useSyncExternalStore } from 'react';

/** A theme the page can show. */
export type Theme = 'light' | 'dark';

const KEY = 'fg:theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

/** The player's remembered pick, or null to follow the system. */
function chosen(): Theme | null {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

/** The theme in force: the pick, else the system's preference. */
export function currentTheme(): Theme {
  return chosen() ?? (window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light');
}

/** Writes the theme in force on `<html data-theme>`. */
function apply(): void {
  document.documentElement.dataset.theme = currentTheme();
  for (const listener of listeners) listener();
}

/** Sets data-theme now and keeps it following the system's preference while the player has not picked. */
export function startTheme(): void {
  apply();
  window.matchMedia?.(DARK_QUERY).addEventListener?.('change', apply);
}

/** Picks a theme and remembers it. */
export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // Storage refused: the pick lasts for this page only.
    document.documentElement.dataset.theme = theme;
    return;
  }
  apply();
}

/** The theme in force, as React state. */
export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'),
    () => 'light',
  );
}
