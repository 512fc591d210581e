// The v1.2 parts of lib/ and the board's drag geometry: the shown link state, the theme, the tab notice.
import { describe, expect, it, vi } from 'vitest';

import { dragStartPick, pointAt } from '../components/board/use-drag';
import { PLAYING_TABLE } from '../features/table/test-table';
import { tabNews } from '../features/table/use-notices';
import { linkState } from '../features/table/use-table';
import { faviconMarked, markFavicon, notifyIfAllowed } from './tab-notice';
import { currentTheme, setTheme, startTheme } from './theme';

describe('linkState (data-connection)', () => {
  it.each([
    ['open', true, 'online'],
    ['open', false, 'reconnecting'], // open, but no welcome yet: not in step
    ['connecting', false, 'reconnecting'],
    ['reconnecting', false, 'reconnecting'],
    ['offline', false, 'offline'],
    ['closed', false, 'offline'],
  ] as const)('%s with a welcome %s is %s', (connection, inStep, shown) => {
    expect(linkState(connection, inStep)).toBe(shown);
  });
});

describe('drag geometry', () => {
  const spots = new Map([
    ['d4', { x: 3, y: 3 }],
    ['d5', { x: 3, y: 2 }],
  ]);
  it.each([
    [{ x: 3.2, y: 2.7 }, 'd4'],
    [{ x: 2.6, y: 2.1 }, 'd5'],
    [{ x: 4.6, y: 3 }, null],
  ] as const)('drops at %j on %s', (spot, point) => {
    expect(pointAt(spots, spot)).toBe(point);
  });
  it.each([
    [[], 'd4', 'd4'], // a fresh drag picks its piece
    [['d4'], 'd4', null], // already picked
    [['d6', 'd4'], 'd4', null], // the piece where a chain has got to
    [['c3'], 'd4', 'd4'], // another piece: picked instead
  ] as const)('with %j picked, a drag from %s picks %s', (picked, from, pick) => {
    expect(dragStartPick(picked, from)).toBe(pick);
  });
});

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

describe('tabNews (what a hidden tab tells its player)', () => {
  const t = ((key: string, options?: { context?: string }) =>
    options?.context ? `${key}_${options.context}` : key) as never;
  const table = { ...PLAYING_TABLE };
  it.each([
    ['the player to move', table, 'fox', 'title.yourMove'],
    ['the opponent to move', table, 'geese', null],
    ['a spectator', table, 'spectator', null],
    [
      'an offer waiting',
      { ...table, turn: 'geese' as const, drawOffer: 'fox' as const },
      'geese',
      'controls.drawOfferedBy_fox',
    ],
    ['a takeback asked', { ...table, takebackOffer: 'geese' as const }, 'fox', 'offers.takebackBy_geese'],
    ['a finished game', { ...table, status: 'finished' as const }, 'fox', null],
  ] as const)('for %s', (_, view, role, news) => {
    expect(tabNews(t, view, role)).toBe(news);
  });
});
