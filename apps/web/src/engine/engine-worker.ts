// The page's side of the engine worker: one worker per EngineWorker, started on first use; each
// request replaces the one before, and answers to an older request are dropped.
import { type Game, type GameRecord, makePosition, makeRecord } from '@fg/rules';

import type { EngineAnswer, EngineRequest } from './protocol';

/** A game's record with its start written out, as the worker replays it. */
export const recordOf = (game: Game): GameRecord => makeRecord(game, makePosition(game.variant.board, game.start));

/** What a request hears back. */
export interface EngineListener {
  onLine?(answer: Extract<EngineAnswer, { type: 'line' }>): void;
  onReviewed?(answer: Extract<EngineAnswer, { type: 'reviewed' }>): void;
  onChosen?(move: string): void;
  onDone?(): void;
  onError?(message: string): void;
}

/** How the worker is made: the real module worker, or a stand-in in tests. */
export type WorkerFactory = () => Pick<Worker, 'postMessage' | 'terminate' | 'addEventListener'>;

const moduleWorker: WorkerFactory = () =>
  new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' });

/** One engine worker and its current request. */
export class EngineWorker {
  private worker: ReturnType<WorkerFactory> | null = null;
  private id = 0;
  private listener: EngineListener = {};

  constructor(private readonly factory: WorkerFactory = moduleWorker) {}

  private send(request: EngineRequest, listener: EngineListener): void {
    if (!this.worker) {
      this.worker = this.factory();
      this.worker.addEventListener('message', (event: MessageEvent<EngineAnswer>) => this.hear(event.data));
    }
    this.listener = listener;
    this.worker.postMessage(request);
  }

  private hear(answer: EngineAnswer): void {
    if (answer.id !== this.id) return; // an older request's answer, already in flight
    const l = this.listener;
    if (answer.type === 'line') l.onLine?.(answer);
    else if (answer.type === 'reviewed') l.onReviewed?.(answer);
    else if (answer.type === 'chosen') l.onChosen?.(answer.move);
    else if (answer.type === 'done') l.onDone?.();
    else l.onError?.(answer.message);
  }

  /** Analyses the game's current position, deeper and deeper. */
  analyse(record: GameRecord, listener: EngineListener, timeMs?: number, lines?: number): void {
    this.send(
      { type: 'analyse', id: ++this.id, record, ...(timeMs ? { timeMs } : {}), ...(lines ? { lines } : {}) },
      listener,
    );
  }

  /** Evaluates every position of the game, first to last: for `timeMs` each, or to a fixed `depth`. */
  review(record: GameRecord, listener: EngineListener, limit: { timeMs?: number; depth?: number } = {}): void {
    this.send({ type: 'review', id: ++this.id, record, ...limit }, listener);
  }

  /** The computer's move at a level. */
  choose(record: GameRecord, level: number): Promise<string> {
    return new Promise((resolve, reject) => {
      this.send(
        { type: 'choose', id: ++this.id, record, level },
        { onChosen: resolve, onError: (message) => reject(new Error(message)) },
      );
    });
  }

  /** Stops the current request (its answers are dropped from now on). */
  stop(): void {
    this.id++;
    this.listener = {};
    this.worker?.postMessage({ type: 'stop' } satisfies EngineRequest);
  }

  /** Ends the worker. */
  terminate(): void {
    this.id++;
    this.worker?.terminate();
    this.worker = null;
  }
}
