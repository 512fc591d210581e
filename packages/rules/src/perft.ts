// Perft (docs/rules.md section 6): counts the paths of exactly `depth` legal moves, the regression
// anchor of the move generator. A mutable make/unmake search, separate from generateMoves, so
// that it is fast and so that the two agreeing is evidence that both are right.
import { PerftBoard } from './perft-board.js';
import { EMPTY, FOX, GOOSE, type Position } from './position.js';
import type { Variant } from './variants.js';

/** A mutable search over one position; every make is undone before the search returns. */
class PerftSearch extends PerftBoard {
  /** Counts the paths of `depth` moves from here (depth >= 1). */
  node(depth: number, foxTurn: boolean): number {
    if (this.ended()) return 0;
    return foxTurn ? this.foxNode(depth) : this.gooseNode(depth);
  }

  private gooseNode(depth: number): number {
    if (depth === 1) return this.gooseMoves();
    if (depth === 2) return this.gooseMovesThenFoxMoves();
    const { cells, gooseSteps, gooseDirs } = this;
    const n = cells.length;
    let sum = 0;
    for (let p = 0; p < n; p++) {
      if (cells[p] !== GOOSE) continue;
      const base = p * gooseDirs;
      for (let i = 0; i < gooseDirs; i++) {
        const to = gooseSteps[base + i]!;
        if (to < 0 || cells[to] !== EMPTY) continue;
        cells[p] = EMPTY;
        cells[to] = GOOSE;
        sum += this.node(depth - 1, true);
        cells[to] = EMPTY;
        cells[p] = GOOSE;
      }
    }
    return sum;
  }

  private foxNode(depth: number): number {
    const { foxes } = this;
    let sum = 0;
    if (this.mandatory) {
      for (let i = 0; i < foxes.length; i++) sum += this.maximalChains(i, depth, false);
      if (sum > 0 || this.anyJump()) return sum;
    } else {
      for (let i = 0; i < foxes.length; i++) sum += this.chains(i, depth);
    }
    if (depth === 2) return sum + this.stepsThenGooseMoves();
    for (let i = 0; i < foxes.length; i++) sum += this.steps(i, depth);
    return sum;
  }

  /**
   * perft 2 over the goose moves without playing most of them. The fox side's steps change only
   * by the foxes linked to the goose's two points; its chains are a function of the cells the
   * chain search read, so they are counted again only after a goose move that touches one.
   */
  private gooseMovesThenFoxMoves(): number {
    const { cells, gooseSteps, gooseDirs, pen, readAt, landAt, linkAt, links, step, foxes, mandatory } = this;
    const mark = ++this.epoch;
    let chains = 0;
    for (let i = 0; i < foxes.length; i++) chains += this.countChains(foxes[i]!, false, mark);
    let steps = 0;
    for (let i = 0; i < foxes.length; i++) {
      for (let d = 0; d < 8; d++) {
        const to = step[foxes[i]! * 8 + d]!;
        if (to < 0) continue;
        if (linkAt[to] !== mark) {
          linkAt[to] = mark;
          links[to] = 0;
        }
        links[to]!++;
        if (cells[to] === EMPTY) steps++;
      }
    }
    let sum = 0;
    for (let p = 0; p < cells.length; p++) {
      if (cells[p] !== GOOSE) continue;
      for (let i = 0; i < gooseDirs; i++) {
        const to = gooseSteps[p * gooseDirs + i]!;
        if (to < 0 || cells[to] !== EMPTY) continue;
        const stepsAfter = steps + (linkAt[p] === mark ? links[p]! : 0) - (linkAt[to] === mark ? links[to]! : 0);
        // With no jump now, only a goose arriving beside a fox or leaving a landing point can make one.
        const recount =
          chains > 0
            ? readAt[p] === mark || readAt[to] === mark || landAt[p] === mark || landAt[to] === mark
            : (readAt[to] === mark || landAt[p] === mark) && this.opensJump(p, to);
        let chainsAfter = chains;
        if (pen || recount) {
          cells[p] = EMPTY;
          cells[to] = GOOSE;
          const ended = this.ended();
          if (recount && !ended) {
            chainsAfter = 0;
            for (let f = 0; f < foxes.length; f++) chainsAfter += this.countChains(foxes[f]!, false, 0);
          }
          cells[to] = EMPTY;
          cells[p] = GOOSE;
          if (ended) continue; // the pen is full: the game has ended
        }
        sum += mandatory && chainsAfter > 0 ? chainsAfter : stepsAfter + chainsAfter;
      }
    }
    return sum;
  }

  /** Whether a goose stepping from p to `to` gives some fox a first jump. */
  private opensJump(p: number, to: number): boolean {
    const { cells, step, jump, foxes } = this;
    for (let i = 0; i < foxes.length; i++) {
      const f = foxes[i]! * 8;
      for (let d = 0; d < 8; d++) {
        const land = jump[f + d]!;
        if (land < 0) continue;
        const over = step[f + d]!;
        const overGoose = over === to || (over !== p && cells[over] === GOOSE);
        const landEmpty = land === p || (land !== to && cells[land] === EMPTY);
        if (overGoose && landEmpty) return true;
      }
    }
    return false;
  }

