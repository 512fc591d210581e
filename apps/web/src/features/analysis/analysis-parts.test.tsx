import { getVariant, newGame, parsePosition } from '@fg/rules';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { EvalPanel } from './EvalPanel';

const variant = getVariant('standard');
if (!variant.ok) throw new Error(variant.error.message);
const START = newGame(variant.value);
const line = (foxScore: number, extra: object = {}) => ({
  game: START,
  thinking: false,
  answer: {
    type: 'line' as const,
    id: 1,
    depth: 7,
    line: ['d4-d5', 'c3-c4'],
    foxScore,
    winner: null,
    winsIn: null,
    ...extra,
  },
});

describe('EvalPanel', () => {
  it('shows the evaluation from the fox side as a number and a bar, with the best line', () => {
    const { container } = render(<EvalPanel game={START} line={line(-1.25)} verdict={null} />);
    expect(container.querySelector('[data-eval]')?.getAttribute('data-eval')).toBe('-1.25');
    expect(container.querySelector('.eval__score strong')?.textContent).toBe('-1.25');
    expect(container.querySelector('.eval__line code')?.textContent).toBe('d4-d5 c3-c4');
    const width = parseFloat((container.querySelector('.eval__fox') as HTMLElement).style.width);
    expect(width).toBeLessThan(50);
    expect(container.querySelector('[data-verdict]')).toBeNull();
  });

  it('says "wins in N" once proven, and the verdict with the moves that keep the win', () => {
    const { container } = render(
      <EvalPanel
        game={START}
        line={line(100, { winner: 'geese', winsIn: 3 })}
        verdict={{ winner: 'geese', keep: ['c3-c4', 'e3-e4'] }}
      />,
    );
    expect(container.querySelector('.eval__score strong')?.textContent).toBe('The geese win in 3 moves');
    expect(container.querySelector('[data-verdict]')?.getAttribute('data-verdict')).toBe('geese');
    expect(container.querySelector('[data-verdict] code')?.textContent).toBe('c3-c4 e3-e4');
  });

  it('keeps each move of a line whole, and plays a move that keeps the win when it is clicked', () => {
    const onPlay = vi.fn();
    const { container } = render(
      <EvalPanel
        game={START}
        line={line(1, { line: ['d4-d5', 'c3-c4', 'd5xd3'] })}
        verdict={{ winner: 'fox', keep: ['d4-d5', 'd4-c4'] }}
        onPlay={onPlay}
      />,
    );
    expect([...container.querySelectorAll('.eval__line .eval__move')].map((m) => m.textContent)).toEqual([
      'd4-d5',
      'c3-c4',
      'd5xd3',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'd4-c4' }));
    expect(onPlay.mock.calls).toEqual([['d4-c4']]);
  });

  it('says the game is over in a finished position', () => {
    const over = parsePosition(variant.value, 'fox:d4 geese:a3,g3,c1 turn:geese');
    if (!over.ok) throw new Error(over.error.message);
    const game = newGame(variant.value, over.value);
    render(<EvalPanel game={game} line={{ ...line(100), game }} verdict={null} />);
    expect(screen.getByText('The game is over in this position.')).toBeTruthy();
  });
});
