import { FOX, getVariant, GOOSE, startPosition } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { BOARD_PALETTE, type DrawnPiece, positionSvg } from './board-svg.js';

const standard = getVariant('standard');
if (!standard.ok) throw new Error('no standard variant');
const { board } = standard.value;
const start = new Map<number, DrawnPiece>();
startPosition(standard.value).cells.forEach((cell, i) => {
  if (cell === FOX) start.set(i, 'fox');
  else if (cell === GOOSE) start.set(i, 'goose');
});

/** How many times `part` occurs in `text`. */
const count = (text: string, part: string): number => text.split(part).length - 1;

describe('positionSvg', () => {
  const svg = positionSvg(board, start, { width: 800, height: 420, margin: 30, background: BOARD_PALETTE.frame });

  it('draws every link, every point and every piece of the position once', () => {
    expect([
      count(svg, '<line '),
      count(svg, 'r="0.07"/>'),
      count(svg, 'url(#b-goose)'),
      count(svg, 'url(#b-fox)'),
    ]).toEqual([board.links.length, board.points.length, 13, 1]);
  });

  it('fits the board into the frame: 7 files and ranks of 800 x 420 with 30 px free give a unit of 50 px, centred', () => {
    expect(
      svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="420" viewBox="0 0 800 420">'),
    ).toBe(true);
    expect(svg).toContain('<g transform="translate(250 60) scale(50)">');
    expect(svg).toContain(`<rect width="800" height="420" rx="0" fill="${BOARD_PALETTE.frame}"/>`);
  });

  it('leaves the wood out when asked (an icon on a wooden background) and rounds the background', () => {
    const icon = positionSvg(board, new Map(), {
      width: 192,
      height: 192,
      margin: 8,
      background: BOARD_PALETTE.wood,
      radius: 35,
      wood: false,
    });
    // One group places the board; no piece has its own.
    expect([count(icon, 'url(#b-wood)'), count(icon, 'rx="35"'), count(icon, '<g transform="translate(')]).toEqual([
      0, 1, 1,
    ]);
  });
});
