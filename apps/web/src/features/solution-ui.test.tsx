// v1.2 "Solved games" in the UI, against a fetch stand-in for the server: Perfect offered only for solved options,
// the variant page's verdict with the winning first moves, and the move list's marks where the winner changed.
import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { LevelChoice } from './computer/LevelChoice';
import { MoveList } from './table/MoveList';
import { decisiveMoves } from './table/use-decisive-moves';
import { SolvedVerdict } from './variant/SolvedVerdict';

const SOLVED = { geese: 13, sideways: false };
const asked: string[] = [];

beforeAll(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const json = (body: unknown, status = 200): Response =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url === '/api/variants')
      return json({
        variants: [
          { id: 'standard', solved: [SOLVED] },
          { id: 'two-foxes', solved: [] },
        ],
      });
    if (url.startsWith('/api/solution/standard?'))
      return json({ winner: 'fox', keep: ['d4-c4', 'd4-c5', 'd4-d5', 'd4-e4', 'd4-e5'] });
    return json({ error: { code: 'not-solved', message: 'no' } }, 404);
  });
});
afterAll(() => vi.unstubAllGlobals());

/** The level select's option labels. */
const levels = (): string[] =>
  Array.from(screen.getByRole('combobox').querySelectorAll('option'), (o) => o.textContent ?? '');

describe('LevelChoice', () => {
  it.each([
    ['standard, 13 geese, no sideways moves: solved', 'standard', SOLVED, true],
    ['standard, 15 geese: not solved', 'standard', { geese: 15, sideways: false }, false],
    ['standard with sideways moves: not solved', 'standard', { geese: 13, sideways: true }, false],
    ['two foxes: not solved', 'two-foxes', {}, false],
  ])('%s', async (_name, id, options, perfect) => {
    render(<LevelChoice busy={false} variant={{ id: id as 'standard', options }} onPlay={() => undefined} />);
    await waitFor(() => expect(asked).toContain('/api/variants'));
    if (perfect) await waitFor(() => expect(levels()).toContain('Perfect (level 9)'));
    else {
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(levels()).not.toContain('Perfect (level 9)');
    }
    expect(levels()).toHaveLength(perfect ? 9 : 8);
  });
});

describe('SolvedVerdict', () => {
  it('states the verdict of the start and its winning first moves where solved', async () => {
    const { container } = render(<SolvedVerdict variant="standard" options={SOLVED} />);
    const heading = await screen.findByRole('heading', { name: 'Solved: the fox wins with perfect play' });
    expect(heading).toBeTruthy();
    expect(container.querySelector('[data-solved]')?.getAttribute('data-solved')).toBe('fox');
    expect(container.textContent).toContain('The 5 winning first moves: d4-c4, d4-c5, d4-d5, d4-e4, d4-e5');
    const url = asked.find((u) => u.startsWith('/api/solution/standard?'))!;
    expect(new URL(url, 'http://x').searchParams.get('position')).toMatch(/^fox:d4 geese:.* turn:fox/);
  });

  it('says nothing where the options are not solved', async () => {
    const before = asked.length;
    const { container } = render(<SolvedVerdict variant="standard" options={{ geese: 15, sideways: false }} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe('');
    expect(asked.slice(before).filter((u) => u.startsWith('/api/solution'))).toEqual([]);
  });
});

describe('the moves where the perfect-play winner changed', () => {
  it('decisiveMoves: each move after which the winner differs', () => {
    expect([...decisiveMoves(['fox', 'fox', 'geese', 'geese', 'fox'])]).toEqual([1, 3]);
    expect([...decisiveMoves(['fox'])]).toEqual([]);
  });

  it('the move list marks them, in words for a screen reader too', () => {
    render(
      <MoveList
        moves={['d4-c4', 'c2-c3', 'c4-d4']}
        firstSide="fox"
        shownPly={null}
        onShow={() => undefined}
        decisive={new Set([1])}
      />,
    );
    const marked = screen.getByRole('button', { name: /^c2-c3/ });
    expect(marked.getAttribute('data-decisive')).toBe('true');
    expect(marked.textContent).toContain('the perfect-play winner changed with this move');
    expect(screen.getByRole('button', { name: /^d4-c4/ }).getAttribute('data-decisive')).toBeNull();
  });
});
