// Format 2's container (docs/solution.md, "Files"): pure TypeScript over bytes, so that the server and
// the browser read the same file.
//   bytes 0-7   "FGSOLVE2"
//   bytes 8-11  uint32 LE: the header's length in bytes (UTF-8 JSON, CompactHeader)
//   then the header, padded with spaces to a multiple of 8 bytes
//   then each tier's stored sets (EliasFanoWriter's bytes) at the offsets the header gives, each
//   starting at a multiple of 8, zero bytes between them; the file ends where the last set ends.
import { CROSS33 } from '@fg/rules';

import { checksum } from './checksum.js';
import { EliasFano, EliasFanoWriter, popcount } from './elias-fano.js';
import type { CompactHeader, CompactTier, StoredSet } from './header.js';

/** Format 2's first bytes. */
const COMPACT_MAGIC = 'FGSOLVE2';

/** A tier as a writer gives it: its header entry without the sets' places, and the sets' bytes. */
export interface TierToWrite extends Omit<CompactTier, 'stored'> {
  readonly stored: readonly (Omit<StoredSet, 'offset' | 'bytes' | 'checksum'> & { readonly data: Uint8Array })[];
}

/** Rounds up to a multiple of 8. */
const align8 = (n: number): number => Math.ceil(n / 8) * 8;

/**
 * The file's leading bytes (magic, length, header) with every set's offset, length and checksum filled
 * in; the sets follow in tier order, each at its offset (`parts` lists the file's pieces in order).
 */
export function compactLayout(
  header: Omit<CompactHeader, 'tiers' | 'format'>,
  tiers: readonly TierToWrite[],
): { header: CompactHeader; parts: Uint8Array[] } {
  const sums = tiers.map((t) => t.stored.map((s) => checksum(words(s.data))));
  let start = 0;
  for (;;) {
    let at = start;
    const full: CompactHeader = {
      ...header,
      format: 2,
      tiers: tiers.map((t, i) => ({
        ...t,
        stored: t.stored.map(({ data, ...s }, j) => {
          const entry = { ...s, offset: at, bytes: data.length, checksum: sums[i]![j]! };
          at = align8(at + data.length);
          return entry;
        }),
      })),
    };
    const json = new TextEncoder().encode(JSON.stringify(full));
    const head = align8(12 + json.length);
    if (head !== start) {
      start = head; // the offsets' digits changed the header's length: place the sets again
      continue;
    }
    const first = new Uint8Array(head).fill(0x20);
    first.set(new TextEncoder().encode(COMPACT_MAGIC), 0);
    new DataView(first.buffer).setUint32(8, json.length, true);
    first.set(json, 12);
    const parts: Uint8Array[] = [first];
    for (const t of tiers)
      for (const s of t.stored) {
        if (s.data.length % 8) parts.push(s.data, new Uint8Array(8 - (s.data.length % 8)));
        else parts.push(s.data);
      }
    if (parts.length > 1 && parts.at(-1)!.length < 8 && parts.at(-1)!.every((b) => b === 0)) parts.pop(); // the file ends with its last set
    return { header: full, parts };
  }
}

/** The uint32 words of a 4-byte aligned byte range (copied when it is not aligned). */
function words(bytes: Uint8Array): Uint32Array {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes); // a copy (Buffer.slice would not copy)
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length >>> 2);
}

/** Whether the first bytes are format 2's magic. */
export function isCompact(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && String.fromCharCode(...bytes.subarray(0, 8)) === COMPACT_MAGIC;
}

