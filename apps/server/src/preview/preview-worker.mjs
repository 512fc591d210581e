// The worker thread's entry, like computer/think-worker.mjs: plain JavaScript, so it starts the same under tsx, vitest
// and node (Node 20 does not pass `--import` loaders to workers); it lets tsx load the TypeScript drawing.
import { setPriority } from 'node:os';

import { Piscina } from 'piscina';
import { register } from 'tsx/esm/api';

// Draw below the event loop's priority (on Linux a nice value is per thread): moves and sockets run first.
try {
  setPriority(10);
} catch {
  // not allowed here: draw at the normal priority
}
register();
const { positionPng } = await import('./position-image.ts');

/** Piscina calls the default export once per picture; the PNG's bytes are moved back, not copied. */
export default function run({ board, pieces }) {
  const png = positionPng({ board, pieces: new Map(pieces) });
  return Piscina.move(new Uint8Array(png.buffer, png.byteOffset, png.byteLength));
}
