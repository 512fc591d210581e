import { PLAYING_TABLE } from '@fg/protocol/testing';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { SeatsPanel } from './SeatsPanel';

/** Each seat's line as shown: side and state. */
const seatLines = (): string[] => [...document.querySelectorAll('.seat')].map((li) => li.textContent ?? '');

describe('SeatsPanel', () => {
  it.each<[string, boolean, string[]]>([
    ['while connected, both players online', true, ['Foxyou · online', 'Geesetaken · online']],
    // The server still says our seat is online (the view is stale): we know better and say the connection is lost.
    ['while our own connection is lost', false, ['Foxyou · connection lost', 'Geesetaken · online']],
  ])('%s', (_, connected, lines) => {
    render(<SeatsPanel table={PLAYING_TABLE} role="fox" connected={connected} />);
    expect(seatLines()).toEqual(lines);
  });

  it("a spectator's lost connection changes no player's line", () => {
    render(<SeatsPanel table={PLAYING_TABLE} role="spectator" connected={false} />);
    expect(seatLines()).toEqual(['Foxtaken · online', 'Geesetaken · online']);
  });
});
