// The fixed words of protocol v1 as `as const` lists, each with its derived type.
import { type Side, SIDES } from '@fg/rules';

export { type Side, SIDES };

/** The protocol's version; a breaking change to any message bumps it. */
export const PROTOCOL_VERSION = 1;

/** The largest WebSocket text frame a client may send, in bytes. */
export const MAX_FRAME_BYTES = 4096;

/** The computer's levels: 1 a beginner, 8 the strongest within 2 s a move. */
export const COMPUTER_LEVELS = { min: 1, max: 8 } as const;
/** The perfect computer, accepted only where a solution table is installed for the options. */
export const PERFECT_LEVEL = 9;

/** The days a side may take for each move of a correspondence game. */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14] as const;
/** Days a move in a correspondence game. */
export type CorrespondenceDays = (typeof CORRESPONDENCE_DAYS)[number];

/** A side that has not made its first move this long after the game (or its opponent's first move) started aborts the game. */
export const FIRST_MOVE_SECONDS = 60;

/** The most push subscriptions one seat keeps. */
export const MAX_PUSH_SUBSCRIPTIONS = 5;

/** A table's chat rooms: the two players', and the spectators' (which the players read too). */
export const CHAT_ROOMS = ['players', 'spectators'] as const;
/** A chat room. */
export type ChatRoom = (typeof CHAT_ROOMS)[number];
/** The most characters (Unicode code points, after trimming spaces) a chat message may hold. */
export const CHAT_MAX_CHARS = 140;
/** How many of each room's last messages a table keeps and a joiner receives. */
export const CHAT_HISTORY = 50;

/** Sides a table's creator may ask for; `random` lets the server pick. */
export const SEAT_CHOICES = ['fox', 'geese', 'random'] as const;
/** A side, or `random`. */
export type SeatChoice = (typeof SEAT_CHOICES)[number];

/** Bounds of a table's clock in seconds (protocol): initial 15-10800, Fischer increment 0-180. */
export const CLOCK_LIMITS = { initialMin: 15, initialMax: 10_800, incrementMin: 0, incrementMax: 180 } as const;

/** Who a connection is at a table. */
export const ROLES = ['fox', 'geese', 'spectator'] as const;
/** A connection's role. */
export type Role = (typeof ROLES)[number];

/** A table's life: a seat is free, both seats are taken and the game runs, or it has ended. */
export const TABLE_STATUSES = ['waiting', 'playing', 'finished'] as const;
/** A table's status. */
export type TableStatus = (typeof TABLE_STATUSES)[number];

/** Why a game ended: the rules' reasons, then the ones players cause. */
export const REASONS = [
  'fox-trapped',
  'geese-reduced',
  'geese-stalemated',
  'pen-filled',
  'breakthrough',
  'threefold-repetition',
  'fifty-move-rule',
  'resignation',
  'abandoned',
  'draw-agreed',
  'timeout', // a side's clock ran out
  'aborted', // a first move did not come within a minute; no winner
] as const;
/** A reason a game ended. */
export type Reason = (typeof REASONS)[number];

/** Every error code a WebSocket `error` message carries. */
export const SOCKET_ERROR_CODES = [
  'bad-message',
  'hello-first',
  'table-not-found',
  'bad-token',
  'not-a-player',
  'not-your-turn',
  'stale-ply',
  'illegal-move',
  'game-over',
  'not-abandoned',
  'rate-limited',
  // The store did not answer; nothing changed, the same message may be sent again.
  'unavailable',
] as const;
/** A WebSocket error code. */
export type SocketErrorCode = (typeof SOCKET_ERROR_CODES)[number];

/** Every error code an HTTP error body carries (`not-found`/`internal` for unknown routes and faults). */
export const HTTP_ERROR_CODES = [
  'bad-request',
  'table-not-found',
  'seat-taken',
  'rate-limited',
  'not-found',
  'internal',
  // The store did not answer (503); nothing changed.
  'unavailable',
  // A browser on another origin may not create tables or take seats (403).
  'forbidden',
  // A push subscription's seat token does not match (403).
  'bad-token',
  // Push notifications are disabled on this server (404).
  'push-off',
  // No solution table is installed for that variant and options (404).
  'not-solved',
  // Puzzles: no puzzle with that id, or none that fits the query (404).
  'puzzle-not-found',
] as const;
/** An HTTP error code. */
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];

/** HTTP status of each HTTP error code. */
export const HTTP_STATUS: Readonly<Record<HttpErrorCode, number>> = {
  'bad-request': 400,
  'table-not-found': 404,
  'seat-taken': 409,
  'rate-limited': 429,
  'not-found': 404,
  internal: 500,
  unavailable: 503,
  forbidden: 403,
  'bad-token': 403,
  'push-off': 404,
  'not-solved': 404,
  'puzzle-not-found': 404,
};

/** WebSocket close codes the server uses. */
export const CLOSE_CODES = {
  goingAway: 1001, // the server shuts down
  policyViolation: 1008, // the connection kept sending bad input
} as const;
