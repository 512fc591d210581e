// The computer at one table: a member like any player. It hears the table's messages, thinks in the pool,
// and sends its moves, draw answers and rematch requests through the authority's own checks and storage.
import type { ServerMessage, TableView } from '@fg/protocol';
import { opponent, type Side } from '@fg/rules';

import type { ComputerSeat } from '../store/store.js';
import type { Authority, PlayMessage } from '../tables/authority.js';
import type { ComputerLease } from './computer-lease.js';
import type { ThinkAnswer, ThinkTask } from './think.js';

/** A member of a table as the authority takes it: something that is sent serialized messages. */
type Member = Parameters<Authority['join']>[1];

/** What a computer player needs around it. */
export interface PlayerDeps {
  readonly authority: Pick<Authority, 'join' | 'play' | 'leave'>;
  readonly think: (task: ThinkTask) => Promise<ThinkAnswer>;
  readonly thinkMs?: number; // a cap on each move's time (tests)
  readonly lease: ComputerLease; // only the holder thinks and plays (several instances on one Redis)
  readonly aloneMs: number; // a running game nobody else has been at for this long is left (memory is freed)
  /** The rematch table was opened: the computer takes its seat there. */
  readonly onRematch: (tableId: string, seat: ComputerSeat) => void;
  /** The computer has left this table for good. */
  readonly onLeave: (tableId: string) => void;
  readonly onError: (error: unknown, what: string) => void;
}

/** The computer's seat at one table, from joining until the game and its rematch are settled. */
export class ComputerPlayer implements Member {
  readonly tableId: string;
  readonly #seat: ComputerSeat;
  readonly #deps: PlayerDeps;
  #table: TableView | null = null;
  #thinkingAt = -1; // the ply a move is being chosen for
  #moving: Promise<void> = Promise.resolve(); // the last move being chosen and sent
  #othersThere = false; // the opponent or a spectator is connected, as the last welcome or presence said
  #holding = false; // this instance holds the table's lease: it thinks and plays
  #renewal: ReturnType<typeof setInterval> | null = null;
  #alone: ReturnType<typeof setTimeout> | null = null; // runs while nobody else is at a running game
  #left = false;

  constructor(tableId: string, seat: ComputerSeat, deps: PlayerDeps) {
    this.tableId = tableId;
    this.#seat = seat;
    this.#deps = deps;
  }

  /** The side the computer plays. */
  get side(): Side {
    return this.#seat.side;
  }

  /** Whether this instance plays the computer here now (it holds the lease). */
  get holding(): boolean {
    return this.#holding;
  }

