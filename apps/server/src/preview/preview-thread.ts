// The picture worker thread: it draws below the event loop's priority (on Linux a nice value is per thread), so
// moves and sockets run first.
import { setPriority } from 'node:os';

import type { Board } from '@fg/rules';
import { Piscina } from 'piscina';

import { positionPng } from './position-image.js';

try {
  setPriority(10);
} catch {
  // not allowed here: draw at the normal priority
}

/** Piscina calls the default export once per picture; the PNG's bytes are moved back, not copied. */
export default function run({ board, pieces }: { board: Board; pieces: [number, 'fox' | 'goose'][] }): unknown {
  const png = positionPng({ board, pieces: new Map(pieces) });
  return Piscina.move(new Uint8Array(png.buffer, png.byteOffset, png.byteLength));
}
