// A picture of a position for link previews (800 x 420: the 1.91:1 of OpenGraph and Twitter cards): the board's
// links on wood, geese as white discs, the fox as an orange head with ears. Drawn pixel by pixel with
// soft edges; a few hundred milliseconds on a busy machine, so it runs in a worker thread (preview-worker.mjs) and
// answers are cached by position.
import type { Board } from '@fg/rules';

import { encodePng } from './png.js';

/** The board as plain data a worker thread can be sent: its size, points and links. */
export type BoardDrawing = Pick<Board, 'files' | 'ranks' | 'points' | 'links'>;

/** What to draw: the board and which piece stands where ('fox' | 'goose'). */
export interface PositionPicture {
  readonly board: BoardDrawing;
  readonly pieces: ReadonlyMap<number, 'fox' | 'goose'>; // point index -> piece
}

type Rgb = readonly [number, number, number];
const WOOD: Rgb = [233, 203, 150];
const FRAME: Rgb = [250, 247, 240];
const LINE: Rgb = [110, 74, 34];
const GOOSE: Rgb = [250, 250, 246];
const RIM: Rgb = [87, 83, 74];
const FOX: Rgb = [214, 98, 30];
const DARK: Rgb = [58, 26, 8];
const CHEEK: Rgb = [255, 248, 239];

/** Distance from (px, py) to the segment a-b. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return len(px - (ax + t * dx), py - (ay + t * dy));
}

/** Whether (px, py) is inside the triangle a-b-c (sign test). */
function inTriangle(px: number, py: number, t: readonly number[]): boolean {
  const [ax, ay, bx, by, cx, cy] = t as [number, number, number, number, number, number];
  const s1 = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
  const s2 = (cx - bx) * (py - by) - (cy - by) * (px - bx);
  const s3 = (ax - cx) * (py - cy) - (ay - cy) * (px - cx);
  return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
}

/** Length of a vector (Math.hypot is several times slower in V8). */
const len = (x: number, y: number): number => Math.sqrt(x * x + y * y);

/** Coverage of an edge at signed distance d (negative inside), one pixel of softness. */
const cover = (d: number): number => Math.max(0, Math.min(1, 0.5 - d));

/** A canvas of RGB floats that shapes are blended into, each over its own bounding box only. */
class Canvas {
  readonly rgb: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rgb = new Float32Array(width * height * 3);
  }

  /** Fills the box with `color`. */
  fill(box: readonly [number, number, number, number], color: Rgb): void {
    const [x0, y0, x1, y1] = box.map(Math.round) as [number, number, number, number];
    for (let y = Math.max(0, y0); y < Math.min(this.height, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(this.width, x1); x++) this.rgb.set(color, (y * this.width + x) * 3);
  }

  /** The canvas as 8-bit RGB. */
  bytes(): Uint8Array {
    const out = new Uint8Array(this.rgb.length);
    for (let i = 0; i < out.length; i++) out[i] = this.rgb[i]! + 0.5;
    return out;
  }

  /** Blends `color` over the box, with the coverage `shape` gives each pixel centre (0 outside, 1 inside). */
  paint(box: readonly [number, number, number, number], color: Rgb, shape: (x: number, y: number) => number): void {
    const [x0, y0, x1, y1] = box;
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.height, Math.ceil(y1)); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.width, Math.ceil(x1)); x++) {
        const a = shape(x + 0.5, y + 0.5);
        if (a <= 0) continue;
        const o = (y * this.width + x) * 3;
        for (let k = 0; k < 3; k++) this.rgb[o + k]! += (color[k]! - this.rgb[o + k]!) * a;
      }
    }
  }
}

/** Draws the position as a PNG of `width` x `height` pixels. */
export function positionPng({ board, pieces }: PositionPicture, width = 800, height = 420): Buffer {
  const canvas = new Canvas(width, height);
  const unit = Math.min((height - 60) / (board.ranks - 1 + 1.2), (width - 60) / (board.files - 1 + 1.2));
  const left = (width - unit * (board.files - 1)) / 2;
  const top = (height - unit * (board.ranks - 1)) / 2;
  const at = (i: number): [number, number] => {
    const p = board.points[i]!;
    return [left + p.file * unit, top + (board.ranks - 1 - p.rank) * unit];
  };
  canvas.fill([0, 0, width, height], FRAME);
  const wood = [
    left - unit * 0.6,
    top - unit * 0.6,
    left + unit * (board.files - 0.4),
    top + unit * (board.ranks - 0.4),
  ] as const;
  canvas.fill(wood, WOOD);
  const around = (x: number, y: number, r: number) => [x - r, y - r, x + r, y + r] as const;
  for (const link of board.links) {
    const [ax, ay] = at(link.from);
    const [bx, by] = at(link.to);
    const box = [Math.min(ax, bx) - 4, Math.min(ay, by) - 4, Math.max(ax, bx) + 4, Math.max(ay, by) + 4] as const;
    canvas.paint(box, LINE, (x, y) => cover(segmentDistance(x, y, ax, ay, bx, by) - unit * 0.028));
  }
  for (let i = 0; i < board.points.length; i++) {
    const [cx, cy] = at(i);
    canvas.paint(around(cx, cy, unit * 0.1), LINE, (x, y) => cover(len(x - cx, y - cy) - unit * 0.07));
  }
  const r = unit * 0.32;
  for (const [i, piece] of pieces) {
    const [cx, cy] = at(i);
    const box = around(cx, cy, unit * 0.5);
    if (piece === 'goose') {
      canvas.paint(box, [60, 40, 10], (x, y) => cover(len(x - cx - r * 0.15, y - cy - r * 0.22) - r) * 0.3);
      canvas.paint(box, RIM, (x, y) => cover(len(x - cx, y - cy) - r));
      canvas.paint(
        box,
        GOOSE,
        (x, y) => cover(len(x - cx, y - cy) - r + unit * 0.03) * (1 - Math.max(0, (x - cx + y - cy) / (r * 6))),
      );
      continue;
    }
    const s = r / 0.32; // the web app's fox shape, scaled: ears, face, cheeks, eyes, nose
    const ear = [-0.36, -0.42, -0.08, -0.2, -0.33, -0.02].map((v, k) => v * s + (k % 2 ? cy : cx));
    const earR = [-0.36, -0.42, -0.08, -0.2, -0.33, -0.02].map((v, k) => (k % 2 ? v * s + cy : cx - v * s));
    canvas.paint(box, DARK, (x, y) => (inTriangle(x, y, ear) || inTriangle(x, y, earR) ? 1 : 0));
    const face = (x: number, y: number): number =>
      Math.max(len((x - cx) / 1.05, y - cy + 0.04 * s) - 0.33 * s, y - cy - 0.1 * s - (0.3 * s - Math.abs(x - cx)));
    canvas.paint(box, FOX, (x, y) => cover(face(x, y)));
    canvas.paint(box, CHEEK, (x, y) => {
      const dx = Math.abs(x - cx);
      const dy = y - cy;
      return face(x, y) < 0 && dy > 0.02 * s && dx < 0.34 * s - (dy - 0.02 * s) * 0.9 && dx > (0.2 * s - dy) * 0.5
        ? 1
        : 0;
    });
    canvas.paint(box, DARK, (x, y) => cover(len(Math.abs(x - cx) - 0.13 * s, y - cy + 0.06 * s) - 0.045 * s));
    canvas.paint(box, DARK, (x, y) => cover(len(x - cx, y - cy - 0.33 * s) - 0.055 * s));
  }
  return encodePng(
    width,
    height,
    Uint8Array.from(canvas.rgb, (v) => Math.round(v)),
  );
}