  /**
   * Asks for the lease, then joins the table with the computer's token. With other instances competing, the lease
   * is renewed (or asked for again) every few seconds: when its holder dies, another takes over and plays on.
   */
  async start(): Promise<void> {
    await this.#renew();
    if (this.#left) return;
    const joined = await this.#deps.authority.join(this.tableId, this, this.#seat.token);
    if (!joined.ok) {
      this.#deps.onError(new Error(`${joined.error.code}: ${joined.error.message}`), `computer join ${this.tableId}`);
      await this.#leave();
      return;
    }
    const { lease } = this.#deps;
    if (!lease.shared || this.#left) return;
    this.#renewal = setInterval(() => void this.#renew(), lease.renewMs);
    this.#renewal.unref();
  }

  /** Leaves the table (server shutdown, or the table is done); resolves once the lease is given back. */
  stop(): Promise<void> {
    return this.#leave();
  }

  /** Receives a message of the table, as a socket would. */
  send(text: string): void {
    if (this.#left) return;
    const message = JSON.parse(text) as ServerMessage;
    const table = this.#table;
    switch (message.type) {
      case 'welcome':
        this.#table = message.table;
        this.#othersThere = this.#someoneElse(message.table.seats, message.table.spectators);
        // Back at a finished table (see ComputerSeats): a rematch already asked for is agreed at once.
        if (message.table.rematchRequests?.includes(opponent(this.side))) void this.#send({ type: 'rematch' });
        else this.#watchCompany();
        break;
      case 'presence':
        this.#othersThere = this.#someoneElse(message.seats, message.spectators);
        this.#watchCompany();
        return;
      case 'moved':
        if (!table) return;
        this.#table = {
          ...table,
          moves: [...table.moves, message.move],
          ply: message.ply + 1,
          turn: message.turn,
          status: message.status,
          result: message.result,
          position: message.position,
          ...(message.clock ? { clock: message.clock } : {}),
        };
        this.#watchCompany();
        break;
      case 'ended':
        if (table) this.#table = { ...table, status: 'finished', result: message.result };
        this.#watchCompany();
        break;
      case 'draw-offered':
        if (message.side !== this.side) this.#answerDraw();
        return;
      case 'rematch-offered':
        // The computer always agrees to a rematch.
        if (message.side !== this.side) void this.#send({ type: 'rematch' });
        return;
      case 'rematch':
        if (message.seat) {
          this.#deps.onRematch(message.table, { ...this.#seat, side: message.seat.side, token: message.seat.token });
        }
        // Not now: the authority is still telling the table's members.
        queueMicrotask(() => void this.#leave());
        return;
      default:
        return;
    }
    this.#considerMove();
  }

  /** Whether anyone but the computer is at the table. */
  #someoneElse(seats: TableView['seats'], spectators: number): boolean {
    return seats[opponent(this.side)].online || spectators > 0;
  }

  /**
   * Nobody else at the table: at a finished one the computer goes at once, at a running one after `aloneMs` (the
   * player closed the tab for good), so the table can leave memory. Should the player come back, ComputerSeats
   * seats the computer again, and it plays on (or agrees to the rematch asked meanwhile). The lease goes back when
   * the game ends: a rematch needs none (asking twice is harmless), and the rematch table has its own.
   */
  #watchCompany(): void {
    if (this.#table?.status === 'finished') {
      this.#keepCompany();
      void this.#giveBack();
      if (!this.#othersThere) queueMicrotask(() => void this.#leave());
      return;
    }
    if (this.#othersThere) {
      this.#keepCompany();
    } else if (!this.#alone) {
      this.#alone = setTimeout(() => void this.#leaveAlone(), this.#deps.aloneMs);
      this.#alone.unref();
    }
  }

  /** Stops the countdown to leaving a running game nobody is at. */
  #keepCompany(): void {
    if (this.#alone) clearTimeout(this.#alone);
    this.#alone = null;
  }

  /** Leaves a running game nobody is at, once a move being chosen is played (else the next holder thinks again). */
  async #leaveAlone(): Promise<void> {
    this.#alone = null;
    await this.#moving;
    if (!this.#othersThere) await this.#leave();
  }

  /** Takes or renews the lease; on taking it over (its holder died or left), plays on at once. */
  async #renew(): Promise<void> {
    if (this.#left || this.#table?.status === 'finished') return;
    const had = this.#holding;
    try {
      this.#holding = await this.#deps.lease.hold(this.tableId);
    } catch (error) {
      // Redis away: nothing can be stored now anyway; the next renewal asks again (the lease is kept till then).
      this.#fault(error, `computer lease ${this.tableId}`);
      return;
    }
    if (this.#left) return void (await this.#giveBack());
    if (!this.#holding || had) return;
    this.#considerMove();
    if (this.#table?.drawOffer === opponent(this.side)) this.#answerDraw();
  }

  /** Gives the lease back (the game ended, or the computer leaves): another instance may take it at once. */
  async #giveBack(): Promise<void> {
    if (this.#renewal) clearInterval(this.#renewal);
    this.#renewal = null;
    if (!this.#holding || !this.#deps.lease.shared) return;
    this.#holding = false;
    await this.#deps.lease
      .release(this.tableId)
      .catch((error: unknown) => this.#deps.onError(error, `computer lease ${this.tableId}`));
  }

  /** Thinks when it is the computer's turn in a running game, once per ply; only the lease's holder does. */
  #considerMove(): void {
    const table = this.#table;
    if (!this.#holding || !table || table.status !== 'playing' || table.turn !== this.side) return;
    if (this.#thinkingAt === table.ply) return;
    const ply = table.ply;
    this.#thinkingAt = ply;
    this.#moving = this.#deps
      .think(this.#task('move', table))
      .then(async (answer) => {
        if (answer.kind === 'move' && this.#table?.ply === ply)
          await this.#send({ type: 'move', ply, path: answer.points });
      })
      .catch((error: unknown) => this.#fault(error, `computer move ${this.tableId}`));
  }

  /** Accepts a draw only when its own evaluation says it cannot win: a forced loss seen, or clearly worse. */
  #answerDraw(): void {
    const table = this.#table;
    if (!this.#holding || !table || table.status !== 'playing') return;
    this.#deps
      .think(this.#task('assess', table))
      .then((answer) => {
        if (answer.kind !== 'assess') return;
        const mine = this.side === 'fox' ? answer.foxScore : -answer.foxScore;
        const lost = answer.winner === opponent(this.side) || mine <= -DRAW_MARGIN;
        void this.#send({ type: lost ? 'draw-accept' : 'draw-decline' });
      })
      .catch((error: unknown) => this.#fault(error, `computer draw ${this.tableId}`));
  }

  #task(kind: ThinkTask['kind'], table: TableView): ThinkTask {
    const limits = [this.#deps.thinkMs, clockBudgetMs(table, this.side)].filter((ms): ms is number => Boolean(ms));
    return {
      kind,
      variant: table.variant,
      options: table.options,
      moves: table.moves,
      level: this.#seat.level,
      ...(limits.length ? { timeMs: Math.min(...limits) } : {}),
    };
  }

  /**
   * Sends a game message through the authority. A refusal because the table moved on while the computer thought
   * (the game ended, a ply was played) is expected and dropped; any other refusal is a fault worth a log line.
   * Never rejects.
   */
  async #send(message: PlayMessage): Promise<void> {
    if (this.#left) return;
    await this.#deps.authority.play(this, message).then(
      (outcome) => {
        if (outcome.ok || MOVED_ON.has(outcome.error.code)) return;
        this.#fault(new Error(`${outcome.error.code}: ${outcome.error.message}`), `computer ${message.type}`);
      },
      (error: unknown) => this.#fault(error, `computer ${message.type}`),
    );
  }

  /** Reports a fault, unless the player has left (a shutdown cancels the thinking it had asked for). */
  #fault(error: unknown, what: string): void {
    if (!this.#left) this.#deps.onError(error, what);
  }

  async #leave(): Promise<void> {
    if (this.#left) return;
    this.#left = true;
    this.#keepCompany();
    this.#deps.authority.leave(this);
    this.#deps.onLeave(this.tableId);
    await this.#giveBack();
  }
}

/**
 * On a table with a clock, the time a move may take: a 25th of the time left plus most of the increment, at least
 * 50 ms, so the computer never loses on time however short the control; undefined without a clock.
 */
export function clockBudgetMs(table: Pick<TableView, 'clock'>, side: Side): number | undefined {
  if (!table.clock) return undefined;
  return Math.max(50, Math.floor(table.clock[side] / 25 + table.clock.increment * 800));
}

/** Refusals that only say the table moved on while the computer was thinking. */
const MOVED_ON: ReadonlySet<string> = new Set(['game-over', 'stale-ply', 'not-your-turn']);

/** How far behind (a goose is 100) the computer must see itself before it takes a draw it cannot prove lost. */
const DRAW_MARGIN = 150;
