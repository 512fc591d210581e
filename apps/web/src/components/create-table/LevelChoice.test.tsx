// v1.2: Perfect (level 9) offered only for solved options, against a fetch stand-in for the server.
import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { LevelChoice } from './LevelChoice';

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
