import type { TableView } from '@fg/protocol';
import { PLAYING_TABLE } from '@fg/protocol/testing';
import { getVariant, newGame, parsePosition } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { withSentMove } from './sent-move';
import { gameOf, INITIAL_TABLE_STATE, type TableState } from './table-state';

const game = gameOf(PLAYING_TABLE)!;
const stateOf = (table: TableView, g = game): TableState => ({ ...INITIAL_TABLE_STATE, table, game: g, role: 'fox' });

describe('withSentMove', () => {
  it('shows a sent step as played: turn, ply, move list and pieces', () => {
    const shown = withSentMove(stateOf(PLAYING_TABLE), { ply: 0, path: ['d4', 'd5'] });
    expect(shown.table).toMatchObject({ turn: 'geese', ply: 1, moves: ['d4-d5'], status: 'playing', result: null });
    expect(shown.game?.moves).toHaveLength(1);
    expect(shown.game?.position.turn).toBe('geese');
  });

  it('shows the result of a sent move that ends the game', () => {
    // The fox at c7 is hemmed in by geese on d7, d6 and c6 and the points behind them; e6-e7 takes its last way out.
    const resolved = getVariant('standard');
    if (!resolved.ok) throw new Error(resolved.error.message);
    const start = parsePosition(resolved.value, 'fox:c7 geese:d7,d6,c6,e6,c5,d5,e5,d4,e4,c4,a3,b3 turn:geese');
    if (!start.ok) throw new Error(start.error.message);
    const table: TableView = { ...PLAYING_TABLE, turn: 'geese' };
    const shown = withSentMove(stateOf(table, newGame(resolved.value, start.value)), { ply: 0, path: ['e6', 'e7'] });
    expect(shown.table).toMatchObject({
      status: 'finished',
      result: { winner: 'geese', reason: 'fox-trapped' },
      moves: ['e6-e7'],
    });
  });

  it.each<[string, TableView, { ply: number; path: string[] } | null]>([
    ['nothing is pending', PLAYING_TABLE, null],
    ['the sent ply has passed', PLAYING_TABLE, { ply: 3, path: ['d4', 'd5'] }],
    ['the path is not legal', PLAYING_TABLE, { ply: 0, path: ['d4', 'd7'] }],
  ])('leaves the table as it is when %s', (_, table, sent) => {
    const state = stateOf(table);
    expect(withSentMove(state, sent)).toBe(state);
  });
});
