// Perfect (level 9) offered only for solved options, against a fetch stand-in for the server.
import { render, screen, waitFor } from '@testing-library/react';
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
