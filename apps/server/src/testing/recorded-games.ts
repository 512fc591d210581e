// Whole games that end by each rule of rules.md section 4, found by seeded searches over the rules library;
// the server tests replay them over sockets.
import type { GameResult, TableOptions } from '@fg/protocol';

/** A recorded game and how it ends. */
export interface RecordedGame {
  readonly name: string;
  readonly variant: string;
  readonly options: TableOptions;
  readonly moves: readonly string[];
  readonly result: GameResult;
}

/** One game per rule reason, covering every variant. */
export const RECORDED_GAMES: readonly RecordedGame[] = [
  {
    name: 'standard ends by fox-trapped',
    variant: 'standard',
    options: {},
    moves: [
      'd4-e5', 'e3-d4', 'e5-f4', 'e2-e3', 'f4-g5', 'f3-g4', 'g5-f5', 'e3-e4', 'f5-f4', 'b3-c4', 'f4-e5', 'd2-e3',
      'e5-f5', 'd4-c5', 'f5-g5', 'e3-d4', 'g5-f5', 'a3-a4', 'f5-f4', 'c4-d5', 'f4-e5', 'g4-f5', 'e5-e6', 'd3-c4',
      'e6-e7', 'd5-d6', 'e7-e6', 'd6-e7', 'e6-d5', 'c2-d3', 'd5-c6', 'd4-d5', 'c6-d6', 'c3-d4', 'd6-e6', 'd4-e5',
      'e6-d7', 'c5-d6', 'd7-c7', 'd1-e2', 'c7-d7', 'e5-e6', 'd7-c6', 'd3-d4', 'c6-c7', 'd4-e5', 'c7-c6', 'c1-c2',
      'c6-d7', 'c2-d3', 'd7-c6', 'd3-d4', 'c6-d7', 'd4-c5', 'd7-c6', 'e2-d3', 'c6-d7', 'c5-c6', 'd7-c7', 'c4-c5',
      'c7-d7', 'e1-e2', 'd7-c7', 'e6-d7',
    ],
    result: { winner: 'geese', reason: 'fox-trapped' },
  },
  {
    name: 'standard ends by geese-stalemated',
    variant: 'standard',
    options: {},
    moves: [
      'd4-c4', 'c3-d4', 'c4-c3', 'd3-e4', 'c3-d3', 'b3-a4', 'd3-c3', 'e4-d5', 'c3-d3', 'd5-d6', 'd3-c4', 'd6-e7',
      'c4-d5', 'f3-g4', 'd5-c4', 'e2-d3', 'c4-d5', 'e3-f4', 'd5-c5', 'a3-b4', 'c5-c4', 'd4-c5', 'c4-d4', 'g4-g5',
      'd4-c4', 'f4-e5', 'c4-d5', 'g3-g4', 'd5-d6', 'd2-e3', 'd6-c7', 'b4-a5', 'c7-c6', 'e5-d6', 'c6-d5', 'd3-d4',
      'd5-c6', 'g4-f5', 'c6-c7', 'c5-c6', 'c7-d7', 'a4-b5', 'd7-c7', 'c2-d3', 'c7-d7', 'd1-c2', 'd7-e6', 'c6-c7',
      'e6-d5', 'e1-e2', 'd5-c6', 'c2-c3', 'c6-d5', 'd6-d7', 'd5-c4', 'e3-f4', 'c4-d5', 'c3-b4', 'd5-e6', 'd4-c5',
      'e6-d6', 'e2-e3', 'd6-d5', 'c5-d6', 'd5-d4', 'e3-e4', 'd4-d5', 'c1-c2', 'd5-c6', 'e4-d5', 'c6-c5', 'f4-e5',
      'c5-d4', 'd5-e6', 'd4-c4', 'd3-e4', 'c4-d3', 'e4-d5', 'd3-d2', 'c2-c3', 'd2-e1', 'd5-c6', 'e1-e2', 'c3-d4',
      'e2-d3', 'b4-c5', 'd3-e3', 'd4-d5', 'e3-d2',
    ],
    result: { winner: 'fox', reason: 'geese-stalemated' },
  },
  {
    name: 'standard, 15 geese, ends by geese-reduced',
    variant: 'standard',
    options: { geese: 15 },
    moves: [
      'd4-c4', 'b3-b4', 'c4-b5', 'c3-d4', 'b5xb3', 'c2-c3', 'b3-c4', 'f3-f4', 'c4xc2xe4xc4', 'e2-d3', 'c4xe2xc2',
      'f4-f5', 'c2-c3', 'a4-b5', 'c3-c4', 'a3-b4', 'c4xa4', 'c1-d2', 'a4-a5', 'e1-e2', 'a5xc5', 'g4-g5', 'c5-d5',
      'e3-f4', 'd5-d4', 'd2-c3', 'd4-e4', 'g3-g4', 'e4-d4', 'c3-c4', 'd4xb4', 'e2-e3', 'b4-b5', 'd1-c2', 'b5-c4',
      'e3-e4', 'c4-b3', 'c2-c3', 'b3xd3', 'e4-d5', 'd3-d4', 'd5-d6', 'd4-d5', 'f4-e5', 'd5xd7', 'e5-d6', 'd7xd5',
    ],
    result: { winner: 'fox', reason: 'geese-reduced' },
  },
  {
    name: 'standard, sideways, ends by threefold-repetition',
    variant: 'standard',
    options: { sideways: true },
    moves: [
      'd4-c4', 'e3-d4', 'c4-b4', 'f3-e3', 'b4-a4', 'd4-c4', 'a4-a5', 'g3-f3', 'a5-b5', 'c4-b4', 'b5-a4', 'b4-c4',
      'a4-b5', 'c4-b4', 'b5-a4', 'b4-c4', 'a4-b5',
    ],
    result: { winner: null, reason: 'threefold-repetition' },
  },
  {
    name: 'raevskak ends by fifty-move-rule',
    variant: 'raevskak',
    options: {},
    moves: [
      'g3-f4', 'd4-c5', 'f4-g4', 'c5-c6', 'g4-g3', 'c6-d5', 'f3-f4', 'd5-c6', 'e3-f3', 'c6-c7', 'd3-e3', 'c7-d7',
      'e3-d3', 'd7-d6', 'd3-e3', 'd6-e6', 'c3-d3', 'e6-d5', 'f4-g4', 'd5-c5', 'b3-c3', 'c5-c6', 'g4-f4', 'c6-c7',
      'c3-b3', 'c7-d7', 'f4-e4', 'd7-c7', 'e4-d4', 'c7-c6', 'b3-c3', 'c6-c7', 'd4-c4', 'c7-d6', 'c3-b3', 'd6-c7',
      'c4-b4', 'c7-d7', 'b4-c3', 'd7-e7', 'd3-d4', 'e7-d6', 'e3-d3', 'd6-e6', 'd4-e4', 'e6-d5', 'e4-d4', 'd5-d6',
      'd3-e3', 'd6-d7', 'c3-d3', 'd7-e7', 'd4-c4', 'e7-d7', 'b3-c3', 'd7-c6', 'c3-b3', 'c6-d5', 'c4-c3', 'd5-c4',
      'b3-a4', 'c4-d4', 'a3-b3', 'd4-c4', 'a4-a3', 'c4-b5', 'b3-c4', 'b5-c5', 'a3-b3', 'c5-b4', 'b3-a3', 'b4-a5',
      'c4-b3', 'a5-b4', 'b3-a4', 'b4-a5', 'a3-b3', 'a5-b4', 'a4-a3', 'b4-c5', 'e3-e4', 'c5-b4', 'd3-e3', 'b4-b5',
      'e4-f4', 'b5-c4', 'f4-g4', 'c4-d3', 'g4-f4', 'd3-e4', 'c3-d3', 'e4-e5', 'f4-g4', 'e5-d4', 'd3-c3', 'd4-e4',
      'e3-d3', 'e4-e5', 'f3-e3', 'e5-f5', 'g3-f3', 'f5-e4', 'f3-g3', 'e4-f3', 'g4-f4', 'f3-e4', 'e3-f3', 'e4-e3',
      'f4-g4', 'e3-d4', 'f3-e3', 'd4-c5', 'e3-f3', 'c5-c6', 'd3-e3', 'c6-d7', 'e3-d3', 'd7-e7', 'd3-e3', 'e7-e6',
      'c3-d3', 'e6-d6', 'd3-c3', 'd6-c7', 'e3-d3', 'c7-d7', 'd3-e3', 'd7-d6', 'e3-d3', 'd6-d5', 'g4-f4', 'd5-c6',
      'd3-e3', 'c6-d6', 'e3-d3', 'd6-e6', 'f3-e3', 'e6-e7', 'f4-g4', 'e7-d6', 'g3-f3', 'd6-c5', 'g4-g3', 'c5-c6',
      'd3-c4', 'c6-d7', 'c3-d3', 'd7-e7', 'c4-c3', 'e7-e6', 'c3-b4', 'e6-e5', 'b4-a4', 'e5-f5', 'd3-c3', 'f5-e5',
      'a4-b4', 'e5-d5', 'b4-a4', 'd5-d4', 'e3-d3', 'd4-d5', 'a4-b4', 'd5-d4', 'b4-c4', 'd4-d5', 'f3-e3', 'd5-c5',
      'e3-f3', 'c5-d6', 'f3-e3', 'd6-d7', 'c4-d4', 'd7-e6', 'g3-f3', 'e6-d6', 'f3-g3', 'd6-e7', 'd4-e4', 'e7-d6',
      'e4-f3', 'd6-c7', 'd3-c4', 'c7-c6', 'c4-d4', 'c6-c7', 'd4-d3', 'c7-d6', 'c3-d4', 'd6-c5', 'd3-c3', 'c5-b4',
      'd4-c4', 'b4-a5', 'c4-b4', 'a5-a4', 'c3-d3', 'a4-b5', 'b3-c3', 'b5-c5', 'b4-a4', 'c5-c6', 'a4-b4', 'c6-d5',
      'c3-b3', 'd5-c5', 'b4-c4', 'c5-b5', 'c4-d4', 'b5-a5', 'd4-c4', 'a5-a4', 'c4-d4', 'a4-b5', 'd3-c3', 'b5-a5',
      'c3-d3', 'a5-a4', 'b3-c3', 'a4-b5', 'd4-e4', 'b5-a5', 'c3-b3', 'a5-b5', 'e4-f4', 'b5-c4', 'f4-g4', 'c4-b5',
      'd3-c3', 'b5-c5', 'c3-d3', 'c5-c6', 'g4-f4', 'c6-c5', 'd3-c3', 'c5-d4', 'e3-d3', 'd4-c4', 'f4-g4', 'c4-c5',
      'd3-e3', 'c5-c6', 'c3-d3', 'c6-d5', 'd3-c3', 'd5-e5', 'e3-d3', 'e5-e6', 'g4-f4', 'e6-d5', 'f4-e4', 'd5-c6',
      'e4-d4', 'c6-d5', 'd4-c4', 'd5-e6', 'f3-e3', 'e6-d5', 'c4-b4', 'd5-c4', 'e3-f3', 'c4-b5', 'b4-c4', 'b5-c5',
      'c4-d4', 'c5-b5', 'f3-e3', 'b5-a5', 'g3-f3', 'a5-b4', 'd4-c4', 'b4-c5', 'f3-g3', 'c5-b4', 'e3-f3', 'b4-a4',
      'c4-d4', 'a4-a5', 'd4-c4', 'a5-b5', 'f3-e3', 'b5-a5', 'c4-b4', 'a5-a4', 'g3-f3', 'a4-a5', 'b4-c4', 'a5-b4',
      'f3-g3',
    ],
    result: { winner: null, reason: 'fifty-move-rule' },
  },
  {
    name: 'raevskak, 17 geese, ends by breakthrough',
    variant: 'raevskak',
    options: { geese: 17 },
    moves: [
      'd4-c4', 'g4-f5', 'c4-d4', 'f4-e5', 'd4-c4', 'b4-b5', 'c4-d4', 'f3-g4', 'd4-c4', 'e5-d6', 'c4-d4', 'a4-a5',
      'd4-c4', 'a3-b4', 'c4xa4', 'g3-f4', 'a4-a3', 'g4-g5', 'a3-a4', 'd3-d4', 'a4-a3', 'd4-c5', 'a3-a4', 'c5-c6',
      'a4-a3', 'c2-d3', 'a3-b4', 'e3-e4', 'b4-a3', 'c6-d7', 'a3-a4', 'b3-b4', 'a4xc4xc2', 'e4-e5', 'c2xe4xg4',
      'd6-c7', 'g4-g3', 'e5-d6', 'g3-f3', 'd1-c2', 'f3-g3', 'd6-e7', 'g3-f3', 'd2-c3', 'f3-g3', 'c3-b4', 'g3-f3',
      'b4-c5', 'f3-g3', 'c2-c3', 'g3-f3', 'c1-d2', 'f3-g3', 'c5-c6', 'g3-f3', 'd2-d3', 'f3-g3', 'e1-d2', 'g3-f3',
      'c3-c4', 'f3-e3', 'c4-c5', 'e3xc1',
    ],
    result: { winner: 'fox', reason: 'breakthrough' },
  },
  {
    name: 'big-cross ends by geese-reduced',
    variant: 'big-cross',
    options: {},
    moves: [
      'e7-d7', 'a4-a5', 'd7-e8', 'c4-b5', 'e8-e7', 'g4-f5', 'e7-d7', 'd4-d5', 'd7-d6', 'f5-g5', 'd6xd4', 'i4-h5',
      'd4-c4', 'h5-i6', 'c4xa4xa6xc4', 'g5-f5', 'c4-d4', 'e4-e5', 'd4-d5', 'd3-e4', 'd5-c6', 'd2-d3', 'c6-d5',
      'f5-f6', 'd5xf5xf7', 'f4-f5', 'f7-e8', 'e4-d5', 'e8-f7', 'd5-e5', 'f7-e7', 'd1-d2', 'e7-f7', 'e3-e4', 'f7-f6',
      'i6-h6', 'f6xf4xd4', 'f3-e3', 'd4-c4', 'e5-d5', 'c4xe6', 'e3-e4', 'e6-e5', 'd3-e3', 'e5-f5', 'h4-i4',
      'f5xd3xd1xf3xd3', 'f2-f3', 'd3-e3', 'f3-e4', 'e3xe5', 'h6-i6', 'e5-d5', 'e1-d1', 'd5-c5', 'f1-f2', 'c5-c6',
      'd1-d2', 'c6-b6', 'f2-e2', 'b6-c6', 'd2-d3', 'c6-d6', 'e2-f3', 'd6-d7', 'f3-f4', 'd7-e8', 'f4-g4', 'e8-f8',
      'i6-h6', 'f8-f9', 'd3-e4', 'f9-e9', 'i4-h5', 'e9-e8', 'g4-f4', 'e8-f9', 'f4-f5', 'f9-f8', 'h5-i5', 'f8-f7',
      'h6-g6', 'f7-f6', 'e4-d4', 'f6xf4',
    ],
    result: { winner: 'fox', reason: 'geese-reduced' },
  },
  {
    name: 'two-foxes ends by pen-filled',
    variant: 'two-foxes',
    options: {},
    moves: [
      'e7-e6', 'f4-e5', 'e6-d5', 'g4-f5', 'd5-c5', 'e4-d5', 'c5-b5', 'd4-c5', 'b5-a5', 'e3-d4', 'a5-b5', 'f3-e4',
      'b5-a5', 'g3-f4', 'a5-b5', 'e2-e3', 'b5-a5', 'b4-b5', 'a5-b4', 'd5-d6', 'b4-a5', 'd4-d5', 'a5-b4', 'e3-d4',
      'b4-a5', 'b3-b4', 'c7-c6', 'd6-e6', 'c6-d6', 'e1-e2', 'd6-c6', 'e2-e3', 'c6-d6', 'd1-e2', 'd6-c6', 'c1-d1',
      'c6-d6', 'f5-g5', 'd6-c6', 'e3-f3', 'c6-d6', 'd2-e3', 'd6-c6', 'd1-d2', 'c6-d6', 'e4-f5', 'd6-c6', 'f3-e4',
      'c6-d6', 'e3-f3', 'd6-c6', 'e2-e3', 'c6-d6', 'f3-g3', 'd6-c6', 'e3-f3', 'c6-d6', 'd2-e3', 'd6-c6', 'f3-g4',
      'c6-d6', 'g3-f3', 'd6-c6', 'c2-d2', 'c6-d6', 'f3-g3', 'd6-c6', 'd2-e2', 'c6-d6', 'g3-f3', 'd6-c6', 'd5-d6',
      'c6-d5', 'a3-b3', 'a5xa3', 'd6-c6', 'a3-a4', 'e2-d2', 'a4-a3', 'd2-c2', 'a3-a4', 'b4-a5', 'a4-a3', 'c2-d2',
      'a3-b4', 'd2-c2', 'b4xd2', 'e6-d7', 'd2-e1', 'c2-c3', 'e1-d1', 'c3-b4', 'd1-e1', 'b4-a4', 'e1-d1', 'c6-d6',
      'd1-e1', 'a4-b4', 'e1-d1', 'c5-c6', 'd1-c1', 'c4-c5', 'c1-d1', 'b4-c4', 'd1-c1', 'd6-c7', 'c1-d1', 'd7-e7',
      'd1-c1', 'c6-d7', 'c1-d1', 'c4-b4', 'd1-c1', 'b3-c3', 'c1-d1', 'b4-a4', 'd1-c1', 'c3-b4', 'c1-d1', 'c5-c6',
      'd1-e1', 'd4-c5', 'e1-d1', 'e3-d4', 'd1-e1', 'e5-e6', 'e1-d1', 'd4-e5', 'd1-e1', 'd3-e3', 'e1-d1', 'e5-d6',
      'd1-c1', 'f4-e5', 'c1-d1', 'g4-f4', 'd1-c1', 'e3-d3', 'c1-d1', 'd3-c3', 'd1-e1', 'c3-b3', 'e1-d1', 'b4-c4',
      'd1-c1', 'a4-b4', 'c1-d1', 'f4-g4', 'd1-e1', 'g4-f4', 'e1-d1', 'c4-d4', 'd5xd3', 'e4-d5',
    ],
    result: { winner: 'geese', reason: 'pen-filled' },
  },
];
