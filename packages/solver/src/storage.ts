// Where a build keeps its tiers, by format: format 1 writes each tier's FW and GW arrays (full,
// by colex rank) into table.fgs.partial at their offsets; format 2 (the mirror-halved build) writes
// each finished tier's set of fox-to-move losses to tier-<k>.set and, at a checkpoint, the tier's FW
// records (by canonical index) to fw-<k>.bin, and assembles table.fgc at the end.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';

import { CROSS33 } from '@fg/rules';

import { canonicalSets } from './canonical.js';
import { checksum } from './checksum.js';
import { compactLayout, foxLossSet, type TierToWrite } from './compact-file.js';
import { compactBase, writeCompact } from './convert.js';
import { compactPath, tableFolder, tablePath } from './dir.js';
import { loadBuffer, readAll, saveBuffer, writeAll } from './file-io.js';
import { choose, MIN_GEESE, POINTS } from './geometry.js';
import type { CompactHeader, TableHeader, TierEntry, TierSummary } from './header.js';
import { encodeHeader, FORMAT_VERSION, tableBytes, tierOffsets } from './table-file.js';

/** The shared arrays of a tier as the threads see them. */
export interface TierBuffers {
  readonly k: number;
  readonly format: 1 | 2;
  readonly fw: SharedArrayBuffer;
  readonly gw: SharedArrayBuffer | null; // format 1 only
  readonly x: SharedArrayBuffer | null;
  readonly below: SharedArrayBuffer | null;
}

/** A finished tier as state.json keeps it: its figures and, by format, where its records went. */
export type DoneTier = TierEntry | (TierSummary & { readonly canonicalSets: number; readonly members: number });

/** How one format keeps a build's tiers on disk. */
export interface Storage {
  readonly format: 1 | 2;
  readonly finished: string; // the table's path once built
  /** Records in tier k's arrays. */
  readonly records: (k: number) => number;
  /** Bytes of disk the build still needs. */
  diskNeeded(): number;
  /** Forgets an earlier unfinished build's files. */
  clear(): void;
  /** Whether an unfinished build's files are there to resume. */
  resumable(): boolean;
  /** Loads the records a checkpoint of tier k saved. */
  restore(b: TierBuffers): void;
  /** Saves the records of tier k solved so far (a checkpoint). */
  checkpoint(b: TierBuffers): void;
  /** Saves the finished tier k; its entry for state.json. */
  finishTier(b: TierBuffers, summary: TierSummary): DoneTier;
  /** Writes the table from the finished tiers; its header. */
  finish(done: readonly DoneTier[]): TableHeader | CompactHeader;
}

const sets = (k: number): number => choose(POINTS, k);

/** Format 1: every set's FW and GW records by colex rank, in table.fgs. */
export function format1Storage(dir: string, geese: number, top: number): Storage {
  const finished = tablePath(dir, geese);
  const partialPath = finished + '.partial';
  const offsets = tierOffsets(MIN_GEESE, top, sets);
  let fd = -1;
  const file = (): number => (fd >= 0 ? fd : (fd = openSync(partialPath, existsSync(partialPath) ? 'r+' : 'w+')));
  const view = (b: SharedArrayBuffer, k: number): Uint8Array => new Uint8Array(b, 0, 4 * sets(k));
  const save = (b: TierBuffers): void => {
    writeAll(file(), view(b.fw, b.k), offsets.get(b.k)!.fw);
    writeAll(file(), view(b.gw!, b.k), offsets.get(b.k)!.gw);
    fsyncSync(file());
  };
  return {
    format: 1,
    finished,
    records: sets,
    diskNeeded: () =>
      tableBytes(MIN_GEESE, top, sets) -
      (existsSync(partialPath) ? statSync(partialPath).size : 0) +
      4 * sets(Math.max(MIN_GEESE, top - 1)),
    clear: () => rmSync(partialPath, { force: true }),
    resumable: () => existsSync(partialPath),
    restore(b) {
      readAll(file(), view(b.fw, b.k), offsets.get(b.k)!.fw);
      readAll(file(), view(b.gw!, b.k), offsets.get(b.k)!.gw);
    },
    checkpoint: save,
    finishTier(b, summary) {
      save(b);
      return {
        ...summary,
        fwOffset: offsets.get(b.k)!.fw,
        gwOffset: offsets.get(b.k)!.gw,
        checksum: {
          fw: checksum(new Uint32Array(b.fw, 0, sets(b.k))),
          gw: checksum(new Uint32Array(b.gw!, 0, sets(b.k))),
        },
      };
    },
    finish(done) {
      const header: TableHeader = {
        format: FORMAT_VERSION,
        variant: 'standard',
        options: { geese, sideways: false },
        minGeese: MIN_GEESE,
        maxGeese: top,
        points: CROSS33.points.map((p) => p.name),
        record:
          'uint32 LE mask over the free points in index order; FW bit = fox to move wins, GW bit = geese to move win',
        tiers: done as TierEntry[],
      };
      writeAll(file(), encodeHeader(header), 0);
      fsyncSync(file());
      closeSync(fd);
      fd = -1;
      renameSync(partialPath, finished);
      return header;
    },
  };
}

