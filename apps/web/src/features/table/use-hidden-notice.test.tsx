import type { TableView } from '@fg/protocol';
import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PLAYING_TABLE } from './test-table';
import { attention, useHiddenNotice } from './use-hidden-notice';

const t = i18next.t;
let hidden = true;
const shown: { title: string; body: string | undefined }[] = [];
beforeEach(() => {
  hidden = true;
  shown.length = 0;
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  document.head.innerHTML = '<link rel="icon" href="data:image/svg+xml,plain">';
  class FakeNotification {
    static permission = 'granted';
    constructor(title: string, options?: { body?: string }) {
      shown.push({ title, body: options?.body });
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
});
afterEach(() => vi.unstubAllGlobals());

const icon = () => document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.getAttribute('href');

describe('attention', () => {
  it.each<[string, Partial<TableView>, string | null]>([
    ['your move', {}, 'move:0'],
    ["the opponent's move", { turn: 'geese', ply: 1 }, null],
    ['a draw offer from the opponent', { turn: 'geese', ply: 1, drawOffer: 'geese' }, 'draw:1'],
    ['a takeback asked by the opponent', { turn: 'geese', ply: 1, takebackOffer: 'geese' }, 'takeback:1'],
    ['the end', { status: 'finished', result: { winner: 'geese', reason: 'timeout' } }, 'ended'],
  ])('%s', (_name, extra, key) => {
    expect(attention(t, { ...PLAYING_TABLE, ...extra }, 'fox')?.key ?? null).toBe(key);
  });
});

describe('useHiddenNotice', () => {
  it('notifies and marks the favicon for what comes while hidden, not for what was there; unmarks when shown', () => {
    const theirs: TableView = { ...PLAYING_TABLE, turn: 'geese', ply: 1 };
    const { rerender } = renderHook(({ table }: { table: TableView }) => useHiddenNotice(t, table, 'fox'), {
      initialProps: { table: theirs },
    });
    expect(shown).toEqual([]);
    rerender({ table: { ...PLAYING_TABLE, ply: 2 } });
    expect(shown).toEqual([{ title: 'Fox and Geese', body: 'Your move' }]);
    expect(icon()).toContain('%23d11');
    hidden = false;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(icon()).toBe('data:image/svg+xml,plain');
  });
});
