// This instance's tables in use: it loads a table on demand (never remembering a failed load) into its runner
// (tables/table-runner.ts, which runs everything that happens at it) and forgets it when it is removed or idle.
// The store and the bus hold the truth.
import type { BusMessage, SharedFacts } from './bus.js';
import type { StoredTable } from './store.js';
import { type RunnerDeps, TableRunner } from './table-runner.js';

/** How long a table nobody is connected to here stays in memory. */
const IDLE_MS = 10 * 60_000;
/** How often the reports of instances that stopped showing signs of life are dropped. */
const DEAD_CHECK_MS = 5_000;

const NO_SHARED: SharedFacts = {
  drawOffer: null,
  takebackOffer: null,
  rematchAsks: { fox: null, geese: null },
  presence: new Map(),
};

/** The tables this instance holds. */
export class TableCache {
  readonly #deps: RunnerDeps;
  readonly #tables = new Map<string, TableRunner>();
  readonly #loading = new Map<string, Promise<TableRunner | null>>();
  readonly #deadCheck: ReturnType<typeof setInterval>;

  constructor(deps: Omit<RunnerDeps, 'gone'>) {
    this.#deps = { ...deps, gone: (id) => this.#forget(id) };
    this.#deadCheck = setInterval(() => {
      for (const runner of this.#tables.values()) runner.dropDead();
    }, DEAD_CHECK_MS);
    this.#deadCheck.unref();
  }

  /** How many tables are held in memory. */
  get size(): number {
    return this.#tables.size;
  }

  /** A table from memory or the store; concurrent loads of one table share one read; a failed load rejects. */
  async get(id: string): Promise<TableRunner | null> {
    const cached = this.#tables.get(id);
    if (cached) return cached;
    let loading = this.#loading.get(id);
    if (!loading) {
      loading = this.#load(id).finally(() => this.#loading.delete(id));
      this.#loading.set(id, loading);
    }
    return loading;
  }

  /** Loads tables nobody may ask for soon (after a start: those with a deadline to keep); failures are logged. */
  async preload(ids: readonly string[]): Promise<void> {
    for (const id of ids) await this.get(id).catch((error: unknown) => this.#deps.onError(error, 'preload'));
  }

  /** A table that was just created, for its first view; not kept. */
  detached(stored: StoredTable): TableRunner {
    return TableRunner.of(stored, NO_SHARED, this.#deps)!;
  }

  async #load(id: string): Promise<TableRunner | null> {
    const { store, bus, onError } = this.#deps;
    // Subscribed before the read, so an event published after the read cannot be missed.
    await bus.subscribe(id);
    try {
      const [stored, shared] = await Promise.all([store.loadTable(id), bus.shared(id)]);
      const runner = stored ? TableRunner.of(stored, shared, this.#deps) : null;
      if (stored && !runner) onError(new Error(`table ${id} does not replay`), 'load');
      if (!runner) {
        await bus.unsubscribe(id);
        return null;
      }
      this.#tables.set(id, runner);
      runner.watch();
      return runner;
    } catch (error) {
      await bus.unsubscribe(id).catch(() => undefined);
      throw error;
    }
  }

  /** Hands an event of another instance to its table, if it is held here (or loading); nothing otherwise. */
  async heard(id: string, message: BusMessage): Promise<void> {
    if (message.origin === this.#deps.bus.instance) return;
    const runner = this.#tables.get(id) ?? (await this.#loading.get(id)?.catch(() => null));
    if (runner) await runner.heard(message);
  }

  /** After the bus lost and regained its connection: every table reloads and reports its presence again. */
  resumeAll(): void {
    for (const runner of this.#tables.values()) runner.resume();
  }

  /** Forgets removed tables, and tables nobody here was at for IDLE_MS unless a deadline of theirs is ahead. */
  async sweep(removed: readonly string[]): Promise<void> {
    for (const id of removed) await this.#forget(id);
    const now = this.#deps.now();
    for (const [id, runner] of this.#tables) {
      const { presence } = runner;
      if (presence.members.size === 0 && now - presence.idleSince > IDLE_MS && !runner.hasDeadline)
        await this.#forget(id);
    }
  }

  async #forget(id: string): Promise<void> {
    const runner = this.#tables.get(id);
    if (!runner) return;
    this.#tables.delete(id);
    runner.close();
    await this.#deps.bus.unsubscribe(id).catch((error: unknown) => this.#deps.onError(error, 'unsubscribe'));
  }

  /** Stops the timers. */
  close(): void {
    clearInterval(this.#deadCheck);
    for (const runner of this.#tables.values()) runner.close();
  }
}
