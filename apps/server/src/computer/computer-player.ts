// The computer at one table: a member like any player. It hears the table's messages, thinks in the pool,
// and sends its moves, draw answers and rematch requests through the authority's own checks and storage.
import type { ServerMessage, TableView } from '@fg/protocol';
import { opponent, type Side } from '@fg/rules';

import type { ComputerSeat } from '../store/store.js';
import type { Authority, PlayMessage } from '../tables/authority.js';
import type { ThinkAnswer, ThinkTask } from './think.js';

/** A member of a table as the authority takes it: something that is sent serialized messages. */
type Member = Parameters<Authority['join']>[1];

/** What a computer player needs around it. */
export interface PlayerDeps {
  readonly authority: Pick<Authority, 'join' | 'play' | 'leave'>;
  readonly think: (task: ThinkTask) => Promise<ThinkAnswer>;
  readonly thinkMs?: number; // a cap on each move's time (tests)
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
  #othersThere = false; // the opponent or a spectator is connected, as the last welcome or presence said
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

  /** Joins the table with the computer's token. */
  async start(): Promise<void> {
    const joined = await this.#deps.authority.join(this.tableId, this, this.#seat.token);
    if (!joined.ok) {
      this.#deps.onError(new Error(`${joined.error.code}: ${joined.error.message}`), `computer join ${this.tableId}`);
      this.#leave();
    }
  }

  /** Leaves the table (server shutdown, or the table is done). */
  stop(): void {
    this.#leave();
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
        if (message.table.rematchRequests?.includes(opponent(this.side))) this.#send({ type: 'rematch' });
        else this.#leaveIfAlone();
        break;
      case 'presence':
        this.#othersThere = this.#someoneElse(message.seats, message.spectators);
        this.#leaveIfAlone();
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
        this.#leaveIfAlone();
        break;
      case 'ended':
        if (table) this.#table = { ...table, status: 'finished', result: message.result };
        this.#leaveIfAlone();
        break;
      case 'draw-offered':
        if (message.side !== this.side) this.#answerDraw();
        return;
      case 'rematch-offered':
        // The computer always agrees to a rematch.
        if (message.side !== this.side) this.#send({ type: 'rematch' });
        return;
      case 'rematch':
        if (message.seat) {
          this.#deps.onRematch(message.table, { ...this.#seat, side: message.seat.side, token: message.seat.token });
        }
        // Not now: the authority is still telling the table's members.
        queueMicrotask(() => this.#leave());
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
   * Nobody left at a finished table: the computer goes too, so the table can leave memory. Should the player come
   * back, ComputerSeats seats the computer again (a rematch asked meanwhile is agreed then).
   */
  #leaveIfAlone(): void {
    if (this.#table?.status === 'finished' && !this.#othersThere) queueMicrotask(() => this.#leave());
  }

  /** Thinks when it is the computer's turn in a running game, once per ply. */
  #considerMove(): void {
    const table = this.#table;
    if (!table || table.status !== 'playing' || table.turn !== this.side || this.#thinkingAt === table.ply) return;
    const ply = table.ply;
    this.#thinkingAt = ply;
    this.#deps
      .think(this.#task('move', table))
      .then((answer) => {
        if (answer.kind === 'move' && this.#table?.ply === ply) this.#send({ type: 'move', ply, path: answer.points });
      })
      .catch((error: unknown) => this.#fault(error, `computer move ${this.tableId}`));
  }

  /** Accepts a draw only when its own evaluation says it cannot win: a forced loss seen, or clearly worse. */
  #answerDraw(): void {
    const table = this.#table;
    if (!table || table.status !== 'playing') return;
    this.#deps
      .think(this.#task('assess', table))
      .then((answer) => {
        if (answer.kind !== 'assess') return;
        const mine = this.side === 'fox' ? answer.foxScore : -answer.foxScore;
        const lost = answer.winner === opponent(this.side) || mine <= -DRAW_MARGIN;
        this.#send({ type: lost ? 'draw-accept' : 'draw-decline' });
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
   */
  #send(message: PlayMessage): void {
    if (this.#left) return;
    this.#deps.authority.play(this, message).then(
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

  #leave(): void {
    if (this.#left) return;
    this.#left = true;
    this.#deps.authority.leave(this);
    this.#deps.onLeave(this.tableId);
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
