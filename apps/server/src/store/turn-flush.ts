// When a batch of queued work runs: once for everything queued in one turn of the event loop.
/**
 * Schedules one flush for all the work asked for in a turn. The first ask of a turn flushes at once, in a
 * microtask (a quiet server answers without delay); asks later in the same turn wait for setImmediate, after
 * this turn's I/O callbacks, so all of them share one flush (one commit, one write).
 */
export class TurnFlush {
  readonly #flush: () => void;
  #scheduled = false;
  #busyTurn = false; // whether something was already asked for in this turn of the event loop

  constructor(flush: () => void) {
    this.#flush = flush;
  }

  /** Asks for a flush; nothing more if one is already on its way. */
  request(): void {
    if (!this.#scheduled) {
      this.#scheduled = true;
      if (this.#busyTurn) setImmediate(this.#flush);
      else void Promise.resolve().then(this.#flush);
    }
    if (!this.#busyTurn) {
      this.#busyTurn = true;
      setImmediate(() => (this.#busyTurn = false));
    }
  }

  /** Called by the flush as it starts: later asks schedule another. */
  started(): void {
    this.#scheduled = false;
  }

  /** A flush is on its way by other means (a retry timer): asks wait for it. */
  hold(): void {
    this.#scheduled = true;
  }
}
