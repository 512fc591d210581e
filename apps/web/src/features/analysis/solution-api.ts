// The solution's answers (docs/protocol.md "The solution"): who wins the position with perfect
// play and the moves that keep the win, and the verdict before each move of a table's game.
import type { Side, Variant } from '@fg/rules';

/** `GET /api/solution/:variant` answer. */
export interface Verdict {
  readonly winner: Side;
  readonly keep: readonly string[]; // move text; empty unless the winner is the side to move
}

const answers = new Map<string, Promise<Verdict | null>>();

/** The perfect-play verdict of a position, or null where no solution is installed (or no server answers). */
export function fetchVerdict(variant: Pick<Variant, 'id' | 'options'>, position: string): Promise<Verdict | null> {
  const params = new URLSearchParams({ position });
  for (const [name, value] of Object.entries(variant.options)) params.set(name, String(value));
  const url = `/api/solution/${encodeURIComponent(variant.id)}?${params.toString()}`;
  let answer = answers.get(url);
  if (!answer) {
    answer = fetch(url)
      .then((r) => (r.ok ? (r.json() as Promise<Verdict>) : null))
      .catch(() => null);
    answers.set(url, answer);
  }
  return answer;
}

/** The winner before each move of a table's game and after its last, or null where it is not solved. */
export async function fetchTableVerdicts(table: string): Promise<readonly Side[] | null> {
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(table)}/verdicts`);
    if (!response.ok) return null;
    return ((await response.json()) as { verdicts: Side[] }).verdicts;
  } catch {
    return null;
  }
}
