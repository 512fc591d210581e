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

/** The file's first bytes. */
const MAGIC = 'FGSOLVE1';
/** The format version this code writes and reads. */
export const FORMAT_VERSION = 1;
/** Bytes before the first tier: magic, header length, header JSON and padding. */
export const HEADER_BYTES = 65536;

/** The figures of one tier, counted over every k-subset and every fox point outside it. */
export interface TierSummary {
  readonly geese: number; // k
  readonly sets: number; // C(33, k)
  readonly foxToMove: { readonly positions: number; readonly foxWins: number };
  readonly geeseToMove: { readonly positions: number; readonly geeseWins: number };
}

/** One tier as the header describes it: its figures, where its arrays start, their checksums. */
export interface TierEntry extends TierSummary {
  readonly fwOffset: number; // byte offset of FW in the file
  readonly gwOffset: number; // byte offset of GW
  readonly checksum: { readonly fw: string; readonly gw: string }; // checksum(): FNV-1a's step per uint32 word, hex
}

/** The header JSON. */
export interface TableHeader {
  readonly format: number; // 1
  readonly variant: 'standard';
  readonly options: { readonly geese: number; readonly sideways: false };
  readonly minGeese: number; // 4
  readonly maxGeese: number; // 13, or less for a test table (--up-to)
  readonly points: readonly string[]; // point names by index: c1, d1, ...
  readonly record: string; // how a record reads
  readonly tiers: readonly TierEntry[];
}

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
    if (header.format !== FORMAT_VERSION)
      throw new Error(`${path}: format ${header.format}; this code reads format ${FORMAT_VERSION}`);
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

/** The tier checksum: FNV-1a's step applied per uint32 word (not per byte, four times faster), as hex. */
export function checksum(words: Uint32Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i]!, 16777619);
  return (h >>> 0).toString(16).padStart(8, '0');
}
