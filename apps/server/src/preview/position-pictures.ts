// Link-preview pictures off the event loop: drawn by a small pool of worker threads with a bounded queue, the newest
// ones kept (least recently used out), and one drawing shared by every request for the same position meanwhile.
import { Piscina } from 'piscina';

import type { BoardDrawing, PositionPicture } from './position-image.js';

/** Every thread and queue place is taken: the caller should answer 503 and come back later. */
export class PicturesBusy extends Error {
  constructor() {
    super('too many pictures are being drawn; try again shortly');
  }
}

/** How many threads draw, how many drawings may wait, how many pictures are kept. */
export interface PicturesOptions {
  readonly threads?: number;
  readonly maxQueue?: number;
  readonly maxCached?: number;
}

/** What a worker is sent: plain data that survives structured cloning (a Board has methods). */
interface DrawTask {
  readonly board: BoardDrawing;
  readonly pieces: readonly (readonly [number, 'fox' | 'goose'])[];
}

/** PNGs of positions by key, drawn in worker threads and cached. */
export class PositionPictures {
  readonly #piscina: Piscina<DrawTask, Uint8Array>;
  readonly #cache = new Map<string, Buffer>(); // insertion order = least recently used first
  readonly #drawing = new Map<string, Promise<Buffer>>();
  readonly #maxQueue: number;
  readonly #maxCached: number;
  readonly #threads: number;

  constructor({ threads = 1, maxQueue = 8, maxCached = 200 }: PicturesOptions = {}) {
    this.#threads = threads;
    this.#maxQueue = maxQueue;
    this.#maxCached = maxCached;
    this.#piscina = new Piscina({
      filename: new URL('./preview-worker.mjs', import.meta.url).href,
      minThreads: 0, // started by the first picture, not with the server
      maxThreads: threads,
      concurrentTasksPerWorker: 1,
      idleTimeout: 60_000,
    });
  }

  /** The picture for `key`: from the cache, from a drawing under way, or drawn now; PicturesBusy when full. */
  async get(key: string, picture: () => PositionPicture): Promise<Buffer> {
    const cached = this.#cache.get(key);
    if (cached) {
      this.#cache.delete(key);
      this.#cache.set(key, cached);
      return cached;
    }
    const under = this.#drawing.get(key);
    if (under) return under;
    if (this.#drawing.size >= this.#threads + this.#maxQueue) throw new PicturesBusy();
    const drawing = this.#draw(key, picture());
    this.#drawing.set(key, drawing);
    try {
      return await drawing;
    } finally {
      this.#drawing.delete(key);
    }
  }

  async #draw(key: string, { board, pieces }: PositionPicture): Promise<Buffer> {
    const plain: BoardDrawing = {
      files: board.files,
      ranks: board.ranks,
      points: board.points.map(({ name, file, rank }) => ({ name, file, rank })),
      links: board.links.map((link) => ({ ...link })),
    };
    const bytes = await this.#piscina.run({ board: plain, pieces: [...pieces] });
    const image = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (this.#cache.size >= this.#maxCached) this.#cache.delete(this.#cache.keys().next().value!);
    this.#cache.set(key, image);
    return image;
  }

  /** Stops the threads; drawings still queued are rejected. */
  async close(): Promise<void> {
    await this.#piscina.destroy();
  }
}
