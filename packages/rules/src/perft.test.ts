import { describe, expect, it } from 'vitest';

import { perft } from './perft.js';
import { parsePosition, startPosition } from './position.js';
import { getVariant, type Variant } from './variants.js';

const variant = (id: string, options: Record<string, unknown> = {}): Variant => {
  const v = getVariant(id, options);
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
};

// ---------------------------------------------------------------------------------------------
// A second, deliberately different counter: boards rebuilt from docs/rules.md's wording on point
// names and coordinates, pieces in a Map, every move generated as a list and played, no
// lookup tables and no counting shortcut at the last level. Slow, simple, independent.
// ---------------------------------------------------------------------------------------------
type Piece = 'F' | 'G';
interface Slow {
  pieces: Map<string, Piece>;
  foxTurn: boolean;
}
const name = (f: number, k: number): string => String.fromCharCode(97 + f) + (k + 1);
const coords = (p: string): [number, number] => [p.charCodeAt(0) - 97, Number(p.slice(1)) - 1];
const DELTAS: Record<string, [number, number]> = {
  N: [0, 1],
  NE: [1, 1],
  E: [1, 0],
  SE: [1, -1],
  S: [0, -1],
  SW: [-1, -1],
  W: [-1, 0],
  NW: [-1, 1],
};

function slowBoard(id: string): {
  isPoint: (f: number, k: number) => boolean;
  linked: (a: string, b: string) => boolean;
} {
  const big = id === 'cross45';
  const [lo, hi, mid] = big ? [3, 5, 8] : [2, 4, 6];
  const bandLo = big ? 3 : 2;
  const bandHi = big ? 5 : 4;
  const isPoint = (f: number, k: number): boolean =>
    f >= 0 && k >= 0 && f <= mid && k <= mid && ((f >= lo && f <= hi) || (k >= bandLo && k <= bandHi));
  const linked = (a: string, b: string): boolean => {
    const [f1, k1] = coords(a);
    const [f2, k2] = coords(b);
    if (!isPoint(f1, k1) || !isPoint(f2, k2)) return false;
    const df = Math.abs(f1 - f2);
    const dk = Math.abs(k1 - k2);
    if (df + dk === 1) return true;
    if (df !== 1 || dk !== 1) return false;
    const f = Math.min(f1, f2);
    const k = Math.min(k1, k2);
    if (
      ![
        [f, k],
        [f + 1, k],
        [f, k + 1],
        [f + 1, k + 1],
      ].every(([x, y]) => isPoint(x!, y!))
    )
      return false;
    if (!big) return true;
    const rising = f2 - f1 === k2 - k1;
    return rising ? (f + k) % 2 === 1 : (f + k) % 2 === 0;
  };
  return { isPoint, linked };
}

function slowMoves(v: Variant, s: Slow): string[][] {
  const board = slowBoard(v.board.id);
  const toward = (p: string, d: string, n = 1): string | null => {
    const [f, k] = coords(p);
    const [df, dk] = DELTAS[d]!;
    const [g, h] = [f + df * n, k + dk * n];
    return board.isPoint(g, h) ? name(g, h) : null;
  };
  const moves: string[][] = [];
  if (!s.foxTurn) {
    for (const [p, piece] of s.pieces) {
      if (piece !== 'G') continue;
      for (const d of v.gooseDirections) {
        const q = toward(p, d);
        if (q && board.linked(p, q) && !s.pieces.has(q)) moves.push([p, q]);
      }
    }
    return moves;
  }
  const chains: string[][] = [];
  const extend = (pieces: Map<string, Piece>, path: string[]): void => {
    const at = path[path.length - 1]!;
    let more = false;
    for (const d of Object.keys(DELTAS)) {
      const q = toward(at, d);
      const r = toward(at, d, 2);
      if (!q || !r || !board.linked(at, q) || !board.linked(q, r)) continue;
      if (pieces.get(q) !== 'G' || pieces.has(r)) continue;
      more = true;
      const next = new Map(pieces);
      next.delete(q);
      next.delete(at);
      next.set(r, 'F');
      if (v.capture === 'optional') chains.push([...path, r]);
      extend(next, [...path, r]);
    }
    if (v.capture === 'mandatory' && !more && path.length > 1) chains.push(path);
  };
  const foxes = [...s.pieces].filter(([, piece]) => piece === 'F').map(([p]) => p);
  for (const f of foxes) extend(s.pieces, [f]);
  if (v.capture === 'mandatory' && chains.length) return chains;
  for (const f of foxes) {
    for (const d of Object.keys(DELTAS)) {
      const q = toward(f, d);
      if (q && board.linked(f, q) && !s.pieces.has(q)) moves.push([f, q]);
    }
  }
  return [...moves, ...chains];
}

function slowPlay(s: Slow, path: string[]): Slow {
  const pieces = new Map(s.pieces);
  const piece = pieces.get(path[0]!)!;
  pieces.delete(path[0]!);
  for (let i = 1; i < path.length; i++) {
    const [f1, k1] = coords(path[i - 1]!);
    const [f2, k2] = coords(path[i]!);
    if (Math.max(Math.abs(f1 - f2), Math.abs(k1 - k2)) === 2) pieces.delete(name((f1 + f2) / 2, (k1 + k2) / 2));
  }
  pieces.set(path[path.length - 1]!, piece);
  return { pieces, foxTurn: !s.foxTurn };
}

