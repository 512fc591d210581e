import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { MoveList } from './MoveList';
import { ReviewBar } from './ReviewBar';

describe('MoveList', () => {
  it('makes every move a button whose accessible name starts with the move text', () => {
    const onShow = vi.fn();
    render(
      <MoveList
        moves={['d4-d5', 'c3-c4', 'd5xd3']}
        firstSide="fox"
        variant="standard"
        shownPly={null}
        onShow={onShow}
      />,
    );
    const names = screen.getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(['d4-d5, Fox, move 1', 'c3-c4, Geese, move 1', 'd5xd3, Fox, move 2']);
    // Numbered in pairs, as the game record is: the first of a pair carries the number.
    const numbers = [...document.querySelectorAll('.moves__list > li')].map(
      (li) => li.querySelector('.moves__number')?.textContent ?? '',
    );
    expect(numbers).toEqual(['1.', '', '2.']);
    fireEvent.click(screen.getByRole('button', { name: /^c3-c4/ }));
    expect(onShow).toHaveBeenCalledWith(2);
  });

  it("marks the live game's newest move, and only the move shown while reviewing", () => {
    const { rerender } = render(
      <MoveList moves={['d4-d5', 'c3-c4']} firstSide="fox" variant="standard" shownPly={null} onShow={() => {}} />,
    );
    const marked = () =>
      [...document.querySelectorAll('.moves__move--last')].map((button) => button.querySelector('code')?.textContent);
    expect(marked()).toEqual(['c3-c4']);
    rerender(<MoveList moves={['d4-d5', 'c3-c4']} firstSide="fox" variant="standard" shownPly={1} onShow={() => {}} />);
    expect(marked()).toEqual([]);
  });

  it('marks the move shown in review', () => {
    render(<MoveList moves={['d4-d5', 'c3-c4']} firstSide="fox" variant="standard" shownPly={1} onShow={() => {}} />);
    expect(screen.getByRole('button', { name: /^d4-d5/ }).getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('button', { name: /^c3-c4/ }).hasAttribute('aria-current')).toBe(false);
  });
});

describe('ReviewBar', () => {
  it('steps, returns, and shows a move that came in meanwhile as waiting', () => {
    const onShow = vi.fn();
    const { rerender } = render(
      <ReviewBar shownPly={1} moves={['d4-d5', 'c3-c4', 'd5-d6']} seenPly={2} onShow={onShow} />,
    );
    expect(screen.getByText('After 1. d4-d5')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('New move waiting: d5-d6');
    fireEvent.click(screen.getByRole('button', { name: 'Previous move' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next move' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back to the game' }));
    expect(onShow.mock.calls).toEqual([[0], [2], [null]]);
    rerender(<ReviewBar shownPly={2} moves={['d4-d5', 'c3-c4', 'd5-d6']} seenPly={2} onShow={onShow} />);
    expect(screen.getByText('After 1… c3-c4')).toBeTruthy();
  });
});

describe('MoveList marks', () => {
  it('writes each grade after its move, in words for a screen reader too', () => {
    render(
      <MoveList
        moves={['d4-c4', 'c2-c3', 'c4-d4', 'c3-d3']}
        firstSide="fox"
        variant="standard"
        shownPly={null}
        onShow={() => undefined}
        marks={
          new Map([
            [1, 'decisive'],
            [2, 'mistake'],
            [3, 'inaccuracy'],
          ])
        }
      />,
    );
    const named = (move: string) => screen.getByRole('button', { name: new RegExp(`^${move}`) });
    expect([1, 2, 3].map((i) => named(['d4-c4', 'c2-c3', 'c4-d4', 'c3-d3'][i]!).textContent)).toEqual([
      'c2-c3??, Geese, move 1, decisive mistake',
      'c4-d4?, Fox, move 2, mistake',
      'c3-d3?!, Geese, move 2, inaccuracy',
    ]);
    expect(named('c2-c3').getAttribute('data-mark')).toBe('decisive');
    expect(named('c2-c3').getAttribute('data-decisive')).toBe('true');
    expect(named('d4-c4').getAttribute('data-mark')).toBeNull();
  });
});
