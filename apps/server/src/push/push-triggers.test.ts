import { pushPayloadSchema } from '@fg/protocol';
import { describe, expect, it } from 'vitest';

import { type PushChange, pushesFor, type PushTable } from './push-triggers.js';

const LIVE: PushTable = {
  id: 'tbl_0123456',
  variant: 'standard',
  correspondence: false,
  deadline: null,
  online: { fox: true, geese: true },
  computer: null,
};
const RESULT = { winner: 'fox', reason: 'resignation' } as const;

describe('pushesFor', () => {
  it.each<[string, PushChange, Partial<PushTable>, unknown[]]>([
    ['a live move, the opponent online: nothing', { type: 'moved', side: 'fox', move: 'd4-d5', result: null }, {}, []],
    [
      'a live move, the opponent away: your-move',
      { type: 'moved', side: 'fox', move: 'd4-d5', result: null },
      { online: { fox: true, geese: false } },
      [{ side: 'geese', payload: { type: 'your-move', table: LIVE.id, variant: 'standard', move: 'd4-d5' } }],
    ],
    [
      'a correspondence move, the opponent online: your-move with the deadline',
      { type: 'moved', side: 'geese', move: 'c3-c4', result: null },
      { correspondence: true, deadline: '2026-12-04T10:00:00.000Z' },
      [
        {
          side: 'fox',
          payload: {
            type: 'your-move',
            table: LIVE.id,
            variant: 'standard',
            move: 'c3-c4',
            deadline: '2026-12-04T10:00:00.000Z',
          },
        },
      ],
    ],
    ['the game begins, the side to move online: nothing', { type: 'turn', side: 'fox' }, {}, []],
    [
      'the game begins or a takeback, the side to move away: your-move without a move',
      { type: 'turn', side: 'fox' },
      { online: { fox: false, geese: true } },
      [{ side: 'fox', payload: { type: 'your-move', table: LIVE.id, variant: 'standard' } }],
    ],
    [
      'a correspondence game begins: your-move with the first deadline',
      { type: 'turn', side: 'fox' },
      { correspondence: true, deadline: '2026-12-04T10:00:00.000Z' },
      [
        {
          side: 'fox',
          payload: { type: 'your-move', table: LIVE.id, variant: 'standard', deadline: '2026-12-04T10:00:00.000Z' },
        },
      ],
    ],
    [
      'the computer to move: nothing',
      { type: 'turn', side: 'geese' },
      { online: { fox: true, geese: false }, computer: 'geese' },
      [],
    ],
    [
      'a move that ends the game: ended to both',
      { type: 'moved', side: 'fox', move: 'd4xd6', result: { winner: 'fox', reason: 'geese-reduced' } },
      {},
      ['fox', 'geese'].map((side) => ({
        side,
        payload: {
          type: 'ended',
          table: LIVE.id,
          variant: 'standard',
          move: 'd4xd6',
          result: { winner: 'fox', reason: 'geese-reduced' },
        },
      })),
    ],
    [
      'a resignation: ended to both but the computer',
      { type: 'ended', result: RESULT },
      { computer: 'fox' },
      [{ side: 'geese', payload: { type: 'ended', table: LIVE.id, variant: 'standard', result: RESULT } }],
    ],
    [
      'a takeback offer: to the opponent, online or not',
      { type: 'offer', side: 'fox', offer: 'takeback' },
      {},
      [{ side: 'geese', payload: { type: 'offer', table: LIVE.id, variant: 'standard', offer: 'takeback' } }],
    ],
  ])('%s', (_name, change, table, expected) => {
    const pushes = pushesFor(change, { ...LIVE, ...table });
    expect(pushes).toEqual(expected);
    for (const push of pushes) {
      expect(pushPayloadSchema.parse(push.payload)).toEqual(push.payload);
      expect(JSON.stringify(push.payload)).not.toMatch(/token/i);
    }
  });
});
