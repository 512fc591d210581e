// The variant page's verdict with the winning first moves, against a fetch stand-in for the server.
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { SOLVED, SOLVED_SIDEWAYS, stubSolutionServer } from '../../lib/fake-solution-server';
import { SolvedVerdict } from './SolvedVerdict';

const asked: string[] = [];

beforeAll(() => stubSolutionServer(asked));
afterAll(() => vi.unstubAllGlobals());

describe('SolvedVerdict', () => {
  it('states the verdict of the start and its winning first moves where solved', async () => {
    const { container } = render(<SolvedVerdict variant="standard" options={SOLVED} />);
    const heading = await screen.findByRole('heading', { name: 'Solved: the fox wins with perfect play' });
    expect(heading).toBeTruthy();
    expect(container.querySelector('[data-solved]')?.getAttribute('data-solved')).toBe('fox');
    expect(container.textContent).toContain('The 5 winning first moves: d4-c4, d4-c5, d4-d5, d4-e4, d4-e5');
    // Each one a link into the analysis board, after that move from the start.
    const links = [...container.querySelectorAll('a[data-first-move]')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(
      ['d4-c4', 'd4-c5', 'd4-d5', 'd4-e4', 'd4-e5'].map((m) => `/analysis/standard?geese=13&sideways=false&moves=${m}`),
    );
    const url = asked.find((u) => u.startsWith('/api/solution/standard?'))!;
    expect(new URL(url, 'http://x').searchParams.get('position')).toMatch(/^fox:d4 geese:.* turn:fox/);
  });

  it('states a draw with the first moves that keep it, with sideways moves', async () => {
    const { container } = render(<SolvedVerdict variant="standard" options={SOLVED_SIDEWAYS} />);
    expect(await screen.findByRole('heading', { name: 'Solved: a draw with perfect play' })).toBeTruthy();
    expect(container.querySelector('[data-solved]')?.getAttribute('data-solved')).toBe('draw');
    expect(container.textContent).toContain('The 2 first moves that keep the draw: d4-c4, d4-e4');
  });

  it('says nothing where the options are not solved', async () => {
    const before = asked.length;
    const { container } = render(<SolvedVerdict variant="standard" options={{ geese: 15, sideways: false }} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe('');
    expect(asked.slice(before).filter((u) => u.startsWith('/api/solution'))).toEqual([]);
  });
});
