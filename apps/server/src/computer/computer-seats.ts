// Every computer seat of this server: starts a ComputerPlayer when a computer table appears (created, rematched,
// or unfinished after a restart) and stops them all on shutdown. Each table made here is its creator's address's:
// the games the computer plays for one address are counted (the create route caps them), and one address's thinks
// run one after another, so its many games wait for each other rather than make everyone else's wait.
import type { Solutions } from '../solution/solutions.js';
import type { Authority } from '../tables/authority.js';
import type { StoredTable } from '../tables/store.js';
import type { TableObserver, TableSnapshot } from '../tables/table-observer.js';
import type { ComputerLease } from './computer-lease.js';
import { ComputerPlayer } from './computer-player.js';
import { perfectThinker } from './perfect.js';
import type { ThinkAnswer, ThinkTask } from './think.js';
import type { ThinkPool } from './think-pool.js';

/** How long the computer stays at a running game nobody else is at (a reload or a short loss of network is less). */
const ALONE_MS = 60_000;

/** Settings of the computer seats. */
export interface ComputerSeatsOptions {
  readonly thinkMs?: number; // a cap on each move's time; 0 or absent: each level's own time
  readonly lease: ComputerLease; // Redis mode: one instance plays each table; one process: it plays all
  readonly aloneMs?: number; // a running game nobody else has been at for this long is left; 60 s
  readonly solutions?: Solutions; // the tables level 9 plays from
  readonly onError: (error: unknown, what: string) => void;
}

/** The computer players of this server, one per computer table in play. */
export class ComputerSeats implements TableObserver {
  readonly #players = new Map<string, ComputerPlayer>();
  readonly #owners = new Map<string, string>(); // table -> the address that made it, while the computer plays there
  readonly #lines = new Map<string, Promise<void>>(); // address (or table) -> the end of its thinks asked so far
  readonly #pool: ThinkPool;
  readonly #options: ComputerSeatsOptions;
  readonly #think: (task: ThinkTask) => Promise<ThinkAnswer>;
  #authority: Authority | null = null;

  constructor(pool: ThinkPool, options: ComputerSeatsOptions) {
    this.#pool = pool;
    this.#options = options;
    const engine = (task: ThinkTask): Promise<ThinkAnswer> => pool.run(task);
    this.#think = options.solutions ? perfectThinker(options.solutions, engine) : engine;
  }

  /** Connects to the authority (which itself is built with this as an observer). */
  bind(authority: Authority): void {
    this.#authority = authority;
  }

  /** The table was made from `address`: it counts for that address, and its thinks wait behind the address's. */
  claim(tableId: string, address: string): void {
    if (this.#players.has(tableId)) this.#owners.set(tableId, address);
  }

  /** How many unfinished games the computer plays now for `address` (on this instance). */
  playingFor(address: string): number {
    let count = 0;
    for (const owner of this.#owners.values()) if (owner === address) count++;
    return count;
  }

  /** How many tables the computer plays at now. */
  get playing(): number {
    return this.#players.size;
  }

  /**
   * A table changed: a computer table gets its player when it is created, and again when someone is at it here
   * after the computer left (the game went on without anyone for a while, or ended; it plays on, or agrees to a
   * rematch). Not for a change heard from elsewhere with nobody here: instances whose computers left a table
   * nobody is at would otherwise seat them again at each other's leaving, for ever. The computer's own connection
   * does not count: it leaves the table after its player is gone, and a change in between would seat it again.
   */
  changed({ stored, connected, computerConnections, created }: TableSnapshot): void {
    if (stored.result) this.#owners.delete(stored.id); // a finished game counts for nobody
    if (!stored.computer || stored.rematch) return;
    if (created || connected - computerConnections > 0) this.#attach(stored.id, stored.computer, created);
  }

  /** After a restart: the computer sits down again at every unfinished computer table, and moves if it is its turn. */
  resume(tables: readonly StoredTable[]): number {
    let count = 0;
    for (const table of tables) {
      if (!table.computer || table.result) continue;
      this.#attach(table.id, table.computer);
      count++;
    }
    return count;
  }

  /** How many tables this instance thinks for now (it holds their leases). */
  get holding(): number {
    let count = 0;
    for (const player of this.#players.values()) if (player.holding) count++;
    return count;
  }

  /** Stops every player (their leases given back, so other instances take over at once) and the threads. */
  async close(): Promise<void> {
    await Promise.all([...this.#players.values()].map((player) => player.stop()));
    await this.#pool.close();
  }

  /** Seats the computer; at a table just made, from the next turn of the event loop, once the create route has
   * claimed it for its address (else its first think would not wait in the address's line). */
  #attach(tableId: string, seat: NonNullable<StoredTable['computer']>, created = false): void {
    const authority = this.#authority;
    if (!authority || this.#players.has(tableId)) return;
    const { thinkMs, onError, lease, aloneMs = ALONE_MS } = this.#options;
    const player = new ComputerPlayer(tableId, seat, {
      authority,
      think: (task) => this.#thinkInLine(tableId, task),
      ...(thinkMs ? { thinkMs } : {}),
      lease,
      aloneMs,
      onRematch: (id, next) => this.#attach(id, next),
      onLeave: (id) => {
        if (this.#players.get(id) !== player) return;
        this.#players.delete(id);
        this.#owners.delete(id);
      },
      onError,
    });
    this.#players.set(tableId, player);
    const start = (): void =>
      void player.start().catch((error: unknown) => onError(error, `computer start ${tableId}`));
    if (created) setImmediate(start);
    else start();
  }

  /** Thinks for a table once the thinks asked before for the same address (the table's own, if unknown) are done. */
  #thinkInLine(tableId: string, task: ThinkTask): Promise<ThinkAnswer> {
    const line = this.#owners.get(tableId) ?? tableId;
    const thought = (this.#lines.get(line) ?? Promise.resolve()).then(() => this.#think(task));
    const end = thought.then(
      () => undefined,
      () => undefined,
    );
    this.#lines.set(line, end);
    void end.then(() => {
      if (this.#lines.get(line) === end) this.#lines.delete(line);
    });
    return thought;
  }
}
