// The solution worker's logic, apart from the worker so tests run it directly: it opens the stored table once (at
// the first request, and again after `reload`) and answers verdicts from it.
import { getVariant, parsePosition, type Position, type Variant } from '@fg/rules';

import type { ProbeAnswer, ProbeRequest, ProbeVerdict } from './probe-protocol';

/** What the host needs of a table (a Solution of @fg/solver). */
export interface ProbeTable {
  covers(position: Position): boolean;
  verdict(position: Position): ProbeVerdict;
}

/** The host: feed it requests; it posts answers. `load` opens the stored table (null: none stored). */
export function probeHost(
  load: () => Promise<ProbeTable | null>,
  post: (answer: ProbeAnswer) => void,
): (request: ProbeRequest) => Promise<void> {
  let table: Promise<ProbeTable | null> | null = null;
  const variants = new Map<number, Variant | null>();
  const variantOf = (geese: number): Variant | null => {
    if (!variants.has(geese)) {
      const v = getVariant('standard', { geese, sideways: false });
      variants.set(geese, v.ok ? v.value : null);
    }
    return variants.get(geese)!;
  };
  /** The position of a text the table answers, or null. */
  const covered = (solution: ProbeTable, variant: Variant, text: string): Position | null => {
    const position = parsePosition(variant, text);
    return position.ok && solution.covers(position.value) ? position.value : null;
  };
  return async (request) => {
    if (request.type === 'reload') {
      table = null;
      return;
    }
    try {
      table ??= load();
      const solution = await table;
      const variant = variantOf(request.geese);
      if (request.type === 'verdict') {
        const position = solution && variant && covered(solution, variant, request.position);
        post({ type: 'verdict', id: request.id, verdict: position ? solution.verdict(position) : null });
      } else {
        const verdicts = request.positions.map((text) => {
          const position = solution && variant && covered(solution, variant, text);
          return position ? solution.verdict(position) : null;
        });
        post({ type: 'verdicts', id: request.id, verdicts });
      }
    } catch (error) {
      table = null; // a table that did not open is tried again at the next request
      post({ type: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
    }
  };
}
