// The recorder adds the games that end close together in one batch, a moment after the first ended, and writes what
// waits when the server stops; a failed batch is told, not thrown.
import { getVariant, makeMoveText, newGame, playMoveText } from '@fg/rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { TableEvent } from '../tables/events.js';
import type { TableCommit } from '../tables/table-observer.js';
import { storedTable } from '../testing/store-fixtures.js';
import type { ExplorerIndex, IndexedGame } from './explorer-index.js';
import { ExplorerRecorder } from './explorer-recorder.js';

const variant = getVariant('standard');
if (!variant.ok) throw new Error(variant.error.message);
const start = newGame(variant.value);
/** The start's first legal move, and the game after it. */
const move = makeMoveText(variant.value.board, start.legal[0]!);
const after = playMoveText(start, move);
if (!after.ok) throw new Error(after.error.message);
const played = after.value;

/** An index that keeps the ids of each batch it was given. */
class BatchIndex implements ExplorerIndex {
  readonly batches: string[][] = [];
  failing = false;
  add(): Promise<boolean> {
    throw new Error('the recorder adds batches');
  }
  async addAll(games: readonly IndexedGame[]): Promise<number> {
    if (this.failing) throw new Error('disk full');
    this.batches.push(games.map((game) => game.id));
    return games.length;
  }
  counts(): never {
    throw new Error('not read here');
  }
}

/** The commit of table `id` after `event`, its game one move long and (unless `running`) won by the geese. */
function commit(id: string, event: TableEvent['type'], running = false): TableCommit {
  const stored = storedTable(id, {
    moves: [move],
    result: running ? null : { winner: 'geese', reason: 'resignation' },
  });
  return {
    event: (event === 'moved' ? { type: event, result: null } : { type: event }) as TableEvent,
    stored,
    game: played,
    turn: 'fox',
    online: { fox: true, geese: true },
    deadline: null,
  };
}

describe('ExplorerRecorder', () => {
  let index: BatchIndex;
  let errors: string[];
  let recorder: ExplorerRecorder;
  beforeEach(() => {
    vi.useFakeTimers();
    index = new BatchIndex();
    errors = [];
    recorder = new ExplorerRecorder(index, (error, what) => errors.push(`${what}: ${(error as Error).message}`));
  });
  afterEach(() => vi.useRealTimers());

  it('adds the games ended within 250 ms of the first in one batch, and later ones in the next', async () => {
    recorder.committed(commit('t1', 'ended'));
    await vi.advanceTimersByTimeAsync(100);
    recorder.committed(commit('t2', 'ended'));
    recorder.committed(commit('t3', 'moved', true)); // a move that did not end its game: not counted
    expect(index.batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(150);
    expect(index.batches).toEqual([['t1', 't2']]);
    recorder.committed(commit('t4', 'ended'));
    await vi.advanceTimersByTimeAsync(249);
    expect(index.batches).toEqual([['t1', 't2']]);
    await vi.advanceTimersByTimeAsync(1);
    expect(index.batches).toEqual([['t1', 't2'], ['t4']]);
    expect(errors).toEqual([]);
  });

  it('adds at once when 256 games wait', async () => {
    for (let i = 0; i < 256; i++) recorder.committed(commit(`t${i}`, 'ended'));
    await vi.advanceTimersByTimeAsync(0);
    expect(index.batches.map((batch) => batch.length)).toEqual([256]);
  });

  it('writes what waits when flushed (the server stops), and nothing twice', async () => {
    recorder.committed(commit('t1', 'ended'));
    await recorder.flush();
    expect(index.batches).toEqual([['t1']]);
    await vi.advanceTimersByTimeAsync(1000);
    await recorder.flush();
    expect(index.batches).toEqual([['t1']]);
  });

  it('tells a failed batch and goes on with the next', async () => {
    index.failing = true;
    recorder.committed(commit('t1', 'ended'));
    await recorder.flush();
    expect(errors).toEqual(['explorer index: disk full']);
    index.failing = false;
    recorder.committed(commit('t2', 'ended'));
    await recorder.flush();
    expect(index.batches).toEqual([['t2']]);
  });
});
