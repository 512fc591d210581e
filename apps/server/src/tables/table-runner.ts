// One loaded table and everything that runs it: its queue (actions one at a time), its facts and the game derived
// from them, the view welcomes share, whether it must be reloaded, its deadline timer and the coalesced `presence`.
// A change runs decide (the authority) -> write (store compare-and-set or bus) -> evolve -> transition -> one
// encoded broadcast, then one after-commit step: announce to the other instances, tell the observers.
import type { HttpErrorCode, SocketErrorCode, TableView } from '@fg/protocol';
import { applyServerMessage } from '@fg/protocol/apply-message';
import { type Game, opponent } from '@fg/rules';

import { type Answer, done, refuse } from './answer.js';
import type { BusMessage, SharedFacts, TableBus } from './bus.js';
import { type DeadlineRules, dueAt, dueEvent } from './deadlines.js';
import type { InstancePresence, TableEvent, TableEventOf } from './events.js';
import { evolve } from './evolve.js';
import { encode } from './member.js';
import { broadcast, sendRematch } from './messages.js';
import { newStoredTable } from './new-table.js';
import { samePresence, TablePresence } from './presence.js';
import { newTableId, rematchToken } from './seat-tokens.js';
import type { StoredTable, TableStore } from './store.js';
import { tellChat } from './table-chat.js';
import { DeadlineTimer } from './table-clock.js';
import { type TableObserver, tellCommitted, tellObservers } from './table-observer.js';
import { type DerivedGame, deriveGame, factsOf, type LiveTable, type TableFacts } from './table-state.js';
import { transition } from './table-transition.js';
import { builtView, presenceMessage, tableSnapshot } from './views.js';
import { announce, writeEvent, type Written } from './write-event.js';

/** At most one `presence` per table per this many ms (docs/protocol.md), with the latest counts. */
export const PRESENCE_MS = 250;

/** What a failure of the store answers. */
export const UNAVAILABLE = 'the server cannot do this just now; nothing changed, try again shortly';

/** What every runner of an instance shares. */
export interface RunnerDeps {
  readonly store: TableStore;
  readonly bus: TableBus;
  readonly now: () => number;
  readonly rules: DeadlineRules;
  readonly observers: readonly TableObserver[];
  readonly onError: (error: unknown, what: string) => void;
  /** The table is gone from the store (removed as a stale waiting table): the cache forgets it. */
  readonly gone: (id: string) => Promise<void>;
}

/** What a lost compare-and-set answers the sender: the table moved on through another instance. */
export function lostRace(event: TableEvent): [SocketErrorCode, string] {
  switch (event.type) {
    case 'moved':
      return ['stale-ply', `ply ${event.ply} was already played`];
    case 'taken-back':
      return ['stale-ply', 'the table moved on; the takeback offer has lapsed'];
    case 'draw':
    case 'takeback':
      return ['stale-ply', 'the offers at this table changed meanwhile; nothing was stored, try again'];
    default:
      return ['game-over', 'the game is already over'];
  }
}

/** A loaded table and its running parts. */
export class TableRunner implements LiveTable {
  readonly id: string;
  readonly presence: TablePresence;
  readonly #deps: RunnerDeps;
  #facts: TableFacts;
  #derived: DerivedGame;
  #view: TableView | null = null; // built from the facts when first asked for after a change
  #stale = false; // the last store call failed: reload before the next action
  #queue: Promise<unknown> = Promise.resolve();
  readonly #timer: DeadlineTimer;
  // The coalesced `presence`: when one was last sent, what, and whether one waits.
  #presenceSentAt = 0;
  #presenceText = '';
  #presenceTimer: ReturnType<typeof setTimeout> | null = null;
  #reported: InstancePresence | null = null; // what this instance last stored on the bus
  #unsent = false; // the last write to the bus failed: it is made again when the bus is back

