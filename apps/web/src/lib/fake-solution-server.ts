// For tests: a stand-in for the server's variants and solution endpoints as `fetch`, with standard Fox and
// Geese at 13 geese solved (the fox wins; all five first moves keep it), the same with sideways moves answering a
// draw (its words only: the stand-in's), and every other option not.
import { vi } from 'vitest';

/** The one solved option set of the stand-in. */
export const SOLVED = { geese: 13, sideways: false };
/** The stand-in's option set with sideways moves: its start answers a draw. */
export const SOLVED_SIDEWAYS = { geese: 13, sideways: true };

/** Puts the stand-in in place of `fetch`; every address asked is pushed to `asked`. Undo with vi.unstubAllGlobals. */
export function stubSolutionServer(asked: string[]): void {
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const json = (body: unknown, status = 200): Response =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url === '/api/variants')
      return json({
        variants: [
          { id: 'standard', solved: [SOLVED, SOLVED_SIDEWAYS] },
          { id: 'two-foxes', solved: [] },
        ],
      });
    if (url.startsWith('/api/solution/standard?') && url.includes('sideways=true'))
      return json({ winner: null, keep: ['d4-c4', 'd4-e4'], exact: true });
    if (url.startsWith('/api/solution/standard?'))
      return json({ winner: 'fox', keep: ['d4-c4', 'd4-c5', 'd4-d5', 'd4-e4', 'd4-e5'] });
    return json({ error: { code: 'not-solved', message: 'no' } }, 404);
  });
}