/** Reads format 2's header from the file's first bytes (at least 12 + its length); throws naming what is wrong. */
export function readCompactHeader(bytes: Uint8Array, name: string): CompactHeader {
  if (!isCompact(bytes)) throw new Error(`${name} is not a format-2 solution table (no ${COMPACT_MAGIC} magic)`);
  if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) throw new Error('this machine is not little-endian');
  if (bytes.length < 12) throw new Error(`${name} ends inside its header: is it whole?`);
  const length = new DataView(bytes.buffer, bytes.byteOffset, 12).getUint32(8, true);
  if (bytes.length < 12 + length) throw new Error(`${name} ends inside its header: is it whole?`);
  let header: CompactHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + length))) as CompactHeader;
  } catch {
    throw new Error(`${name}: its header is not JSON`);
  }
  if (header.format !== 2) throw new Error(`${name}: format ${String(header.format)}; expected format 2`);
  if (header.points.join(',') !== CROSS33.points.map((p) => p.name).join(','))
    throw new Error(`${name}: the table numbers the points differently from this board`);
  return header;
}

/** Where the file described by `header` ends. */
export function compactBytes(header: CompactHeader): number {
  let end = 0;
  for (const t of header.tiers) for (const s of t.stored) end = Math.max(end, s.offset + s.bytes);
  return end;
}

/** The sets of a whole format-2 file in memory, by tier and name; throws naming what is wrong. */
export function readCompact(
  bytes: Uint8Array,
  name: string,
): { header: CompactHeader; sets: Map<number, Map<string, EliasFano>> } {
  const header = readCompactHeader(bytes, name);
  const end = compactBytes(header);
  if (bytes.length !== end)
    throw new Error(
      `${name} is ${bytes.length} bytes where its header says ${end}: is it whole? Copy or build it again`,
    );
  const data = bytes.byteOffset % 8 === 0 ? bytes : new Uint8Array(bytes); // a copy, aligned
  const sets = new Map<number, Map<string, EliasFano>>();
  for (const t of header.tiers) {
    const byName = new Map<string, EliasFano>();
    for (const s of t.stored) {
      const set = new EliasFano(data.subarray(s.offset, s.offset + s.bytes));
      if (set.size !== s.members || set.universe !== s.universe)
        throw new Error(`${name}: tier ${t.geese}'s set ${s.name} does not match its header`);
      byName.set(s.name, set);
    }
    sets.set(t.geese, byName);
  }
  return { header, sets };
}

/** The first set whose checksum fails, in words, or null when every one holds (a download checks this). */
export function verifyCompact(bytes: Uint8Array, name: string): string | null {
  const header = readCompactHeader(bytes, name);
  for (const t of header.tiers)
    for (const s of t.stored) {
      if (s.offset + s.bytes > bytes.length) return `${name} ends before tier ${t.geese}'s set ${s.name}`;
      if (checksum(words(bytes.subarray(s.offset, s.offset + s.bytes))) !== s.checksum)
        return `${name}: tier ${t.geese}'s set ${s.name} fails its checksum`;
    }
  return null;
}

/**
 * The set format 2 stores for a tier: the fox-to-move losses, from the FW records of its canonical sets
 * (`fw[i]`: bit j set when the fox to move on the j-th free point of canonical set i wins).
 */
export function foxLossSet(fw: Uint32Array, k: number): { members: number; universe: number; data: Uint8Array } {
  return recordSet(fw, k, true);
}

/**
 * The positions whose bit is set in the records of a tier's canonical sets (`records[i]`: a mask over
 * the free points of canonical set i), or clear when `clear`, as an Elias-Fano set of position indices.
 */
export function recordSet(
  records: Uint32Array,
  k: number,
  clear = false,
): { members: number; universe: number; data: Uint8Array } {
  const n = 33 - k;
  const full = n === 32 ? -1 : (1 << n) - 1;
  const flip = clear ? full : 0;
  let members = 0;
  for (let i = 0; i < records.length; i++) members += popcount((records[i]! ^ flip) & full);
  const universe = records.length * n;
  const writer = new EliasFanoWriter(members, universe);
  for (let i = 0; i < records.length; i++)
    for (let m = (records[i]! ^ flip) & full; m !== 0; m &= m - 1) writer.push(i * n + 31 - Math.clz32(m & -m));
  return { members, universe, data: writer.finish() };
}
