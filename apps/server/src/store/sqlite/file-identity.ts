// Whether the files a store opened are still the ones at their paths: a database deleted or replaced under a
// running server would take every acknowledged move with it at the next restart.
import { closeSync, fstatSync, openSync, statSync } from 'node:fs';

type Identity = { readonly dev: number; readonly ino: number };

const identity = (path: string): Identity | null => {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats ? { dev: stats.dev, ino: stats.ino } : null;
};

/** Remembers the device and inode of files and tells when one is gone or another file took its place. */
export class FileIdentity {
  readonly #known = new Map<string, Identity | null>();
  readonly #open = new Map<string, number>(); // a read-only descriptor of each file seen, for the quick check

  /** Remembers `paths` as they are now; one that does not exist yet is remembered when it first appears. */
  constructor(paths: readonly string[]) {
    for (const path of paths) this.#known.set(path, identity(path));
  }

  /** Null while every file is the one first seen; otherwise what happened to which file. */
  check(): string | null {
    for (const [path, known] of this.#known) {
      const now = identity(path);
      if (known === null) {
        if (now) this.#known.set(path, now);
        continue;
      }
      if (now === null) return `${path} was deleted`;
      if (now.dev !== known.dev || now.ino !== known.ino) return `${path} was replaced by another file`;
    }
    return null;
  }

  /**
   * The same answer for a file deleted, or replaced by a rename over it, through `fstat` of a descriptor kept
   * open (no path to resolve: the check of every acknowledged move); a file only renamed away is found by `check`.
   * `paths` (all by default) must be among those given at the start.
   */
  quickCheck(paths: Iterable<string> = this.#known.keys()): string | null {
    for (const path of paths) {
      const known = this.#known.get(path) ?? null;
      const fd = this.#open.get(path);
      if (fd === undefined) {
        if (known === null) return this.check(); // not there at the start: the full check sees when it appears
        this.#remember(path, known);
        if (!this.#open.has(path)) return this.check();
      } else if (fstatSync(fd).nlink === 0) return this.check() ?? `${path} was deleted`;
    }
    return null;
  }

  /** Closes the descriptors kept for the quick check. */
  close(): void {
    for (const fd of this.#open.values()) closeSync(fd);
    this.#open.clear();
  }

  /** Keeps a descriptor of the file at `path` if it is still the one known. */
  #remember(path: string, known: Identity): void {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      return;
    }
    const stats = fstatSync(fd);
    if (stats.dev === known.dev && stats.ino === known.ino) this.#open.set(path, fd);
    else closeSync(fd);
  }
}
