import { PLAYING_TABLE } from '@fg/protocol/testing';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { SeatsPanel } from './SeatsPanel';

/** Each seat's line as shown: side and state. */
const seatLines = (): string[] => [...document.querySelectorAll('.seat')].map((li) => li.textContent ?? '');

describe('SeatsPanel', () => {
  it.each<[string, boolean, string[]]>([
    ['while connected, both players online', true, ['Foxyou · online', 'Geesetaken · online']],
    // The server's view is stale: we know our connection is lost, and of the opponent we know nothing.
    ['while our own connection is lost', false, ['Foxyou · connection lost', 'Geesetaken · unknown']],
  ])('%s', (_, connected, lines) => {
    render(<SeatsPanel table={PLAYING_TABLE} role="fox" connected={connected} />);
    expect(seatLines()).toEqual(lines);
  });

  it("a spectator's lost connection leaves both players' presence unknown", () => {
    render(<SeatsPanel table={PLAYING_TABLE} role="spectator" connected={false} />);
    expect(seatLines()).toEqual(['Foxtaken · unknown', 'Geesetaken · unknown']);
  });

  it('an opponent away while connected is away; while our connection is lost, unknown', () => {
    const away = { ...PLAYING_TABLE, seats: { ...PLAYING_TABLE.seats, geese: { taken: true, online: false } } };
    const { rerender } = render(<SeatsPanel table={away} role="fox" connected />);
    expect(seatLines()).toEqual(['Foxyou · online', 'Geesetaken · away']);
    rerender(<SeatsPanel table={away} role="fox" connected={false} />);
    expect(seatLines()).toEqual(['Foxyou · connection lost', 'Geesetaken · unknown']);
  });
});
