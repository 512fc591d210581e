// The parts of lib/: the theme and the tab notice.
import { describe, expect, it, vi } from 'vitest';

import { faviconMarked, markFavicon, notifyIfAllowed } from './tab-notice';
import { currentTheme, setTheme, startTheme } from './theme';

describe('theme', () => {
  it('follows the system until picked, then stays with the pick', () => {
    localStorage.removeItem('fg:theme');
    const dark = vi.fn(() => ({ matches: true, addEventListener: () => {} }) as unknown as MediaQueryList);
    vi.stubGlobal('matchMedia', dark);
    startTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
    setTheme('light');
    expect([currentTheme(), document.documentElement.dataset.theme, localStorage.getItem('fg:theme')]).toEqual([
      'light',
      'light',
      'light',
    ]);
    vi.unstubAllGlobals();
    localStorage.removeItem('fg:theme');
  });
});

describe('tab notice', () => {
  it('marks the favicon and puts the page’s own back', () => {
    document.head.innerHTML = '<link rel="icon" href="data:image/svg+xml,plain" />';
    markFavicon(true);
    expect(faviconMarked()).toBe(true);
    markFavicon(false);
    expect(document.querySelector('link[rel="icon"]')!.getAttribute('href')).toBe('data:image/svg+xml,plain');
  });

  it('never asks for permission: without it, no notification', () => {
    const shown = vi.fn();
    const requestPermission = vi.fn();
    vi.stubGlobal('Notification', Object.assign(shown, { permission: 'default', requestPermission }));
    notifyIfAllowed('Your move', 'Fox and Geese', 'x');
    expect([shown.mock.calls.length, requestPermission.mock.calls.length]).toEqual([0, 0]);
    (Notification as unknown as { permission: string }).permission = 'granted';
    notifyIfAllowed('Your move', 'Fox and Geese', 'x');
    expect(shown).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