  private constructor(facts: TableFacts, derived: DerivedGame, deps: RunnerDeps) {
    this.id = facts.stored.id;
    this.#facts = facts;
    this.#derived = derived;
    this.#deps = deps;
    this.presence = new TablePresence(deps.now());
    this.#timer = new DeadlineTimer(
      deps.now,
      () => this.#dueAt(),
      () => this.#onDue(),
    );
  }

  /** A runner for a table's facts; null if its moves do not replay. */
  static of(stored: StoredTable, shared: SharedFacts, deps: RunnerDeps): TableRunner | null {
    const derived = deriveGame(stored);
    if (!derived) return null;
    const runner = new TableRunner(factsOf(stored, shared), derived, deps);
    runner.#takeRemote(shared);
    return runner;
  }

  /** Starts timing the table's deadlines (a table the cache holds; a table just created is shown, not held). */
  watch(): void {
    this.#timer.sync();
  }

  get facts(): TableFacts {
    return this.#facts;
  }

  get derived(): DerivedGame {
    return this.#derived;
  }

  /** Whether the table must stay loaded while idle: a deadline of its own is ahead. */
  get hasDeadline(): boolean {
    return this.#dueAt() !== null;
  }

  /**
   * The table as everyone at it sees it, its clocks as of `at`: the view of the current facts (built once per
   * change) with the presence of this moment applied, since presence goes out coalesced (docs/protocol.md).
   */
  view(at: number): TableView {
    this.#view ??= builtView(this, at);
    return applyServerMessage(this.#view, presenceMessage(this, at))!;
  }

  // ---- the queue ----

  /** Runs one step after the ones before it, so checks and writes never interleave. */
  exclusive<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(step, step);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Runs one action in the table's turn, reloading first if the last store call failed. A store or bus call that
   * fails answers `unavailable` and sets the table back to the store's truth (docs/protocol.md); the observers
   * are told once the action is done.
   */
  run<T, C extends SocketErrorCode | HttpErrorCode>(
    action: () => Promise<Answer<T, C>>,
  ): Promise<Answer<T, C | 'unavailable'>> {
    return this.exclusive(async (): Promise<Answer<T, C | 'unavailable'>> => {
      try {
        if (this.#stale) await this.refresh();
        return await action();
      } catch (error) {
        this.#deps.onError(error, 'store');
        this.#stale = true;
        await this.refresh().catch(() => undefined);
        return refuse('unavailable', UNAVAILABLE);
      } finally {
        this.changed();
      }
    });
  }

  // ---- the change path ----

  /**
   * Writes an event, follows it here (evolve, transition, broadcast), then the after-commit step; `ok` false if
   * its compare-and-set lost (the table is reloaded then, except for a rematch request already made).
   */
  async commit(event: TableEvent, played?: Game): Promise<Written> {
    const { store, bus } = this.#deps;
    const written = await writeEvent(store, bus, this.id, event, this.#facts);
    if (!written.ok) {
      // Another instance stored a change first: this table was behind. Follow the store, then answer.
      if (event.type !== 'rematch-ask') await this.refresh();
      return written;
    }
    // Neither waits when it has nothing to wait for (a move followed here, a store that announced it): each await
    // of the move path is a promise and a turn of the microtask queue.
    const following = this.#follow(event, played);
    if (following) await following;
    const announcing = announce(store, bus, this.id, event);
    if (announcing) await announcing;
    // The request that completes a rematch pair is no offer to tell (push): the rematch it opens tells its first mover.
    if (event.type !== 'rematch-ask' || !written.asks?.fox || !written.asks.geese)
      tellCommitted(this.#deps.observers, this, event, this.#deps.onError);
    return written;
  }

  /** Takes an event into the table through `evolve` (the facts) and the transition; a promise only for a reload. */
  #follow(event: TableEvent, played?: Game): Promise<void> | undefined {
    const next = evolve(this.#facts, event);
    if (next === 'reload') return this.refresh();
    if (next !== 'known') this.#apply(next, played);
    return undefined;
  }

  /** Takes new facts and tells the members here what changed. */
  #apply(next: TableFacts, played?: Game): void {
    const change = transition(this, next, played);
    if (!change) {
      this.#deps.onError(new Error(`table ${this.id} does not replay`), 'apply');
      return;
    }
    this.#facts = next;
    this.#derived = change.derived;
    this.#view = null; // built again from the new facts when someone is welcomed
    for (const message of change.messages) broadcast(this, message);
    // A takeback is told as the whole table after it, built once for everyone.
    if (change.rebuilt === 'taken-back') {
      broadcast(this, { type: 'taken-back', table: this.view(this.#deps.now()) });
      this.#shown();
    }
    if (change.rematch) for (const member of this.presence.members.keys()) sendRematch(this, member);
    if (change.seatsChanged) this.presenceChanged();
    this.#timer.sync();
  }

  /** Reloads the table from the store and the bus; rejects (and marks it stale) when they do not answer. */
  async refresh(): Promise<void> {
    const { store, bus } = this.#deps;
    let stored: StoredTable | null;
    let shared: SharedFacts;
    try {
      [stored, shared] = await Promise.all([store.loadTable(this.id), bus.shared(this.id)]);
    } catch (error) {
      this.#stale = true;
      throw error;
    }
    this.#stale = false;
    if (!stored) return this.#deps.gone(this.id);
    this.#apply(factsOf(stored, shared));
    this.#takeRemote(shared);
  }

  /** Whether a reload must come before the table is shown (the last store call failed). */
  get stale(): boolean {
    return this.#stale;
  }

  /**
   * An event from another instance. Presence changes the connections only and need not wait for the queue (the
   * observers are told: the lobby's spectator counts are table-wide); the rest is followed in the table's turn.
   */
  async heard(message: BusMessage): Promise<void> {
    // A chat message is told in the table's turn, so it never overtakes a joiner's welcome.
    if (message.type === 'chat') return this.exclusive(async () => tellChat(this, message.entry));
    if (message.type !== 'presence') return this.exclusive(async () => this.#follow(message));
    this.presence.setRemote(message.origin, message.presence);
    this.presenceChanged();
    this.changed();
  }

  /**
   * The commit that ends a game whose deadline passed, or null (checked here without waiting: most moves have none
   * due). A deadline these facts say passed is decided again on the store's, and its ending is a compare-and-set
   * on their ply: an instance paused past the deadline (a GC pause, a busy loop) may not have heard a move another
   * instance stored just before it.
   */
  endingIfDue(): Promise<Written> | null {
    const { rules, now } = this.#deps;
    if (!dueEvent(this.#facts.stored, this.#derived.clock, rules, now())) return null;
    return this.#endOnStoredFacts();
  }

  async #endOnStoredFacts(): Promise<Written> {
    const { rules, now } = this.#deps;
    await this.refresh();
    const due = dueEvent(this.#facts.stored, this.#derived.clock, rules, now());
    return due ? this.commit(due) : { ok: false };
  }

  /** Ends a game whose deadline passed (a clock ran out, a first move did not come in time, a correspondence day). */
  async endIfDue(): Promise<Answer<void, SocketErrorCode>> {
    const ending = this.endingIfDue();
    if (ending) await ending;
    return done(undefined);
  }

  /**
   * Records a rematch request through the same commit; the request that completes the pair (the bus tells exactly
   * one) opens a table of the same variant, options, time control and listing with the sides swapped. Each asker
   * is known by the hash of its token at the rematch.
   */
  async askRematch(event: TableEventOf<'rematch-ask'>): Promise<Answer<void, SocketErrorCode>> {
    const { asks, ok } = await this.commit(event);
    if (!ok || !asks?.fox || !asks.geese) return done(undefined); // asked already, or the other side has not
    const { stored } = this.#facts;
    const id = newTableId();
    // Sides swap: the old geese player takes the fox seat, and the other way round. The computer keeps playing the
    // rematch, on the other side, with the token derived from its own.
    const seats = { fox: asks.geese, geese: asks.fox };
    const computer = stored.computer && {
      side: opponent(stored.computer.side),
      level: stored.computer.level,
      token: rematchToken(stored.computer.token, this.id),
    };
    // The time control and the listing are the game's, so the rematch keeps them (a correspondence game's day as
    // stored with it).
    const extras = { computer, clock: stored.clock, listed: stored.listed, correspondence: stored.correspondence };
    await this.#deps.store.insertTable(newStoredTable(id, this.#derived.game.variant, seats, this.#deps.now(), extras));
    await this.commit({ type: 'rematch', ply: stored.moves.length, table: id });
    return done(undefined);
  }

  /** Tells the observers that the table may have changed; their faults are logged, never thrown. */
  changed(created = false): void {
    const observers = this.#deps.observers;
    if (observers.length > 0) tellObservers(observers, tableSnapshot(this, created), this.#deps.onError);
  }

  // ---- deadlines ----

  #dueAt(): number | null {
    return dueAt(this.#facts.stored, this.#derived.clock, this.#deps.rules);
  }

  /** Each instance holding a table times it; the store's compare-and-set on the result decides once. */
  #onDue(): void {
    this.run(() => this.endIfDue()).catch((e: unknown) => this.#deps.onError(e, 'clock'));
  }

  // ---- presence ----

  /** Other instances' connections as the bus keeps them. */
  #takeRemote(shared: SharedFacts): void {
    for (const [instance, presence] of shared.presence)
      if (instance !== this.#deps.bus.instance) this.presence.setRemote(instance, presence);
  }

  /** A member was just welcomed with the table as it is now: its presence goes out (see `#shown`). */
  welcomed(): void {
    this.#shown();
    this.presenceChanged();
  }

  /**
   * Members were just sent the table's seats as they are now (a welcome, a takeback's whole table). When that
   * differs from the last `presence` sent, the next one goes out even if it says what that one said: else a member
   * told while a `presence` waited would keep those seats (a player who left meanwhile, online for ever).
   * Compared as `encode`'s text (its JSON), without building a frame.
   */
  #shown(): void {
    if (this.#presenceText && JSON.stringify(presenceMessage(this, this.#deps.now())) !== this.#presenceText)
      this.#presenceText = '';
  }

  /** Schedules a `presence`: at once if none went out in the last PRESENCE_MS, else once that time is up. */
  presenceChanged(): void {
    if (this.#presenceTimer) return;
    const wait = this.#presenceSentAt + PRESENCE_MS - performance.now();
    if (wait <= 0) return this.#sendPresence();
    this.#presenceTimer = setTimeout(() => this.#sendPresence(), wait);
    this.#presenceTimer.unref();
  }

  #sendPresence(): void {
    this.#presenceTimer = null;
    this.#presenceSentAt = performance.now();
    if (this.#reported || this.#unsent || this.presence.members.size > 0) this.#report(false);
    const outgoing = encode(presenceMessage(this, this.#deps.now()));
    if (outgoing.text === this.#presenceText) return;
    this.#presenceText = outgoing.text;
    for (const member of this.presence.members.keys()) member.send(outgoing.text, outgoing);
  }

  /** Writes this instance's connections at the table to the bus (and so to the other instances), when they changed. */
  #report(always: boolean): void {
    const local = this.presence.local();
    if (!always && samePresence(this.#reported, local)) return;
    this.#reported = local;
    this.#unsent = false;
    this.#deps.bus.setPresence(this.id, local).catch((error: unknown) => {
      // Written again with the next change, or when the bus is back.
      this.#reported = null;
      this.#unsent = true;
      this.#deps.onError(error, 'presence');
    });
  }

  /**
   * After the bus lost and regained its connection: events may have been missed, so the table reloads; and this
   * instance's presence is written and published again (the other instances may have dropped it meanwhile, or
   * Redis restarted empty), so all agree on who is online within moments.
   */
  resume(): void {
    if (this.#reported || this.#unsent || this.presence.members.size > 0) this.#report(true);
    this.exclusive(() => this.refresh()).catch((error: unknown) => this.#deps.onError(error, 'refresh'));
  }

  /** Drops the reports of instances that stopped showing signs of life. */
  dropDead(): void {
    if (this.presence.hasRemote && this.presence.dropDead((i) => this.#deps.bus.isLive(i), this.#deps.now()))
      this.presenceChanged();
  }

  /** Stops the table's timers (it leaves memory, or the server stops). */
  close(): void {
    this.#timer.clear();
    if (this.#presenceTimer) clearTimeout(this.#presenceTimer);
  }
}
