// The web's board draws with BOARD_PALETTE, the palette of the icons and link previews: its pieces and lines
// take their colours from it, and board.css writes none of its values a second time.
import { readFileSync } from 'node:fs';

import { BOARD_PALETTE } from '@fg/protocol/board-svg';
import { CROSS33 } from '@fg/rules';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Board } from './Board';

const PALETTE = new Set<string>(Object.values(BOARD_PALETTE));

/** Every colour an SVG element of `root` is painted with by attribute (fill, stroke, stop colour), gradients aside. */
function paints(root: Element): Set<string> {
  const found = new Set<string>();
  for (const element of root.querySelectorAll('*')) {
    for (const name of ['fill', 'stroke', 'stop-color']) {
      const value = element.getAttribute(name);
      if (value && !value.startsWith('url(') && value !== 'none' && value !== 'transparent') found.add(value);
    }
  }
  return found;
}

describe('one palette for the board', () => {
  it("paints the pieces, lines, dots and gradients only with BOARD_PALETTE's colours", () => {
    const pieces = new Map([
      ['d4', 'fox' as const],
      ['a3', 'goose' as const],
    ]);
    const label = (point: string) => point;
    const { container } = render(<Board board={CROSS33} pieces={pieces} pointLabel={label} title="board" />);
    const used = paints(container);
    expect([...used].filter((colour) => !PALETTE.has(colour))).toEqual([]);
    for (const name of ['line', 'wood', 'goose', 'foxShade', 'foxDark', 'cheek', 'eye'] as const) {
      expect(used).toContain(BOARD_PALETTE[name]);
    }
  });

  it.each(['board.css'])("%s writes none of BOARD_PALETTE's values", (file) => {
    const css = readFileSync(new URL(file, import.meta.url), 'utf8').toLowerCase();
    expect(Object.entries(BOARD_PALETTE).filter(([, value]) => css.includes(value))).toEqual([]);
  });
});
