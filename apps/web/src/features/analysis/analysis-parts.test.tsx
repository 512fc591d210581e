import { getVariant, newGame, parsePosition, playMoveText } from '@fg/rules';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { AnalysisMoves } from './AnalysisMoves';
import { EvalPanel } from './EvalPanel';
import { lineTree, play, step } from './move-tree';

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
    expect(container.querySelector('.eval__score strong')?.textContent).toBe('-1.25 geese');
    expect(container.querySelector('.eval__line code')?.textContent).toBe('1.\u00a0d4-d5 c3-c4');
    const width = parseFloat((container.querySelector('.eval__fox') as HTMLElement).style.width);
    expect(width).toBeLessThan(50);
    expect(container.querySelector('[data-verdict]')).toBeNull();
  });

  it('shows each line the engine gave, best first, each with its worth in geese or its proven win', () => {
    const others = [
      { line: ['d4-e5', 'c3-c4'], foxScore: -1.5, winner: null, winsIn: null },
      { line: ['d4-c4'], foxScore: -100, winner: 'geese' as const, winsIn: 7 },
    ];
    const { container } = render(<EvalPanel game={START} line={line(-1.25, { others })} verdict={null} />);
    const lines = [...container.querySelectorAll('[data-engine-line]')];
    expect(lines.map((l) => l.getAttribute('data-engine-line'))).toEqual(['-1.25', '-1.5', '-100']);
    expect(lines.map((l) => l.querySelector('.eval__line-score')?.textContent)).toEqual([
      '-1.25 geese',
      '-1.50 geese',
      'The geese win in 7 moves',
    ]);
    expect(lines.map((l) => l.querySelector('code')?.textContent)).toEqual([
      '1.\u00a0d4-d5 c3-c4',
      '1.\u00a0d4-e5 c3-c4',
      '1.\u00a0d4-c4',
    ]);
  });

  it('numbers the best line in pairs from the shown position, the second side\'s first move as "1…"', () => {
    const afterOne = playMoveText(START, 'd4-d5');
    if (!afterOne.ok) throw new Error('d4-d5 is legal at the start');
    const { container } = render(
      <EvalPanel game={afterOne.value} line={line(0.5, { line: ['c3-c4', 'd5-d6', 'e3-e4'] })} verdict={null} />,
    );
    expect(container.querySelector('.eval__line code')?.textContent).toBe('1…\u00a0c3-c4 2.\u00a0d5-d6 e3-e4');
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
    expect([...container.querySelectorAll('[data-verdict] code')].map((c) => c.textContent)).toEqual([
      'c3-c4',
      'e3-e4',
    ]);
  });

  it('says a lost position is lost from here, and lists a chain by its longest forms under its first jump', () => {
    const lost = render(<EvalPanel game={START} line={line(1)} verdict={{ winner: 'geese', keep: [] }} />);
    expect(lost.container.querySelector('[data-lost-here]')?.textContent).toBe(
      'With perfect play the geese win from here: the fox can only make it hard.',
    );
    lost.unmount();
    const chains = ['d6xb4', 'd6xb4xd2', 'd6xb4xd2xd4', 'd6xb4xb6', 'd6-d7'];
    const { container } = render(
      <EvalPanel game={START} line={line(1)} verdict={{ winner: 'fox', keep: chains }} onPlay={() => undefined} />,
    );
    expect(container.querySelector('.move-groups summary')?.textContent).toBe('d6xb4… 2 forms');
    expect([...container.querySelectorAll('.move-groups button')].map((b) => b.textContent)).toEqual([
      'd6xb4xd2xd4',
      'd6xb4xb6',
      'd6-d7',
    ]);
  });

  it('says a draw with the moves that keep it', () => {
    const { container } = render(
      <EvalPanel game={START} line={line(0)} verdict={{ winner: null, keep: ['c3-c4'], exact: true }} />,
    );
    expect(container.querySelector('[data-verdict]')?.getAttribute('data-verdict')).toBe('draw');
    expect(container.querySelector('[data-verdict] strong')?.textContent).toBe('Perfect play: a draw');
    expect(container.querySelector('[data-verdict]')?.textContent).toBe(
      'Perfect play: a drawMoves that keep the draw: c3-c4',
    );
  });

  it('says when the fifty-move rule may turn a win into a draw', () => {
    const { container } = render(
      <EvalPanel game={START} line={line(0)} verdict={{ winner: 'geese', keep: ['c3-c4'], exact: false }} />,
    );
    expect(container.querySelector('[data-verdict]')?.getAttribute('data-verdict')).toBe('geese');
    expect(container.querySelector('[data-verdict]')?.textContent).toBe(
      'Perfect play: the geese winThe fifty-move rule may turn this into a draw.Moves that keep the win: c3-c4',
    );
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

describe('AnalysisMoves', () => {
  it('keeps the game in view while a variation is shown, set in under the move it replaces; a click goes back', () => {
    const game = lineTree(['d4-d5', 'c3-c4', 'd5-d6', 'e3-e4']);
    // Two moves in, the fox plays d5-e5 instead of d5-d6, and the geese answer.
    const varied = play(play(step(step(game, 'forward'), 'forward'), 'd5-e5'), 'e3-e4');
    const onShow = vi.fn();
    const { container } = render(
      <AnalysisMoves
        tree={varied}
        firstSide="fox"
        variant="standard"
        marks={new Map([[3, 'mistake' as const]])}
        onShow={onShow}
      />,
    );
    const rows = [...container.querySelectorAll('.moves__list > li')].map((li) =>
      [...li.querySelectorAll('code')].map((c) => c.textContent).join(' '),
    );
    expect(rows).toEqual(['d4-d5', 'c3-c4', 'd5-d6', 'd5-e5 e3-e4', 'e3-e4']);
    const variation = container.querySelector('[data-variation]')!;
    expect(variation.textContent).toBe('Variation: 2.d5-e5, Fox, move 2e3-e4, Geese, move 2');
    // Numbered in pairs; the second of a pair is numbered again below the variation that broke its row.
    const numbers = [...container.querySelectorAll('.moves__list > li')].map(
      (li) => li.querySelector(':scope > .moves__number')?.textContent ?? '',
    );
    expect(numbers).toEqual(['1.', '', '2.', '', '2…']);
    expect(variation.querySelector('[aria-current="step"] code')?.textContent).toBe('e3-e4');
    expect(container.querySelector('[data-mark="mistake"] code')?.textContent).toBe('d5-d6');
    fireEvent.click(screen.getByRole('button', { name: /d5-d6/ }));
    expect(onShow.mock.calls).toEqual([[3]]);
  });

  it('shows no variation while the shown move is on the main line, and lists the other moves played from it', () => {
    const game = lineTree(['d4-d5', 'c3-c4']);
    const branched = step(play(step(game, 'forward'), 'e3-e4'), 'back');
    const { container } = render(
      <AnalysisMoves tree={branched} firstSide="fox" variant="standard" marks={new Map()} onShow={vi.fn()} />,
    );
    expect(container.querySelector('[data-variation]')).toBeNull();
    expect(container.querySelector('.analysis-moves__variations')?.textContent).toBe('Other moves from here: e3-e4');
  });
});

describe('Two Foxes in the analysis', () => {
  const twoFoxes = getVariant('two-foxes');
  if (!twoFoxes.ok) throw new Error(twoFoxes.error.message);
  const game = newGame(twoFoxes.value);
  const answer = (foxScore: number, winner: 'fox' | null = null) => ({
    game,
    thinking: false,
    answer: { type: 'line' as const, id: 1, depth: 5, line: [], foxScore, winner, winsIn: winner ? 4 : null },
  });

  it('reads the evaluation from the foxes’ side, and says the foxes win', () => {
    const { container, rerender } = render(<EvalPanel game={game} line={answer(0.5)} verdict={null} />);
    expect(container.querySelector('.eval__score .muted')?.textContent).toContain('(from the foxes’ side)');
    rerender(<EvalPanel game={game} line={answer(100, 'fox')} verdict={null} />);
    expect(container.querySelector('.eval__score strong')?.textContent).toBe('The foxes win in 4 moves');
  });

  it('says "Foxes" for the foxes’ moves in the move list', () => {
    const tree = lineTree(['c7-d7', 'a4-a5']); // the foxes move first in two-foxes
    render(<AnalysisMoves tree={tree} firstSide="fox" variant="two-foxes" marks={new Map()} onShow={vi.fn()} />);
    expect([...document.querySelectorAll('.moves__move .visually-hidden')].map((el) => el.textContent)).toEqual([
      ', Foxes, move 1',
      ', Geese, move 1',
    ]);
  });
});
