// The solution's answers (docs/protocol.md "The solution"): who wins the position with perfect
// play and the moves that keep the win, and the verdict before each move of a table's game.
// One client for the analysis page, the create form's level choice, the variant page and the table page.
import type { Side, Variant } from '@fg/rules';
import { useEffect, useState } from 'react';

/** `GET /api/solution/:variant` answer. */
export interface Verdict {
  readonly winner: Side | null; // null: a draw (with sideways moves)
  readonly keep: readonly string[]; // move text: the winning moves, or the drawing ones of a draw; empty for the loser
  readonly exact?: boolean; // with sideways moves: false where the fifty-move rule could change the answer
}

const answers = new Map<string, Promise<Verdict | null>>();
let solvedSets: Promise<ReadonlyMap<string, readonly Record<string, unknown>[]>> | null = null;

/** The option sets with a solution, per variant (`GET /api/variants`, `solved`), read once per page. */
function solved(): Promise<ReadonlyMap<string, readonly Record<string, unknown>[]>> {
  solvedSets ??= fetch('/api/variants')
    .then((r) =>
      r.ok ? (r.json() as Promise<{ variants: { id: string; solved?: Record<string, unknown>[] }[] }>) : null,
    )
    .then((body) => new Map((body?.variants ?? []).map((v) => [v.id, v.solved ?? []])))
    .catch(() => {
      solvedSets = null; // no server now: ask again later
      return new Map();
    });
  return solvedSets;
}

/** Whether a solution is installed for the variant and its options. */
async function isSolved(variant: Pick<Variant, 'id' | 'options'>): Promise<boolean> {
  const sets = (await solved()).get(variant.id) ?? [];
  return sets.some((set) => Object.entries(set).every(([name, value]) => variant.options[name] === value));
}

/** The perfect-play verdict of a position, or null where no solution is installed (or no server answers). */
export async function fetchVerdict(
  variant: Pick<Variant, 'id' | 'options'>,
  position: string,
): Promise<Verdict | null> {
  if (!(await isSolved(variant))) return null; // no request per position where nothing is solved
  const params = new URLSearchParams({ position });
  for (const [name, value] of Object.entries(variant.options)) params.set(name, String(value));
  const url = `/api/solution/${encodeURIComponent(variant.id)}?${params.toString()}`;
  let answer = answers.get(url);
  if (!answer) {
    answer = fetch(url)
      .then((r) => (r.ok ? (r.json() as Promise<Verdict>) : null))
      .catch(() => {
        answers.delete(url); // no server now: ask again when the position comes back
        return null;
      });
    answers.set(url, answer);
  }
  return answer;
}

/**
 * The winner before each move of a table's game and after its last (null for a drawn position), or null where it is
 * not solved. Asked only
 * where the table's variant and options are solved, so an unsolved game makes no request that answers 404.
 */
export async function fetchTableVerdicts(
  table: string,
  variant: Pick<Variant, 'id' | 'options'>,
): Promise<readonly (Side | null)[] | null> {
  if (!(await isSolved(variant))) return null;
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(table)}/verdicts`);
    if (!response.ok) return null;
    return ((await response.json()) as { verdicts: (Side | null)[] }).verdicts;
  } catch {
    return null;
  }
}

/** One text for a variant and its options, to tell when either changed (an effect's dependency). */
export const variantKey = (variant: Pick<Variant, 'id' | 'options'>): string =>
  `${variant.id}:${JSON.stringify(variant.options)}`;

/** Whether a solution is installed for the variant and options (false until the server has said so). */
export function useSolved(variant: Pick<Variant, 'id' | 'options'>): boolean {
  const [solved, setSolved] = useState<{ key: string; solved: boolean } | null>(null);
  const key = variantKey(variant);
  useEffect(() => {
    let live = true;
    void isSolved(variant).then((answer) => live && setSolved({ key, solved: answer }));
    return () => {
      live = false;
    };
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- the key names the variant and options
  return solved?.key === key && solved.solved;
}
