import { type Game, getVariant, newGame, parsePosition } from '@fg/rules';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { GameBoard } from './GameBoard';

/** A standard game from a position text (or the start). */
function standardGame(position?: string): Game {
  const resolved = getVariant('standard');
  if (!resolved.ok) throw new Error(resolved.error.message);
  const variant = resolved.value;
  if (!position) return newGame(variant);
  const parsed = parsePosition(variant, position);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return newGame(variant, parsed.value);
}

// Fox d6 can jump d5 to d4, then d3 to d2: a two-jump chain that may stop after the first jump.
const CHAIN = 'fox:d6 geese:d5,d3,a3,g3,c1,e1 turn:fox';

const point = (name: string): HTMLElement => document.querySelector(`[data-point="${name}"]`)!;
const targets = (): string[] =>
  [...document.querySelectorAll('[data-target="true"]')].map((el) => el.getAttribute('data-point')!).sort();

describe('GameBoard', () => {
  it('draws every point with its piece as data attributes', () => {
    render(<GameBoard game={standardGame()} canMove onMove={() => {}} />);
    expect(document.querySelectorAll('[data-point]')).toHaveLength(33);
    expect(point('d4').getAttribute('data-piece')).toBe('fox');
    expect(point('c1').getAttribute('data-piece')).toBe('goose');
    expect(point('d5').hasAttribute('data-piece')).toBe(false);
    expect(point('d4').getAttribute('aria-label')).toBe('d4, fox');
    expect(point('d5').getAttribute('aria-label')).toBe('d5, empty');
  });

  it('shows the legal targets of a picked piece', () => {
    render(<GameBoard game={standardGame()} canMove onMove={() => {}} />);
    fireEvent.click(point('d4'));
    expect(point('d4').getAttribute('aria-pressed')).toBe('true');
    expect(targets()).toEqual(['c4', 'c5', 'd5', 'e4', 'e5']);
  });

  it('sends a step when a target is picked', () => {
    const onMove = vi.fn();
    render(<GameBoard game={standardGame()} canMove onMove={onMove} />);
    fireEvent.click(point('d4'));
    fireEvent.click(point('d5'));
    expect(onMove).toHaveBeenCalledWith(['d4', 'd5']);
  });

  it('enters a jump chain point by point and sends it when it cannot go on', () => {
    const onMove = vi.fn();
    render(<GameBoard game={standardGame(CHAIN)} canMove onMove={onMove} />);
    fireEvent.click(point('d6'));
    fireEvent.click(point('d4'));
    expect(onMove).not.toHaveBeenCalled();
    expect(targets()).toEqual(['d2']);
    fireEvent.click(point('d2'));
    expect(onMove).toHaveBeenCalledWith(['d6', 'd4', 'd2']);
  });

  it.each([
    ['the End move here button', () => fireEvent.click(screen.getByRole('button', { name: 'End move here' }))],
    ['picking the landing point again', () => fireEvent.click(point('d4'))],
  ])('ends an optional chain after one jump with %s', (_, end) => {
    const onMove = vi.fn();
    render(<GameBoard game={standardGame(CHAIN)} canMove onMove={onMove} />);
    fireEvent.click(point('d6'));
    fireEvent.click(point('d4'));
    end();
    expect(onMove).toHaveBeenCalledWith(['d6', 'd4']);
  });

  it('draws a chain as it is entered: the fox where it has reached, the jumped goose as taken; Cancel puts it back', () => {
    render(<GameBoard game={standardGame(CHAIN)} canMove onMove={() => {}} />);
    fireEvent.click(point('d6'));
    fireEvent.click(point('d4'));
    expect(point('d4').getAttribute('data-piece')).toBe('fox');
    expect(point('d6').hasAttribute('data-piece')).toBe(false);
    expect(point('d5').hasAttribute('data-piece')).toBe(false);
    expect(point('d5').querySelector('.piece-slot--taken')).not.toBeNull();
    expect(point('d3').getAttribute('data-piece')).toBe('goose'); // not jumped yet
    // End move here and Cancel come before the board, in view without scrolling.
    const end = screen.getByRole('button', { name: 'End move here' });
    expect(
      end.compareDocumentPosition(document.querySelector('svg.board')!) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(point('d6').getAttribute('data-piece')).toBe('fox');
    expect(point('d5').getAttribute('data-piece')).toBe('goose');
  });

  it.each<[string, boolean, string[], string]>([
    ["a click while it is not the player's move", false, ['d4'], 'Wait: it is not your move.'],
    ['a piece that cannot move', true, ['c1'], 'That piece cannot move now: pick one of yours that can.'],
    ['a point the picked piece cannot reach', true, ['d4', 'd7'], 'The piece cannot go there: pick a marked point.'],
  ])('says why %s does nothing', (_name, canMove, clicks, words) => {
    render(
      <GameBoard game={standardGame()} canMove={canMove} onMove={() => {}} side={canMove ? 'fox' : 'geese'} playing />,
    );
    for (const name of clicks) fireEvent.click(point(name));
    expect(screen.getByRole('note').textContent).toBe(words);
  });

  it('shows its idle line in the bar above the board until a piece is picked, and again after Cancel', () => {
    render(<GameBoard game={standardGame()} canMove onMove={() => {}} side="fox" bar={<p>You play the fox.</p>} />);
    const bar = document.querySelector('.game-board__actions')!;
    expect(bar.textContent).toBe('You play the fox.');
    fireEvent.click(point('d4'));
    expect(bar.textContent).toBe('Cancel');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(bar.textContent).toBe('You play the fox.');
  });

  it('draws the board flipped: rank 1 at the top', () => {
    render(<GameBoard game={standardGame()} canMove={false} onMove={() => {}} flipped />);
    const y = (name: string): number => Number(point(name).querySelector('.point__focus')!.getAttribute('cy'));
    expect(y('d1')).toBeLessThan(y('d7'));
  });

  it('ignores clicks on pieces that cannot move and on points that are not targets', () => {
    const onMove = vi.fn();
    render(<GameBoard game={standardGame()} canMove onMove={onMove} />);
    fireEvent.click(point('c3')); // a goose, but the fox is to move
    expect(document.querySelectorAll('[aria-pressed="true"]')).toHaveLength(0);
    fireEvent.click(point('d4'));
    fireEvent.click(point('d7')); // not linked to d4
    fireEvent.click(point('c3')); // occupied
    expect(onMove).not.toHaveBeenCalled();
    expect(point('d4').getAttribute('aria-pressed')).toBe('true');
    expect(targets()).toEqual(['c4', 'c5', 'd5', 'e4', 'e5']);
  });

  it('ignores every click while the viewer may not move', () => {
    const onMove = vi.fn();
    render(<GameBoard game={standardGame()} canMove={false} onMove={onMove} />);
    fireEvent.click(point('d4'));
    fireEvent.click(point('d5'));
    expect(targets()).toEqual([]);
    expect(onMove).not.toHaveBeenCalled();
  });

  it('plays a move by keyboard alone: arrows move focus, Enter picks', () => {
    const onMove = vi.fn();
    render(<GameBoard game={standardGame()} canMove onMove={onMove} />);
    const start = document.querySelector<HTMLElement>('[data-point][tabindex="0"]')!;
    expect(start.getAttribute('data-point')).toBe('d4');
    start.focus(); // as Tab brings it
    fireEvent.keyDown(start, { key: 'Enter' });
    fireEvent.keyDown(start, { key: 'ArrowUp' });
    const focused = document.querySelector<HTMLElement>('[data-point][tabindex="0"]')!;
    expect(focused.getAttribute('data-point')).toBe('d5');
    fireEvent.keyDown(focused, { key: ' ' });
    expect(onMove).toHaveBeenCalledWith(['d4', 'd5']);
  });

  it('leaves the arrows to the page after a click: focus stays, the page steps through moves', () => {
    render(<GameBoard game={standardGame()} canMove onMove={vi.fn()} />);
    fireEvent.click(point('d4'));
    const event = new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true, cancelable: true });
    point('d4').dispatchEvent(event);
    expect([
      event.defaultPrevented,
      document.querySelector('[data-point][tabindex="0"]')!.getAttribute('data-point'),
    ]).toEqual([false, 'd4']);
  });
});
