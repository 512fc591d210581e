// The table file (format 1), one per options, written by `pnpm solve` and read by the lookup:
//   bytes 0-7      "FGSOLVE1" (magic)
//   bytes 8-11     uint32 LE: the header's length in bytes (UTF-8 JSON, at most HEADER_BYTES - 12)
//   bytes 12-...   the header (TableHeader), padded with spaces to HEADER_BYTES
//   then per tier k = minGeese..maxGeese: FW then GW, C(33, k) uint32 LE each, by colex rank of the
//   geese set (rank = sum of C(p_i, i + 1) over its points p_0 < p_1 < ... in index order c1 = 0 ... e7 = 32).
// A record is a mask over the set's free points in index order (bit j = the fox on the j-th point not
// in the set): FW bit set = fox to move wins, GW bit set = geese to move win.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

import { CROSS33 } from '@fg/rules';

import type { TableHeader } from './header.js';
export { checksum } from './checksum.js';

/** The file's first bytes. */
const MAGIC = 'FGSOLVE1';
/** The format version this code writes and reads. */
export const FORMAT_VERSION = 1 as const;
/** Bytes before the first tier: magic, header length, header JSON and padding. */
export const HEADER_BYTES = 65536;

/** Where each tier's arrays start in a file holding tiers minGeese..maxGeese. */
export function tierOffsets(
  minGeese: number,
  maxGeese: number,
  sets: (k: number) => number,
): Map<number, { fw: number; gw: number }> {
  const out = new Map<number, { fw: number; gw: number }>();
  let offset = HEADER_BYTES;
  for (let k = minGeese; k <= maxGeese; k++) {
    out.set(k, { fw: offset, gw: offset + 4 * sets(k) });
    offset += 8 * sets(k);
  }
  return out;
}

/** The whole file's size. */
export function tableBytes(minGeese: number, maxGeese: number, sets: (k: number) => number): number {
  let bytes = HEADER_BYTES;
  for (let k = minGeese; k <= maxGeese; k++) bytes += 8 * sets(k);
  return bytes;
}

/** The header as the file's first HEADER_BYTES bytes. */
export function encodeHeader(header: TableHeader): Buffer {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  if (json.length > HEADER_BYTES - 12) throw new Error(`table header too long: ${json.length} bytes`);
  const out = Buffer.alloc(HEADER_BYTES, 0x20);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(json.length, 8);
  json.copy(out, 12);
  return out;
}

/** Reads and checks a table file's header; throws with a message naming what is wrong. */
export function readHeader(path: string): TableHeader {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(12);
    readSync(fd, head, 0, 12, 0);
    if (head.toString('latin1', 0, 8) !== MAGIC) throw new Error(`${path} is not a solution table (no ${MAGIC} magic)`);
    const length = head.readUInt32LE(8);
    if (length > HEADER_BYTES - 12) throw new Error(`${path}: bad header length ${length}`);
    const json = Buffer.alloc(length);
    readSync(fd, json, 0, length, 12);
    const header = JSON.parse(json.toString('utf8')) as TableHeader;
    const format: unknown = header.format;
    if (format !== FORMAT_VERSION)
      throw new Error(`${path}: format ${String(format)}; this code reads format ${FORMAT_VERSION}`);
    if (header.points.join(',') !== CROSS33.points.map((p) => p.name).join(','))
      throw new Error(`${path}: the table numbers the points differently from this board`);
    // A copy cut short would open and then fail at its first lookup beyond the cut: refused here instead.
    const end = header.tiers.reduce((last, t) => Math.max(last, t.gwOffset + 4 * t.sets), HEADER_BYTES);
    const size = fstatSync(fd).size;
    if (size !== end)
      throw new Error(`${path} is ${size} bytes where its header says ${end}: is it whole? Copy or build it again`);
    return header;
  } finally {
    closeSync(fd);
  }
}
