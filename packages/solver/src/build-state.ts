// The state file of an unfinished build (state.json in the table's folder): the options it was started
// with, the tiers finished and how far the current tier got, and the wall time of earlier runs. A run
// that finds it for the same options resumes there; written by rename, so a kill never leaves half a file.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { DoneTier } from './storage.js';

/** How far the tier being solved got at its last checkpoint. */
interface PartialTier {
  readonly k: number;
  readonly nextLevel: number;
  readonly setsDone: number;
  readonly foxWins: number;
  readonly geeseWins: number;
}

/** The saved state of an unfinished build. */
export interface State {
  readonly format: 1 | 2;
  readonly geese: number;
  readonly upTo: number;
  readonly done: DoneTier[]; // finished tiers
  partial: PartialTier | null;
  wallMs: number; // time spent by earlier runs
}

/** The state file of the build in `folder`. */
export class BuildState {
  readonly path: string;

  constructor(folder: string) {
    this.path = join(folder, 'state.json');
  }

  /** The saved state when it is for these options (and `resumable`); else null. */
  load(options: Pick<State, 'format' | 'geese' | 'upTo'>, resumable: () => boolean): State | null {
    if (!existsSync(this.path)) return null;
    const state = JSON.parse(readFileSync(this.path, 'utf8')) as State;
    const same = state.format === options.format && state.geese === options.geese && state.upTo === options.upTo;
    return same && resumable() ? state : null;
  }

  /** Whether a state file is there (for any options). */
  exists(): boolean {
    return existsSync(this.path);
  }

  /** Writes `state` whole: to a temporary file, then renamed over the old one. */
  save(state: State): void {
    writeFileSync(this.path + '.tmp', JSON.stringify(state));
    renameSync(this.path + '.tmp', this.path);
  }

  /** Removes the file once the table is written. */
  remove(): void {
    rmSync(this.path, { force: true });
  }
}
