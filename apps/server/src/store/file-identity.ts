// Whether the files a store opened are still the ones at their paths: a database deleted or replaced under a
// running server would take every acknowledged move with it at the next restart.
import { statSync } from 'node:fs';

type Identity = { readonly dev: number; readonly ino: number };

const identity = (path: string): Identity | null => {
  try {
    const { dev, ino } = statSync(path);
    return { dev, ino };
  } catch {
    return null;
  }
};

/** Remembers the device and inode of files and tells when one is gone or another file took its place. */
export class FileIdentity {
  readonly #known = new Map<string, Identity | null>();

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
}
