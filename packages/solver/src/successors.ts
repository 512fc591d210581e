// The moves of the solved game as the solver's tables see them (geometry.ts), position by position:
// what the kernel folds into masks, spelled out so that tests can hold it against @fg/rules.
import {
  GOOSE_DIRS,
  gooseStep,
  lineFrom,
  lineStart,
  lineTo,
  nbHi,
  nbLo,
  POINTS,
  SIDE_DIRS,
  sideStep,
} from './geometry.js';

/** A position of the solved game: the geese set (sorted points), the fox's point, the side to move. */
export interface SolverPosition {
  readonly geese: readonly number[];
  readonly fox: number;
  readonly turn: 'fox' | 'geese';
}

/**
 * Every position one move leads to (each once), by goose steps (E and W too when `sideways`), fox
 * steps and every prefix of a jump chain.
 */
export function successors(position: SolverPosition, sideways = false): SolverPosition[] {
  const { geese, fox } = position;
  const taken = new Set(geese);
  const out = new Map<string, SolverPosition>();
  const add = (g: readonly number[], f: number, turn: 'fox' | 'geese'): void => {
    const sorted = [...g].sort((a, b) => a - b);
    out.set(`${sorted.join(',')} ${f} ${turn}`, { geese: sorted, fox: f, turn });
  };
  if (position.turn === 'geese') {
    for (const g of geese) {
      for (let d = 0; d < GOOSE_DIRS; d++) {
        const t = gooseStep[g * GOOSE_DIRS + d]!;
        if (t >= 0 && t !== fox && !taken.has(t)) add([...geese.filter((p) => p !== g), t], fox, 'fox');
      }
      for (let d = 0; d < (sideways ? SIDE_DIRS : 0); d++) {
        const t = sideStep[g * SIDE_DIRS + d]!;
        if (t >= 0 && t !== fox && !taken.has(t)) add([...geese.filter((p) => p !== g), t], fox, 'fox');
      }
    }
    return [...out.values()];
  }
  for (let p = 0; p < POINTS; p++) {
    const linked = p < 32 ? (nbLo[fox]! >>> p) & 1 : nbHi[fox]!;
    if (linked && !taken.has(p)) add(geese, p, 'geese');
  }
  // Jump chains: from `at` over a goose q to a free r; every chain may stop after any jump.
  const chain = (left: readonly number[], at: number): void => {
    for (const q of left) {
      for (let l = lineStart[q]!; l < lineStart[q + 1]!; l++) {
        if (lineFrom[l] !== at) continue;
        const r = lineTo[l]!;
        if (left.includes(r)) continue;
        const rest = left.filter((p) => p !== q);
        add(rest, r, 'geese');
        chain(rest, r);
      }
    }
  };
  chain(geese, fox);
  return [...out.values()];
}
