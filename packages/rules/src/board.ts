// Boards as data: points on a square grid joined by links, built once into lookup tables.

/** The eight compass directions, in a fixed order that indexes every lookup table. */
export const DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
/** A compass direction: N is rank + 1 (forward for geese), E is file + 1. */
export type Direction = (typeof DIRECTIONS)[number];

/** Grid offsets [file, rank] of each direction, in DIRECTIONS order. */
const DIRECTION_DELTAS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
  [-1, 0],
  [-1, 1],
];

/** A board's id: the boards of docs/rules.md section 1. */
export type BoardId = 'cross33' | 'cross45';

/** One point: its name (`d4`) and grid coordinates from the lower left (a1 is 0,0). */
export interface BoardPoint {
  readonly name: string; // 'd4'
  readonly file: number; // 3 for d
  readonly rank: number; // 3 for rank 4
}

/** One drawn line between two neighbouring points; `direction` points from `from` to `to`. */
interface BoardLink {
  readonly from: number; // point index
  readonly to: number; // point index
  readonly direction: Direction; // 'N'
}

/** A board with its lookup tables; point indices run in order of rank, then file. */
export interface Board {
  readonly id: BoardId;
  readonly files: number; // 7 for cross33
  readonly ranks: number; // 7 for cross33
  readonly points: readonly BoardPoint[];
  readonly links: readonly BoardLink[];
  /** step[p * 8 + d]: the point linked to p in direction d, or -1. */
  readonly step: Int8Array;
  /** jump[p * 8 + d]: the point r with p -> q -> r a straight line of links in direction d, or -1. */
  readonly jump: Int8Array;
  /** The index of a point by name, or -1 when the board has no such point. */
  pointIndex(name: string): number;
}

/** The name of the grid point at file f, rank k (both from 0). */
function gridName(file: number, rank: number): string {
  return String.fromCharCode(97 + file) + String(rank + 1);
}

/** Builds the lookup tables of a board from its points and undirected links. */
function buildBoard(
  id: BoardId,
  files: number,
  ranks: number,
  isPoint: (file: number, rank: number) => boolean,
  linked: (f1: number, k1: number, f2: number, k2: number) => boolean,
): Board {
  const points: BoardPoint[] = [];
  const byGrid = new Map<number, number>();
  for (let rank = 0; rank < ranks; rank++) {
    for (let file = 0; file < files; file++) {
      if (!isPoint(file, rank)) continue;
      byGrid.set(rank * files + file, points.length);
      points.push({ name: gridName(file, rank), file, rank });
    }
  }
  const at = (file: number, rank: number): number =>
    file >= 0 && file < files && rank >= 0 && rank < ranks ? (byGrid.get(rank * files + file) ?? -1) : -1;

  const step = new Int8Array(points.length * 8).fill(-1);
  const links: BoardLink[] = [];
  points.forEach((p, from) => {
    DIRECTION_DELTAS.forEach(([df, dk], d) => {
      const to = at(p.file + df, p.rank + dk);
      if (to < 0) return;
      const q = points[to]!;
      // Links are symmetric: ask in a canonical order (lower point first).
      const ok = from < to ? linked(p.file, p.rank, q.file, q.rank) : linked(q.file, q.rank, p.file, p.rank);
      if (!ok) return;
      step[from * 8 + d] = to;
      if (from < to) links.push({ from, to, direction: DIRECTIONS[d]! });
    });
  });
  const jump = new Int8Array(points.length * 8).fill(-1);
  for (let p = 0; p < points.length; p++) {
    for (let d = 0; d < 8; d++) {
      const q = step[p * 8 + d]!;
      if (q >= 0) jump[p * 8 + d] = step[q * 8 + d]!;
    }
  }
  const index = new Map(points.map((p, i) => [p.name, i]));
  return { id, files, ranks, points, links, step, jump, pointIndex: (name) => index.get(name) ?? -1 };
}

/** Whether all four corners of the unit square with lower-left corner (f, k) are points. */
function squareComplete(isPoint: (f: number, k: number) => boolean, f: number, k: number): boolean {
  return isPoint(f, k) && isPoint(f + 1, k) && isPoint(f, k + 1) && isPoint(f + 1, k + 1);
}

const isCross33Point = (f: number, k: number): boolean =>
  (f >= 2 && f <= 4 && k >= 0 && k <= 6) || (f >= 0 && f <= 6 && k >= 2 && k <= 4);

const isCross45Point = (f: number, k: number): boolean =>
  (f >= 3 && f <= 5 && k >= 0 && k <= 8) || (f >= 0 && f <= 8 && k >= 3 && k <= 5);

/** The standard 33-point cross: both diagonals of every complete unit square (docs/rules.md section 1). */
export const CROSS33: Board = buildBoard('cross33', 7, 7, isCross33Point, (f1, k1, f2, k2) => {
  if (Math.abs(f1 - f2) + Math.abs(k1 - k2) === 1) return true;
  // A diagonal: the square it crosses has lower-left corner (min file, min rank).
  return squareComplete(isCross33Point, Math.min(f1, f2), Math.min(k1, k2));
});

/** The 45-point cross: one diagonal per complete square, alternating by f + k (docs/rules.md section 1). */
export const CROSS45: Board = buildBoard('cross45', 9, 9, isCross45Point, (f1, k1, f2, k2) => {
  if (Math.abs(f1 - f2) + Math.abs(k1 - k2) === 1) return true;
  const f = Math.min(f1, f2);
  const k = Math.min(k1, k2);
  if (!squareComplete(isCross45Point, f, k)) return false;
  // Rising diagonal (lower-left to upper-right) when f + k is odd; falling otherwise.
  const rising = (f2 - f1) * (k2 - k1) > 0;
  return rising === ((f + k) % 2 === 1);
});

/** Every board by id. */
export const BOARDS: Readonly<Record<BoardId, Board>> = { cross33: CROSS33, cross45: CROSS45 };
