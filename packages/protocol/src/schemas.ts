// Zod schemas of every view, body and message of docs/protocol.md: the single source of their types.
import { VARIANT_IDS } from '@fg/rules';
import { z } from 'zod';

// zod compiles parsers with new Function after a probe that itself is an eval: our CSP forbids eval, and the
// browser reports every probe as a violation. Parsing without it is fast enough for messages of a few hundred bytes.
z.config({ jitless: true });

import {
  CHAT_MAX_CHARS,
  CHAT_ROOMS,
  CLOCK_LIMITS,
  COMPUTER_LEVELS,
  CORRESPONDENCE_DAYS,
  PERFECT_LEVEL,
  REASONS,
  ROLES,
  SEAT_CHOICES,
  SIDES,
  SOCKET_ERROR_CODES,
  TABLE_STATUSES,
} from './vocabulary.js';

/** A computer level: 1-8, or 9 ("perfect") where a solution table is installed (the server checks). */
export const computerLevelSchema = z.number().int().min(COMPUTER_LEVELS.min).max(PERFECT_LEVEL);
/** The computer asked for at creation: strict, so a typo is refused. */
const computerSettingSchema = z.strictObject({ level: computerLevelSchema });
/** A correspondence game's days for each move, asked for at creation; strict, so a typo is refused. */
export const correspondenceSettingSchema = z.strictObject({
  days: z.literal(CORRESPONDENCE_DAYS),
});

/** A side: `fox` or `geese`. */
export const sideSchema = z.enum(SIDES);
/** The shape of a point name such as `d4`. */
export const POINT_NAME = /^[a-z][1-9][0-9]?$/i;
/** A point name such as `d4` (the board decides whether it exists). */
const pointSchema = z.string().regex(POINT_NAME, 'a point like d4');
/** A move as a path: start point first, then every landing point. */
const pathSchema = z.array(pointSchema).min(2).max(64);
/** A table id: nanoid of the URL-safe alphabet, at least 10 characters. */
export const tableIdSchema = z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, 'a table id');
/** A seat token: nanoid of at least 21 characters. */
const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{21,128}$/, 'a seat token');
/** A table option's value. */
const optionValueSchema = z.union([z.number(), z.boolean()]);
/** Table options by name: `{ "geese": 15, "sideways": true }`. */
export const optionsSchema = z.record(z.string().max(32), optionValueSchema);
/** Why a game ended. */
const reasonSchema = z.enum(REASONS);
/** A finished game's result; `winner` is null for a draw. */
export const resultSchema = z.object({ winner: sideSchema.nullable(), reason: reasonSchema });
/** A seat as everyone sees it. */
export const seatStateSchema = z.object({
  taken: z.boolean(),
  online: z.boolean(),
  /** The computer's level, on the seat the computer holds. */
  computer: computerLevelSchema.optional(),
});
/** Both seats as everyone sees them. */
export const seatsSchema = z.object({ fox: seatStateSchema, geese: seatStateSchema });
/** A seat as only its holder sees it: the side and the secret token. */
const seatSchema = z.object({ side: sideSchema, token: tokenSchema });

/** A time control asked for at creation: whole seconds, strict so a typo is refused. */
export const clockSettingSchema = z.strictObject({
  initial: z.number().int().min(CLOCK_LIMITS.initialMin).max(CLOCK_LIMITS.initialMax),
  increment: z.number().int().min(CLOCK_LIMITS.incrementMin).max(CLOCK_LIMITS.incrementMax),
});
/** Both clocks as the server saw them when it sent a view: ms left each, and whose time runs. */
export const clockViewSchema = z.object({
  initial: z.number().int().min(0), // seconds: 300
  increment: z.number().int().min(0), // seconds: 3
  fox: z.number().int().min(0), // ms left: 287000
  geese: z.number().int().min(0),
  running: sideSchema.nullable(), // null while a seat is free and once the game has ended
});

/** One option a variant offers. */
const optionSpecSchema = z.object({
  name: z.string(),
  values: z.array(optionValueSchema),
  default: optionValueSchema,
});
/** What clients are told of a variant (`board` is an addition: the board id). */
export const variantInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  board: z.string(),
  options: z.array(optionSpecSchema),
  defaultOptions: optionsSchema,
  /** The option sets for which a solution table is installed (every option given). */
  solved: z.array(optionsSchema).optional(),
});

