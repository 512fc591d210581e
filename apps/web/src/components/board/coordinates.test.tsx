// The coordinates are drawn over the pieces (after every point), with a halo painted by the wood's own gradient laid
// over the whole board, and never take a tap: a goose on a4 of Big Cross reaches under its "4", which stays readable
// while the tap on it reaches a4.
import { BOARD_PALETTE } from '@fg/protocol/board-svg';
import { getVariant } from '@fg/rules';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Board, type Piece } from './Board';
import { frameOf, frameRect } from './geometry';

const VARIANTS = ['standard', 'two-foxes', 'big-cross', 'raevskak'];

function boardOf(id: string) {
  const variant = getVariant(id);
  if (!variant.ok) throw new Error(variant.error.message);
  return variant.value.board;
}

describe('the coordinates over the pieces', () => {
  it.each(VARIANTS)('%s: drawn after every point, in the line colour, haloed by the wood', (id) => {
    const board = boardOf(id);
    const pieces = new Map<string, Piece>(board.points.some((q) => q.name === 'a4') ? [['a4', 'goose']] : []);
    const { container } = render(
      <Board board={board} pieces={pieces} pointLabel={(p) => p} onPick={() => {}} title="board" />,
    );
    const svg = container.querySelector('svg')!;
    const coords = svg.querySelector('.board__coords')!;
    const points = [...svg.querySelectorAll('[data-point]')];
    expect(points).toHaveLength(board.points.length);
    // Later in the document is drawn on top: every point, with its piece, lies under the coordinates.
    expect(points.every((p) => p.compareDocumentPosition(coords) & Node.DOCUMENT_POSITION_FOLLOWING)).toBe(true);
    expect([...coords.querySelectorAll('text')].map((t) => t.textContent)).toEqual([
      ...Array.from({ length: board.files }, (_, f) => String.fromCharCode(97 + f)),
      ...Array.from({ length: board.ranks }, (_, k) => String(k + 1)),
    ]);
    expect(coords.getAttribute('fill')).toBe(BOARD_PALETTE.line);
    const halo = /^url\(#(.+)\)$/.exec(coords.getAttribute('stroke') ?? '')?.[1];
    const gradient = svg.querySelector(`linearGradient[id="${halo}"]`)!;
    const wood = frameRect(board, frameOf(board));
    expect([gradient.getAttribute('gradientUnits'), gradient.getAttribute('gradientTransform')]).toEqual([
      'userSpaceOnUse',
      `matrix(${wood.width} 0 0 ${wood.height} ${wood.x} ${wood.y})`,
    ]);
    expect([...gradient.querySelectorAll('stop')].map((s) => s.getAttribute('stop-color'))).toEqual([
      BOARD_PALETTE.woodLight,
      BOARD_PALETTE.wood,
      BOARD_PALETTE.woodDark,
    ]);
  });
});
