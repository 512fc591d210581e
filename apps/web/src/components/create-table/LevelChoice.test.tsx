// Perfect (level 9, plays the solution) offered only for solved options, with who can beat it from the start for the
// chosen side, against a fetch stand-in for the server.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { SOLVED, SOLVED_SIDEWAYS, stubSolutionServer } from '../../lib/fake-solution-server';
import { LevelChoice } from './LevelChoice';

const asked: string[] = [];

beforeAll(() => stubSolutionServer(asked));
afterAll(() => vi.unstubAllGlobals());

/** The level select's option labels. */
const levels = (): string[] =>
  Array.from(screen.getByRole('combobox').querySelectorAll('option'), (o) => o.textContent ?? '');

describe('LevelChoice', () => {
  it.each([
    ['standard, 13 geese, no sideways moves: solved', 'standard', SOLVED, true],
    ['standard, 15 geese: not solved', 'standard', { geese: 15, sideways: false }, false],
    ['standard, 13 geese, sideways moves: solved (win, draw or loss)', 'standard', SOLVED_SIDEWAYS, true],
    ['standard, 15 geese, sideways moves: not solved', 'standard', { geese: 15, sideways: true }, false],
    ['two foxes: not solved', 'two-foxes', {}, false],
  ])('%s', async (_name, id, options, perfect) => {
    render(
      <LevelChoice busy={false} variant={{ id: id as 'standard', options }} side="geese" onPlay={() => undefined} />,
    );
    await waitFor(() => expect(asked).toContain('/api/variants'));
    if (perfect) await waitFor(() => expect(levels()).toContain('Perfect (plays the solution)'));
    else {
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(levels()).not.toContain('Perfect (plays the solution)');
    }
    expect(levels()).toHaveLength(perfect ? 9 : 8);
  });
});

describe('the line under Perfect', () => {
  it.each([
    [
      'geese',
      'With 13 geese the fox wins from the start: playing the geese you cannot beat Perfect, only make its win hard.',
    ],
    ['fox', 'With 13 geese the fox wins from the start: playing the fox you beat Perfect only by never going wrong.'],
    [
      'random',
      'With 13 geese the fox wins from the start: as the geese nobody beats Perfect; as the fox, only without a single mistake.',
    ],
  ] as const)('playing %s', async (side, line) => {
    const { container, unmount } = render(
      <LevelChoice busy={false} variant={{ id: 'standard', options: SOLVED }} side={side} onPlay={() => undefined} />,
    );
    await waitFor(() => expect(levels()).toContain('Perfect (plays the solution)'));
    expect(levels()).toContain('Level 8 (strongest engine)');
    expect(container.querySelector('[data-perfect-line]')).toBeNull(); // not while another level is chosen
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '9' } });
    await waitFor(() => expect(container.querySelector('[data-perfect-line]')?.textContent).toBe(line));
    unmount();
  });
});
