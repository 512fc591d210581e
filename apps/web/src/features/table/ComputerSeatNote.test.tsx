import type { TableView } from '@fg/protocol';
import { PLAYING_TABLE } from '@fg/protocol/testing';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ComputerSeatNote } from './ComputerSeatNote';

/** The standard table in play with the computer (level 5) on the geese seat. */
const WITH_COMPUTER: TableView = {
  ...PLAYING_TABLE,
  seats: { ...PLAYING_TABLE.seats, geese: { taken: true, online: true, computer: 5 } },
};

describe('ComputerSeatNote', () => {
  it.each<[string, TableView, 'fox' | 'geese', string]>([
    ["the computer's seat while the fox moves", WITH_COMPUTER, 'geese', 'computer, level 5'],
    [
      "the computer's seat on its move",
      { ...WITH_COMPUTER, turn: 'geese', ply: 1 },
      'geese',
      'computer, level 5 · thinking…',
    ],
    [
      "the computer's seat after the game",
      { ...WITH_COMPUTER, turn: 'geese', status: 'finished', result: { winner: 'fox', reason: 'resignation' } },
      'geese',
      'computer, level 5',
    ],
    ["a person's seat", WITH_COMPUTER, 'fox', ''],
  ])('shows %s', (_name, table, side, text) => {
    const { container } = render(<ComputerSeatNote table={table} side={side} />);
    expect(container.textContent).toBe(text);
  });
});