/** A table as everyone at it sees it. */
export const tableViewSchema = z.object({
  id: tableIdSchema,
  variant: z.string(),
  options: optionsSchema,
  status: z.enum(TABLE_STATUSES),
  seats: seatsSchema,
  spectators: z.number().int().min(0),
  position: z.string(),
  turn: sideSchema,
  ply: z.number().int().min(0),
  moves: z.array(z.string()),
  result: resultSchema.nullable(),
  rematch: tableIdSchema.nullable(),
  // Additions: what an offer left standing would otherwise tell only once. Optional, so views from
  // elsewhere (an older server, a fixture) still parse; this server always sends both.
  /** The side whose draw offer stands, until its opponent moves or the game ends. */
  drawOffer: sideSchema.nullable().optional(),
  /** The sides that have asked for a rematch of this finished game, until the rematch table opens. */
  rematchRequests: z.array(sideSchema).max(2).optional(),
  /** The table's clocks; present only on tables created with a clock. */
  clock: clockViewSchema.optional(),
  /** Present only on correspondence tables. */
  correspondence: z.object({ days: z.number().int().min(1) }).optional(),
  /** When the side to move of a correspondence game runs out of time; null while a seat is free or after the end. */
  deadline: z.iso.datetime().nullable().optional(),
  /** Addition: the side whose takeback offer stands, until either side moves or the game ends. */
  takebackOffer: sideSchema.nullable().optional(),
  /**
   * Addition: who declined each offer while that decline holds (the offer is ignored again until then): a draw's
   * until the decliner moves or offers a draw itself, a takeback's until a move; both end with a takeback or the
   * game. So a page opened after a decline knows it too.
   */
  declined: z.object({ draw: sideSchema.nullable(), takeback: sideSchema.nullable() }).optional(),
});

// ---- HTTP bodies ----

/** `POST /api/tables` body. */
export const createTableBodySchema = z.object({
  variant: z.enum(VARIANT_IDS),
  options: optionsSchema.optional(),
  side: z.enum(SEAT_CHOICES).optional(),
  /** The computer takes the other seat at once. */
  computer: computerSettingSchema.optional(),
  /** The table appears in the lobby (default false). */
  listed: z.boolean().optional(),
  clock: clockSettingSchema.optional(),
  /** Days a move; not with `clock` (the server answers 400 bad-request). */
  correspondence: correspondenceSettingSchema.optional(),
});
/** `POST /api/tables/:id/seats` body (may be empty). */
export const takeSeatBodySchema = z.object({ side: sideSchema.optional() });
/** `POST /api/tables` answer. */
export const createTableResponseSchema = z.object({ table: tableViewSchema, seat: seatSchema });
/** `GET /api/tables/:id` answer. */
export const tableResponseSchema = z.object({ table: tableViewSchema });
/** `GET /api/tables?ids=a,b,c` answer (an addition): the public views of the tables found, in the order asked. */
export const tablesResponseSchema = z.object({ tables: z.array(tableViewSchema) });
/** `POST /api/tables/:id/seats` answer. */
export const takeSeatResponseSchema = z.object({ seat: seatSchema });
/** `GET /api/tables/:id/record` answer (an addition): the replayable record of the game. */
export const recordResponseSchema = z.object({
  record: z.object({ variant: z.string(), options: optionsSchema, moves: z.array(z.string()) }),
  result: resultSchema.nullable(),
});
/** `GET /api/push/key` answer: the server's VAPID P-256 public key, base64url. */
export const pushKeyResponseSchema = z.object({ publicKey: z.string() });
/** A browser's push subscription (`PushSubscription.toJSON()`). */
const pushSubscriptionSchema = z.object({
  endpoint: z.url().max(1024),
  keys: z.object({ p256dh: z.string().min(1).max(256), auth: z.string().min(1).max(64) }),
});
/** `POST /api/push/subscriptions` body. */
export const pushSubscribeBodySchema = z.object({
  table: tableIdSchema,
  token: tokenSchema,
  subscription: pushSubscriptionSchema,
});
/** `DELETE /api/push/subscriptions` body. */
export const pushUnsubscribeBodySchema = z.object({
  table: tableIdSchema,
  token: tokenSchema,
  endpoint: z.url().max(1024),
});
/** The JSON a push message carries; never a token. */
export const pushPayloadSchema = z.object({
  type: z.enum(['your-move', 'offer', 'ended']),
  table: tableIdSchema,
  variant: z.string(),
  move: z.string().optional(),
  /** With `offer`: what is offered (an addition). */
  offer: z.enum(['draw', 'takeback', 'rematch']).optional(),
  deadline: z.iso.datetime().optional(),
  result: resultSchema.optional(),
});

// ---- WebSocket: client to server ----

/** Join the table; with a seat token as that seat's player, without one as a spectator. Any string is a token here (the frame limit bounds it), so a wrong one gets `bad-token`. */
const helloMessageSchema = z.object({ type: z.literal('hello'), token: z.string().optional() });
/** Play a move; `ply` must equal the table's current ply. */
export const moveMessageSchema = z.object({ type: z.literal('move'), ply: z.number().int().min(0), path: pathSchema });
/** The words of a chat message as stored and sent: spaces trimmed, each run of white space one space. */
export function chatWords(text: string): string {
  // Control characters (a pasted tab or newline among them) read as space: a message is one line.
  return text.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}
