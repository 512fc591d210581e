// The hidden-tab notice in use-notices: a favicon mark and a notification (when allowed) for news that comes
// while the tab is hidden, none for what was there on arrival, the mark gone once the tab is shown.
import type { Role, TableView } from '@fg/protocol';
import { PLAYING_TABLE } from '@fg/protocol/testing';
import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { faviconMarked } from '../../lib/tab-notice';
import { INITIAL_TABLE_STATE, type TableState } from './table-state';
import { useNotices } from './use-notices';

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

const state = (table: TableView | null, role: Role | null = 'fox'): TableState => ({
  ...INITIAL_TABLE_STATE,
  table,
  role,
});
const show = (visible: boolean): void => {
  hidden = !visible;
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
};
const icon = () => document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.getAttribute('href');

describe('useNotices in a hidden tab', () => {
  it('notifies and marks the favicon for what comes while hidden, not for what was there; unmarks when shown', () => {
    const theirs: TableView = { ...PLAYING_TABLE, turn: 'geese', ply: 1 };
    const { rerender } = renderHook(({ s }: { s: TableState }) => useNotices(t, s, s.table), {
      initialProps: { s: state(theirs) },
    });
    expect([shown, faviconMarked()]).toEqual([[], false]);
    rerender({ s: state({ ...PLAYING_TABLE, ply: 2 }) });
    expect(shown.map((n) => n.title)).toEqual(['Your move']); // its body is the tab's title
    expect(faviconMarked()).toBe(true);
    show(true);
    expect(icon()).toBe('data:image/svg+xml,plain');
    show(false); // seen once: hiding the tab again marks nothing
    expect(faviconMarked()).toBe(false);
  });

  it('tells of the end that comes while hidden, once, and of nothing a finished game had on arrival', () => {
    const ended: TableView = { ...PLAYING_TABLE, status: 'finished', result: { winner: 'geese', reason: 'timeout' } };
    const { rerender } = renderHook(({ s }: { s: TableState }) => useNotices(t, s, s.table), {
      initialProps: { s: state(PLAYING_TABLE) }, // the fox's move was there on arrival
    });
    expect(shown).toEqual([]);
    rerender({ s: state(ended) });
    rerender({ s: state({ ...ended }) });
    expect(shown.map((n) => n.title)).toEqual(['The geese win: the fox ran out of time']);
    expect(faviconMarked()).toBe(true);

    shown.length = 0;
    show(true);
    renderHook(() => useNotices(t, state(ended), ended));
    show(false);
    expect([shown, faviconMarked()]).toEqual([[], false]);
  });

  it('marks nothing for a spectator', () => {
    const { rerender } = renderHook(({ s }: { s: TableState }) => useNotices(t, s, s.table), {
      initialProps: { s: state({ ...PLAYING_TABLE, turn: 'geese', ply: 1 }, 'spectator') },
    });
    rerender({ s: state({ ...PLAYING_TABLE, ply: 2 }, 'spectator') });
    expect([shown, faviconMarked()]).toEqual([[], false]);
  });
});
