import type { TableView } from '@fg/protocol';
import { PLAYING_TABLE } from '@fg/protocol/testing';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { saveSeat } from '../../lib/seat-store';
import { MyGamesPanel } from './MyGamesPanel';

const TOKEN = 'V1StGXR8_Z5jdHi6B-myT';
const table = (id: string, extra: Partial<TableView>): TableView => ({ ...PLAYING_TABLE, id, ...extra });
const TABLES = [
  table('older00yours', { turn: 'geese', ply: 1, moves: ['d4-e5'], correspondence: { days: 3 } }),
  table('newest0their', { turn: 'fox', ply: 2, moves: ['d4-d5', 'c3-c4'] }),
  table('finished0001', { status: 'finished', result: { winner: 'fox', reason: 'resignation' } }),
];

let requests: string[];
beforeEach(() => {
  localStorage.clear();
  let at = 1000;
  for (const [id, side] of [
    ['older00yours', 'geese'],
    ['finished0001', 'fox'],
    ['newest0their', 'geese'],
    ['gone00000001', 'fox'],
  ] as const) {
    vi.spyOn(Date, 'now').mockReturnValue((at += 1000));
    saveSeat(id, { side, token: TOKEN });
  }
  vi.restoreAllMocks();
  requests = [];
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url);
    return new Response(JSON.stringify({ tables: TABLES }), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('MyGamesPanel', () => {
  it('reads every table in one request; your move first, then the newest; a finished game can be removed', async () => {
    const { container } = render(<MyGamesPanel />);
    await waitFor(() => expect(container.querySelectorAll('[data-my-table]')).toHaveLength(3));
    expect(requests).toEqual(['/api/tables?ids=gone00000001,newest0their,finished0001,older00yours']);
    const rows = [...container.querySelectorAll('[data-my-table]')];
    expect(rows.map((r) => r.getAttribute('data-my-table'))).toEqual(['older00yours', 'newest0their', 'finished0001']);
    expect(rows.map((r) => r.getAttribute('data-your-move'))).toEqual(['true', null, null]);
    expect(rows[0]!.querySelector('a')!.textContent).toBe('standard · 13 geese · 3 days a move · you play Geese'); // the variants' names are not loaded here
    expect(rows[0]!.textContent).toContain('Your move');
    expect(rows[0]!.textContent).toContain('Last move: d4-e5');
    // Their move: the status line's words, and the opponent's (the fox's) last move, not this seat's own.
    expect(rows[1]!.textContent).toContain('The fox to move');
    expect(rows[1]!.textContent).toContain("Opponent's last move: d4-d5");
    expect(rows[1]!.textContent).not.toContain('c3-c4');
    expect(localStorage.getItem('fg:seat:gone00000001')).toBeNull(); // the server no longer has it
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(container.querySelectorAll('[data-my-table]')).toHaveLength(2);
    expect(localStorage.getItem('fg:seat:finished0001')).toBeNull();
  });

  it('shows nothing, and asks nothing, without a seat', () => {
    localStorage.clear();
    const { container } = render(<MyGamesPanel />);
    expect(container.textContent).toBe('');
    expect(requests).toEqual([]);
  });
});