/** A chat message: 1 to 140 characters (code points) once its spaces are trimmed. */
const chatMessageSchema = z.object({
  type: z.literal('chat'),
  room: z.enum(CHAT_ROOMS),
  text: z
    .string()
    .refine((text) => chatWords(text).length > 0, 'a chat message may not be empty')
    .refine(
      (text) => [...chatWords(text)].length <= CHAT_MAX_CHARS,
      `a chat message holds at most ${CHAT_MAX_CHARS} characters`,
    ),
});
/** Every message a client may send. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  helloMessageSchema,
  moveMessageSchema,
  z.object({ type: z.literal('resign') }),
  z.object({ type: z.literal('draw-offer') }),
  z.object({ type: z.literal('draw-accept') }),
  z.object({ type: z.literal('draw-decline') }),
  z.object({ type: z.literal('rematch') }),
  z.object({ type: z.literal('claim-victory') }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('takeback-offer') }),
  z.object({ type: z.literal('takeback-accept') }),
  z.object({ type: z.literal('takeback-decline') }),
  z.object({ type: z.literal('rematch-decline') }),
  chatMessageSchema,
]);

// ---- WebSocket: server to client ----

/** A chat message as everyone who may read its room gets it; `side` names the player in `players`. */
export const chatSaidSchema = z.object({
  type: z.literal('chat'),
  room: z.enum(CHAT_ROOMS),
  side: sideSchema.optional(),
  text: z.string(),
  at: z.iso.datetime(),
});
/** The last messages of each room a joiner may read, oldest first (`players` only for the players). */
export const chatHistorySchema = z.object({
  players: z.array(chatSaidSchema).optional(),
  spectators: z.array(chatSaidSchema),
});

/** Answer to `hello`; `abandonSeconds` (an addition) says how long an opponent must be away before a claim. */
const welcomeMessageSchema = z.object({
  type: z.literal('welcome'),
  role: z.enum(ROLES),
  table: tableViewSchema,
  abandonSeconds: z.number().int().min(0).optional(),
  /** The chat so far. */
  chat: chatHistorySchema.optional(),
});
/** A move was accepted and stored; `ply` is the number of the move played (0 for the first). */
const movedMessageSchema = z.object({
  type: z.literal('moved'),
  ply: z.number().int().min(0),
  path: pathSchema,
  move: z.string(),
  side: sideSchema,
  position: z.string(),
  turn: sideSchema,
  status: z.enum(TABLE_STATUSES),
  result: resultSchema.nullable(),
  clock: clockViewSchema.optional(),
  /** On correspondence tables, the new side to move's deadline (null after the end). */
  deadline: z.iso.datetime().nullable().optional(),
});
/** Who is connected, and how many watch; `clock` (an addition) when a seat taken starts the clocks. */
const presenceMessageSchema = z.object({
  type: z.literal('presence'),
  seats: seatsSchema,
  spectators: z.number().int().min(0),
  clock: clockViewSchema.optional(),
  /** (an addition): on correspondence tables, the side to move's deadline (the second seat taken starts it). */
  deadline: z.iso.datetime().nullable().optional(),
});
/** The game ended other than by a move; `clock` (an addition) holds the times at the end. */
const endedMessageSchema = z.object({
  type: z.literal('ended'),
  result: resultSchema,
  clock: clockViewSchema.optional(),
});
/** A side offers a draw. */
const drawOfferedMessageSchema = z.object({ type: z.literal('draw-offered'), side: sideSchema });
/** The side offered a draw refused it; the offer lapses. */
const drawDeclinedMessageSchema = z.object({ type: z.literal('draw-declined'), side: sideSchema });
/** A side asks for a rematch (an addition, so the other player can answer). */
const rematchOfferedMessageSchema = z.object({ type: z.literal('rematch-offered'), side: sideSchema });
/** A rematch request was declined: `side` is the decliner; the request lapses. */
const rematchDeclinedMessageSchema = z.object({ type: z.literal('rematch-declined'), side: sideSchema });
/** A player asks to take back its last move. */
const takebackOfferedMessageSchema = z.object({ type: z.literal('takeback-offered'), side: sideSchema });
/** The takeback offer was declined: `side` is the decliner. */
const takebackDeclinedMessageSchema = z.object({ type: z.literal('takeback-declined'), side: sideSchema });
/** A takeback was accepted: the whole table after the undo. */
const takenBackMessageSchema = z.object({ type: z.literal('taken-back'), table: tableViewSchema });
/** The follow-up table; each player receives only its own seat. */
const rematchMessageSchema = z.object({
  type: z.literal('rematch'),
  table: tableIdSchema,
  seat: seatSchema.optional(),
});
/** Answer to `ping`. */
const pongMessageSchema = z.object({ type: z.literal('pong') });
/** A request failed; the table is unchanged. */
const errorMessageSchema = z.object({
  type: z.literal('error'),
  code: z.enum(SOCKET_ERROR_CODES),
  message: z.string(),
});
/** Every message the server sends. */
export const serverMessageSchema = z.discriminatedUnion('type', [
  welcomeMessageSchema,
  movedMessageSchema,
  presenceMessageSchema,
  endedMessageSchema,
  drawOfferedMessageSchema,
  drawDeclinedMessageSchema,
  rematchOfferedMessageSchema,
  rematchDeclinedMessageSchema,
  takebackOfferedMessageSchema,
  takebackDeclinedMessageSchema,
  takenBackMessageSchema,
  rematchMessageSchema,
  pongMessageSchema,
  errorMessageSchema,
  chatSaidSchema,
]);
