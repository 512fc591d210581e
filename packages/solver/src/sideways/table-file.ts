// The table of the game with sideways moves as the build writes it (until the compact format takes
// it over): the layout of format 1 (../table-file.ts) with FL in the place of GW.
//   bytes 0-7      "FGSOLVEW" (magic)
//   bytes 8-11     uint32 LE: the header's length in bytes (UTF-8 JSON)
//   bytes 12-...   the header (WdlHeader), padded with spaces to HEADER_BYTES
//   then per tier k = minGeese..maxGeese: FW then FL, C(33, k) uint32 LE each, by colex rank.
// A record is a mask over the set's free points: FW bit = the fox to move wins, FL bit = it loses,
// neither = a draw. Geese-to-move values are one ply away (lookup.ts).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

import { CROSS33 } from '@fg/rules';

import { HEADER_BYTES } from '../table-file.js';

/** The raw table's first bytes. */
export const WDL_MAGIC = 'FGSOLVEW';
/** The format this code writes and reads. */
export const WDL_FORMAT = 'wdl-1';

/** The figures of one tier over every k-subset and every fox point outside it (reachable or not). */
export interface WdlTierSummary {
  readonly geese: number;
  readonly sets: number;
  readonly foxToMove: {
    readonly positions: number;
    readonly foxWins: number;
    readonly draws: number;
    readonly foxLosses: number;
  };
  readonly geeseToMove: {
    readonly positions: number;
    readonly geeseWins: number;
    readonly draws: number;
    readonly geeseLosses: number;
  };
  /** The most rounds any level of the tier took to settle (the last round that changed something). */
  readonly rounds: number;
  /** At most this many quiet plies (no capture, no forward goose move) does any win or loss need inside its level: 2 x rounds. */
  readonly quietPlies: number;
}

/** A tier's figures alone (without where its arrays are): what summary.json and format 2's header keep. */
export function tierFigures(t: WdlTierSummary): WdlTierSummary {
  const { geese, sets, foxToMove, geeseToMove, rounds, quietPlies } = t;
  return { geese, sets, foxToMove, geeseToMove, rounds, quietPlies };
}

/** One tier in the header: its figures, where its arrays start, their checksums. */
export interface WdlTierEntry extends WdlTierSummary {
  readonly fwOffset: number;
  readonly flOffset: number;
  readonly checksum: { readonly fw: string; readonly fl: string };
}

/** The header JSON. */
export interface WdlHeader {
  readonly format: typeof WDL_FORMAT;
  readonly variant: 'standard';
  readonly options: { readonly geese: number; readonly sideways: true };
  readonly minGeese: number;
  readonly maxGeese: number;
  readonly points: readonly string[];
  readonly record: string;
  readonly tiers: readonly WdlTierEntry[];
}

/** Where each tier's arrays start. */
export function wdlOffsets(
  minGeese: number,
  maxGeese: number,
  sets: (k: number) => number,
): Map<number, { fw: number; fl: number }> {
  const out = new Map<number, { fw: number; fl: number }>();
  let offset = HEADER_BYTES;
  for (let k = minGeese; k <= maxGeese; k++) {
    out.set(k, { fw: offset, fl: offset + 4 * sets(k) });
    offset += 8 * sets(k);
  }
  return out;
}

/** The header as the file's first HEADER_BYTES bytes. */
export function encodeWdlHeader(header: WdlHeader): Buffer {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  if (json.length > HEADER_BYTES - 12) throw new Error(`table header too long: ${json.length} bytes`);
  const out = Buffer.alloc(HEADER_BYTES, 0x20);
  out.write(WDL_MAGIC, 0, 'latin1');
  out.writeUInt32LE(json.length, 8);
  json.copy(out, 12);
  return out;
}

/** Reads and checks a table's header; throws with a message naming what is wrong. */
export function readWdlHeader(path: string): WdlHeader {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(12);
    readSync(fd, head, 0, 12, 0);
    if (head.toString('latin1', 0, 8) !== WDL_MAGIC)
      throw new Error(`${path} is not a solution table with sideways moves (no ${WDL_MAGIC} magic)`);
    const length = head.readUInt32LE(8);
    if (length > HEADER_BYTES - 12) throw new Error(`${path}: bad header length ${length}`);
    const json = Buffer.alloc(length);
    readSync(fd, json, 0, length, 12);
    const header = JSON.parse(json.toString('utf8')) as WdlHeader;
    const format: unknown = header.format;
    if (format !== WDL_FORMAT) throw new Error(`${path}: format ${String(format)}; this code reads ${WDL_FORMAT}`);
    if (header.points.join(',') !== CROSS33.points.map((p) => p.name).join(','))
      throw new Error(`${path}: the table numbers the points differently from this board`);
    const end = header.tiers.reduce((last, t) => Math.max(last, t.flOffset + 4 * t.sets), HEADER_BYTES);
    const size = fstatSync(fd).size;
    if (size !== end)
      throw new Error(`${path} is ${size} bytes where its header says ${end}: is it whole? Copy or build it again`);
    return header;
  } finally {
    closeSync(fd);
  }
}
