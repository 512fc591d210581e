import { makeMoveText, makePosition } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { newOfflineGame, offlineRecord, offlineResult, replayOffline } from './offline-game';

describe('the offline game', () => {
  const kept = { ...newOfflineGame('standard', 'geese', 3)!, started: '2026-12-01T10:00:00Z' };

  it('replays the kept moves and writes the record text of rules.md section 9', () => {
    const start = replayOffline(kept)!;
    const first = makeMoveText(start.variant.board, start.legal[0]!);
    const played = { ...kept, moves: [first] };
    expect(replayOffline(played)!.moves).toHaveLength(1);
    expect(replayOffline({ ...kept, moves: ['a1-a2'] })).toBeNull();
    const text = offlineRecord(played, replayOffline(played)!);
    expect(text).toContain(`1. ${first}`);
    expect(text).toContain('[Variant "standard"]');
    expect(text).toContain('[Options "geese=13 sideways=false"]');
    expect(text).toContain('[Date "2026.12.01"]');
    expect(text.trim().endsWith('*')).toBe(true);
  });

  it('a resignation ends it for the computer', () => {
    const resigned = { ...kept, resigned: true };
    expect(offlineResult(resigned, replayOffline(resigned)!)).toEqual({ winner: 'fox', reason: 'resignation' });
    expect(offlineRecord(resigned, replayOffline(resigned)!)).toContain('[Termination "resignation"]');
  });

  it('a random side is one of the two', () => {
    expect(['fox', 'geese']).toContain(newOfflineGame('standard', 'random', 1)!.player);
    expect(newOfflineGame('nine-foxes', 'fox', 1)).toBeNull();
  });

  it('begins from a position text when given one (the analysis board’s Play from here)', () => {
    const start = 'fox:d4 geese:c1,e1,a3,g3,a5,g5 turn:geese quiet:0';
    const game = newOfflineGame('standard', 'fox', 9, {}, start)!;
    expect([game.start, game.level, game.player]).toEqual([start, 9, 'fox']);
    const replayed = replayOffline(game)!;
    expect(makePosition(replayed.variant.board, replayed.position)).toBe(start);
    expect(replayed.position.turn).toBe('geese');
    expect(newOfflineGame('standard', 'fox', 9, {}, 'fox:z9')).toBeNull();
    expect(newOfflineGame('standard', 'fox', 3)!.start).toBeUndefined();
  });
});
