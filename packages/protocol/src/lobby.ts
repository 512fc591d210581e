// The lobby of protocol (docs/protocol.md): listed tables waiting for a player, and listed games to watch.
import { z } from 'zod';

import { computerLevelSchema, optionsSchema, sideSchema, tableIdSchema } from './schemas.js';

/** At most this many tables in each list of the lobby. */
export const LOBBY_LIMIT = 50;
/** A listed table waiting longer than this leaves the lobby (it stays open by its link). */
export const LOBBY_WAITING_MS = 30 * 60_000;

/** One listed table as the lobby shows it; `freeSide` only while a seat is free. */
const lobbyTableSchema = z.object({
  id: tableIdSchema,
  variant: z.string(),
  options: optionsSchema,
  clock: z.object({ initial: z.number().int().min(0), increment: z.number().int().min(0) }).optional(),
  freeSide: sideSchema.optional(),
  ply: z.number().int().min(0),
  spectators: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  /** An addition: the computer's level, on a table where the computer plays. */
  computer: computerLevelSchema.optional(),
  /** A correspondence table's days a move. */
  correspondence: z.object({ days: z.number().int().min(1) }).optional(),
});
/** `GET /api/lobby` answer, and each `lobby` event of `GET /api/lobby/events` (an addition). */
export const lobbyResponseSchema = z.object({
  waiting: z.array(lobbyTableSchema).max(LOBBY_LIMIT),
  playing: z.array(lobbyTableSchema).max(LOBBY_LIMIT),
});

/** A listed table as the lobby shows it. */
export type LobbyTable = z.infer<typeof lobbyTableSchema>;
/** `GET /api/lobby` answer. */
export type LobbyResponse = z.infer<typeof lobbyResponseSchema>;
