// Whole buffers to and from files: the table and the checkpoints are gigabytes, more than one write or read takes.
import { closeSync, existsSync, fsyncSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';

/** Writes a whole buffer at `position`, in pieces (writeSync takes at most 2 GB). */
export function writeAll(fd: number, buffer: ArrayBufferLike | Uint8Array, position: number): void {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  for (let at = 0; at < bytes.length; at += 2 ** 28) {
    const piece = bytes.subarray(at, Math.min(bytes.length, at + 2 ** 28));
    let written = 0;
    while (written < piece.length)
      written += writeSync(fd, piece, written, piece.length - written, position + at + written);
  }
}

/** Fills a buffer from `position`. */
export function readAll(fd: number, buffer: ArrayBufferLike | Uint8Array, position: number): void {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  for (let at = 0; at < bytes.length;) {
    const n = readSync(fd, bytes, at, Math.min(bytes.length - at, 2 ** 28), position + at);
    if (n === 0) throw new Error('table file ends early');
    at += n;
  }
}

/**
 * A file holding one buffer, written durably and in place: an existing file is not truncated first,
 * so a checkpoint killed while it writes leaves the records of the previous one as they were (each
 * record of a tier is written once, so those it rewrites get the same bytes).
 */
export function saveBuffer(path: string, buffer: Uint8Array): void {
  const fd = openSync(path, existsSync(path) ? 'r+' : 'w');
  try {
    writeAll(fd, buffer, 0);
    ftruncateSync(fd, buffer.length);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Reads saveBuffer's file back into `into`. */
export function loadBuffer(path: string, into: Uint8Array): void {
  const fd = openSync(path, 'r');
  try {
    readAll(fd, into, 0);
  } finally {
    closeSync(fd);
  }
}