function slowEnded(v: Variant, s: Slow): boolean {
  const geese = [...s.pieces.values()].filter((p) => p === 'G').length;
  if (geese < v.foxWinsBelow) return true;
  if (v.pen && v.pen.every((p) => s.pieces.get(v.board.points[p]!.name) === 'G')) return true;
  if (
    v.breakthroughRank !== null &&
    [...s.pieces].some(([p, piece]) => piece === 'F' && coords(p)[1] === v.breakthroughRank)
  )
    return true;
  return false;
}

function slowPerft(v: Variant, s: Slow, depth: number): number {
  if (depth === 0) return 1;
  if (slowEnded(v, s)) return 0;
  return slowMoves(v, s).reduce((n, m) => n + slowPerft(v, slowPlay(s, m), depth - 1), 0);
}

function slowStart(v: Variant, text?: string): Slow {
  const position = text ? parsePosition(v, text) : { ok: true as const, value: startPosition(v) };
  if (!position.ok) throw new Error(position.error.message);
  const pieces = new Map<string, Piece>();
  position.value.cells.forEach((c, i) => {
    if (c) pieces.set(v.board.points[i]!.name, c === 2 ? 'F' : 'G');
  });
  return { pieces, foxTurn: position.value.turn === 'fox' };
}

// docs/rules.md section 6, then the deeper counts established here (depths 1-7 from the start).
const TABLE: [string, Record<string, unknown>, number[]][] = [
  ['standard', {}, [5, 89, 572, 9778, 58574, 1006808, 5860101]],
  ['standard', { geese: 15 }, [5, 89, 564, 9948, 57334, 1023646, 5873229]],
  ['standard', { geese: 17 }, [5, 87, 504, 8896, 48986, 873062, 4831247]],
  ['standard', { sideways: true }, [5, 89, 572, 11664, 69758, 1537134, 8865199]],
  ['standard', { geese: 15, sideways: true }, [5, 99, 626, 13540, 77694, 1807006, 10229789]],
  ['standard', { geese: 17, sideways: true }, [5, 95, 550, 11852, 64954, 1507716, 8244309]],
  ['two-foxes', {}, [6, 114, 778, 16208, 97210, 2092080, 11994338]],
  ['big-cross', {}, [4, 68, 438, 8608, 39032, 829680, 4282952]],
  ['raevskak', {}, [16, 86, 1792, 11442, 266062, 1578968, 39834376]],
  ['raevskak', { geese: 15 }, [5, 99, 519, 11136, 50570, 1161618, 4913126]],
  ['raevskak', { geese: 17 }, [5, 95, 423, 9016, 38084, 868874, 3476192]],
];

describe('perft from the start positions', () => {
  it.each([
    ['standard', {}, 5, 89],
    ['standard', { geese: 17 }, 5, 87],
    ['two-foxes', {}, 6, 114],
    ['big-cross', {}, 4, 68],
    ['raevskak', {}, 16, 86],
  ])('docs/rules.md section 6: %s %j', (id, options, one, two) => {
    const v = variant(id, options);
    expect([perft(v, startPosition(v), 1), perft(v, startPosition(v), 2)]).toEqual([one, two]);
  });

  it.each(TABLE)('%s %j depths 1-6', (id, options, counts) => {
    const v = variant(id, options);
    const start = startPosition(v);
    expect([1, 2, 3, 4, 5, 6].map((d) => perft(v, start, d))).toEqual(counts.slice(0, 6));
  });

  it('counts 1 path of depth 0', () => {
    const v = variant('standard');
    expect(perft(v, startPosition(v), 0)).toBe(1);
  });
});

describe('the independent counter agrees', () => {
  it.each(TABLE)('%s %j to depth 4', (id, options, counts) => {
    const v = variant(id, options);
    expect([1, 2, 3, 4].map((d) => slowPerft(v, slowStart(v), d))).toEqual(counts.slice(0, 4));
  });

  // Middle-game positions where jumps, chains, the pen and breakthrough all come up.
  it.each([
    ['standard', {}, 'fox:d4 geese:d5,e5,e4,a3 turn:fox', 4],
    ['standard', { sideways: true }, 'fox:c5 geese:c1,d1,e1,c2,d2,e2,a3,b3,d3,e3,f3,g3,c4 turn:fox', 4],
    ['two-foxes', {}, 'fox:d4,a5 geese:c1,d1,e1,c2,d2,e2,c4,e4,d5,e5 turn:fox', 4],
    ['two-foxes', {}, 'fox:a3,g3 geese:d5,e5,c6,d6,e6,c7,d7,e7,c4,b5 turn:geese', 4],
    ['big-cross', {}, 'fox:e5 geese:d4,e4,f4,d6,f6,e3,c5,g5,e7 turn:fox', 4],
    ['raevskak', {}, 'fox:c3 geese:c2,d2,g3,g4,g5,f5,e5 turn:fox', 4],
    ['raevskak', { geese: 15 }, 'fox:d3 geese:c2,d2,e2,c3,e3,c4,d4,e4,a3 turn:fox', 4],
  ])('%s %j from "%s" to depth %i', (id, options, text, depth) => {
    const v = variant(id, options);
    const parsed = parsePosition(v, text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    for (let d = 1; d <= depth; d++) expect(perft(v, parsed.value, d)).toBe(slowPerft(v, slowStart(v, text), d));
  });
});
