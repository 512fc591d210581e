// The board of a perft search (perft.ts): the position as mutable arrays, the board's step and jump tables laid
// out for the search, and rules 1-3 (an ended position has no moves).
import { FOX, GOOSE, type Position } from './position.js';
import type { Variant } from './variants.js';

/** The arrays a perft search works on; every make is undone before the search returns. */
export class PerftBoard {
  protected readonly cells: Uint8Array;
  protected readonly foxes: Int8Array;
  protected geese: number;
  protected readonly step: Int8Array;
  protected readonly jump: Int8Array;
  protected readonly gooseSteps: Int8Array; // the goose steps of every point, -1 padded, per direction slot
  protected readonly gooseDirs: number;
  protected readonly gooseSources: Int8Array; // per point, the points a goose could step in from, -1 padded
  protected readonly pen: Int8Array | null;
  protected readonly breakthrough: Uint8Array | null; // 1 on the points where a fox wins
  protected readonly foxWinsBelow: number;
  protected readonly mandatory: boolean;
  protected readonly readAt: Int32Array; // readAt[p] === epoch: the last chain count read p as a goose to jump
  protected readonly landAt: Int32Array; // landAt[p] === epoch: ... and as a landing point
  protected readonly linkAt: Int32Array; // linkAt[p] === epoch: links[p] holds the foxes linked to p
  protected readonly links: Int8Array;
  protected epoch = 0;

  constructor(variant: Variant, position: Position) {
    const { board } = variant;
    this.cells = position.cells.slice();
    const foxes: number[] = [];
    let geese = 0;
    this.cells.forEach((c, p) => {
      if (c === FOX) foxes.push(p);
      if (c === GOOSE) geese++;
    });
    this.foxes = Int8Array.from(foxes);
    this.geese = geese;
    this.step = board.step;
    this.jump = board.jump;
    const dirs = variant.gooseDirectionIndices;
    this.gooseDirs = dirs.length;
    this.gooseSteps = new Int8Array(board.points.length * dirs.length);
    for (let p = 0; p < board.points.length; p++) {
      dirs.forEach((d, i) => (this.gooseSteps[p * dirs.length + i] = board.step[p * 8 + d]!));
    }
    this.gooseSources = new Int8Array(board.points.length * dirs.length);
    for (let p = 0; p < board.points.length; p++) {
      dirs.forEach((d, i) => (this.gooseSources[p * dirs.length + i] = board.step[p * 8 + ((d + 4) % 8)]!));
    }
    this.pen = variant.pen ? Int8Array.from(variant.pen) : null;
    const rank = variant.breakthroughRank;
    this.breakthrough = rank === null ? null : Uint8Array.from(board.points, (p) => (p.rank === rank ? 1 : 0));
    this.foxWinsBelow = variant.foxWinsBelow;
    this.mandatory = variant.capture === 'mandatory';
    this.readAt = new Int32Array(board.points.length);
    this.landAt = new Int32Array(board.points.length);
    this.linkAt = new Int32Array(board.points.length);
    this.links = new Int8Array(board.points.length);
  }

  /** Rules 1-3: whether the game has ended by the pieces alone. */
  protected ended(): boolean {
    if (this.geese < this.foxWinsBelow) return true;
    const { cells, pen, breakthrough, foxes } = this;
    if (pen) {
      let full = true;
      for (let i = 0; i < pen.length; i++)
        if (cells[pen[i]!] !== GOOSE) {
          full = false;
          break;
        }
      if (full) return true;
    }
    if (breakthrough) {
      for (let i = 0; i < foxes.length; i++) if (breakthrough[foxes[i]!] === 1) return true;
    }
    return false;
  }
}