  /**
   * Counts the chains from `at` (every prefix, or maximal chains when mandatory); when `mark` is
   * not 0, marks every point whose cell it read.
   */
  private countChains(at: number, jumped: boolean, mark: number): number {
    const { cells, step, jump, readAt, landAt, mandatory } = this;
    let sum = 0;
    let extended = false;
    for (let d = 0; d < 8; d++) {
      const to = jump[at * 8 + d]!;
      if (to < 0) continue;
      const over = step[at * 8 + d]!;
      if (mark) readAt[over] = mark;
      if (cells[over] !== GOOSE) continue;
      if (mark) landAt[to] = mark;
      if (cells[to] !== EMPTY) continue;
      extended = true;
      cells[over] = EMPTY;
      cells[at] = EMPTY;
      cells[to] = FOX;
      if (!mandatory) sum++;
      sum += this.countChains(to, true, mark);
      cells[to] = EMPTY;
      cells[at] = FOX;
      cells[over] = GOOSE;
    }
    if (mandatory && jumped && !extended) sum++;
    return sum;
  }

  /** The geese's move count in the current cells. */
  private gooseMoves(): number {
    const { cells, gooseSteps, gooseDirs } = this;
    let sum = 0;
    for (let p = 0; p < cells.length; p++) {
      if (cells[p] !== GOOSE) continue;
      const base = p * gooseDirs;
      for (let i = 0; i < gooseDirs; i++) {
        const to = gooseSteps[base + i]!;
        if (to >= 0 && cells[to] === EMPTY) sum++;
      }
    }
    return sum;
  }

  /** How many geese could step onto point p. */
  private gooseInflow(p: number): number {
    const { cells, gooseSources, gooseDirs } = this;
    const base = p * gooseDirs;
    let sum = 0;
    for (let i = 0; i < gooseDirs; i++) {
      const from = gooseSources[base + i]!;
      if (from >= 0 && cells[from] === GOOSE) sum++;
    }
    return sum;
  }

  /**
   * perft 2 over the fox steps, without playing them: a step from a to b changes the geese's
   * move count only by the geese that could step onto a (now free) or onto b (now taken).
   */
  private stepsThenGooseMoves(): number {
    const { cells, step, foxes, breakthrough } = this;
    const before = this.gooseMoves();
    let sum = 0;
    for (let i = 0; i < foxes.length; i++) {
      const from = foxes[i]!;
      const freed = this.gooseInflow(from);
      for (let d = 0; d < 8; d++) {
        const to = step[from * 8 + d]!;
        if (to < 0 || cells[to] !== EMPTY) continue;
        if (breakthrough && breakthrough[to] === 1) continue; // the game ends: no moves follow
        sum += before + freed - this.gooseInflow(to);
      }
    }
    return sum;
  }

  /** Whether some fox can jump; a maximal chain count of 0 with depth > 1 may hide one. */
  private anyJump(): boolean {
    const { cells, step, jump, foxes } = this;
    for (let i = 0; i < foxes.length; i++) {
      const at = foxes[i]! * 8;
      for (let d = 0; d < 8; d++) {
        const to = jump[at + d]!;
        if (to >= 0 && cells[step[at + d]!] === GOOSE && cells[to] === EMPTY) return true;
      }
    }
    return false;
  }

  private steps(i: number, depth: number): number {
    const { cells, step, foxes } = this;
    const from = foxes[i]!;
    let sum = 0;
    for (let d = 0; d < 8; d++) {
      const to = step[from * 8 + d]!;
      if (to < 0 || cells[to] !== EMPTY) continue;
      if (depth === 1) {
        sum++;
      } else {
        cells[from] = EMPTY;
        cells[to] = FOX;
        foxes[i] = to;
        sum += this.node(depth - 1, false);
        foxes[i] = from;
        cells[to] = EMPTY;
        cells[from] = FOX;
      }
    }
    return sum;
  }

  /** Optional capture: every chain of one or more jumps from fox i's point counts. */
  private chains(i: number, depth: number): number {
    const { cells, step, jump, foxes } = this;
    const at = foxes[i]!;
    let sum = 0;
    for (let d = 0; d < 8; d++) {
      const to = jump[at * 8 + d]!;
      if (to < 0) continue;
      const over = step[at * 8 + d]!;
      if (cells[over] !== GOOSE || cells[to] !== EMPTY) continue;
      cells[over] = EMPTY;
      cells[at] = EMPTY;
      cells[to] = FOX;
      foxes[i] = to;
      this.geese--;
      sum += depth === 1 ? 1 : this.node(depth - 1, false);
      sum += this.chains(i, depth);
      this.geese++;
      foxes[i] = at;
      cells[to] = EMPTY;
      cells[at] = FOX;
      cells[over] = GOOSE;
    }
    return sum;
  }

  /** Mandatory capture: only chains that end where the fox cannot jump again count. */
  private maximalChains(i: number, depth: number, jumped: boolean): number {
    const { cells, step, jump, foxes } = this;
    const at = foxes[i]!;
    let sum = 0;
    let extended = false;
    for (let d = 0; d < 8; d++) {
      const to = jump[at * 8 + d]!;
      if (to < 0) continue;
      const over = step[at * 8 + d]!;
      if (cells[over] !== GOOSE || cells[to] !== EMPTY) continue;
      extended = true;
      cells[over] = EMPTY;
      cells[at] = EMPTY;
      cells[to] = FOX;
      foxes[i] = to;
      this.geese--;
      sum += this.maximalChains(i, depth, true);
      this.geese++;
      foxes[i] = at;
      cells[to] = EMPTY;
      cells[at] = FOX;
      cells[over] = GOOSE;
    }
    if (jumped && !extended) sum += depth === 1 ? 1 : this.node(depth - 1, false);
    return sum;
  }
}

/** Counts the distinct paths of exactly `depth` legal moves; ended positions (rules 1-4) have none. */
export function perft(variant: Variant, position: Position, depth: number): number {
  if (depth <= 0) return 1;
  return new PerftSearch(variant, position).node(depth, position.turn === 'fox');
}
