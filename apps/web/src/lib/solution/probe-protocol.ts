// The messages between the page and the solution's worker (probe.worker.ts): the verdict of one position, or of each
// of many (every position a game's review asks about), from the table stored in this browser.
import type { Side } from '@fg/rules';

/** Who wins with perfect play, and the moves that keep the win (as GET /api/solution/:variant answers). */
export interface ProbeVerdict {
  readonly winner: Side;
  readonly keep: readonly string[];
}

/** What the page asks. `geese`: the standard game's options (no sideways moves: the only solved game). */
export type ProbeRequest =
  | { readonly type: 'verdict'; readonly id: number; readonly geese: number; readonly position: string }
  | { readonly type: 'verdicts'; readonly id: number; readonly geese: number; readonly positions: readonly string[] }
  | { readonly type: 'reload' }; // the stored table changed: read it again at the next request

/** What the worker answers; null where the stored table does not answer (none stored, a position beyond it). */
export type ProbeAnswer =
  | { readonly type: 'verdict'; readonly id: number; readonly verdict: ProbeVerdict | null }
  | { readonly type: 'verdicts'; readonly id: number; readonly verdicts: readonly (ProbeVerdict | null)[] }
  | { readonly type: 'error'; readonly id: number; readonly message: string };