/** Format 2: per finished tier its set of fox-to-move losses (tier-<k>.set), assembled into table.fgc. */
export function format2Storage(dir: string, geese: number, top: number, log: (line: string) => void): Storage {
  const folder = tableFolder(dir, geese);
  const finished = compactPath(dir, geese);
  const setPath = (k: number): string => join(folder, `tier-${k}.set`);
  const fwPath = (k: number): string => join(folder, `fw-${k}.bin`);
  const view = (b: SharedArrayBuffer, k: number): Uint8Array => new Uint8Array(b, 0, 4 * canonicalSets(k));
  return {
    format: 2,
    finished,
    records: canonicalSets,
    // The FW checkpoint and X of the largest tier, and the sets (well under 1 GB for 17 geese).
    diskNeeded: () => 8 * canonicalSets(top) + 2 ** 30,
    clear() {
      for (let k = 0; k <= POINTS; k++) {
        rmSync(setPath(k), { force: true });
        rmSync(fwPath(k), { force: true });
      }
    },
    resumable: () => true,
    restore: (b) => loadBuffer(fwPath(b.k), view(b.fw, b.k)),
    checkpoint: (b) => saveBuffer(fwPath(b.k), view(b.fw, b.k)),
    finishTier(b, summary) {
      const set = foxLossSet(new Uint32Array(b.fw, 0, canonicalSets(b.k)), b.k);
      saveBuffer(setPath(b.k) + '.tmp', set.data);
      renameSync(setPath(b.k) + '.tmp', setPath(b.k));
      rmSync(fwPath(b.k), { force: true });
      return { ...summary, canonicalSets: canonicalSets(b.k), members: set.members };
    },
    finish(done) {
      const tiers: TierToWrite[] = (done as (TierSummary & { canonicalSets: number; members: number })[]).map(
        ({ geese: k, sets: n, foxToMove, geeseToMove, canonicalSets: canonical, members }) => ({
          geese: k,
          sets: n,
          foxToMove,
          geeseToMove,
          canonicalSets: canonical,
          rest: 'win',
          stored: [
            {
              name: 'foxLoses',
              turn: 'fox',
              verdict: 'loss',
              members,
              universe: canonical * (POINTS - k),
              data: new Uint8Array(readFileSync(setPath(k))),
            },
          ],
        }),
      );
      const { header, parts } = compactLayout(compactBase(geese, top), tiers);
      writeCompact(finished, parts);
      // Tiers do not depend on the start: a build up to 17 geese holds the 13- and 15-geese tables too.
      for (const smaller of [13, 15]) {
        if (smaller >= geese || smaller > top) continue;
        const path = compactPath(dir, smaller);
        const own = compactLayout(
          compactBase(smaller, smaller),
          tiers.filter((t) => t.geese <= smaller),
        ).parts;
        if (!existsSync(path)) {
          mkdirSync(tableFolder(dir, smaller), { recursive: true });
          writeCompact(path, own);
          log(`wrote the ${smaller}-geese table too: ${path}`);
        } else {
          const same = Buffer.concat(own).equals(readFileSync(path));
          log(
            `${path} is there already; this build's ${smaller}-geese tiers are ${same ? 'the same bytes' : 'DIFFERENT bytes'}`,
          );
        }
      }
      for (let k = 0; k <= POINTS; k++) rmSync(setPath(k), { force: true });
      return header;
    },
  };
}
