// TypeScript types of the protocol, inferred from the zod schemas so they never drift apart.
import type { z } from 'zod';

import type * as s from './schemas.js';

/** A game's result. */
export type GameResult = z.infer<typeof s.resultSchema>;
/** Both seats as everyone sees them. */
export type Seats = z.infer<typeof s.seatsSchema>;
/** Table options by name. */
export type TableOptions = z.infer<typeof s.optionsSchema>;
/** A time control asked for at creation. */
export type ClockSetting = z.infer<typeof s.clockSettingSchema>;
/** Both clocks as a view carries them. */
export type ClockView = z.infer<typeof s.clockViewSchema>;
/** A table as everyone sees it. */
export type TableView = z.infer<typeof s.tableViewSchema>;
/** Who declined each offer while that decline holds (the view's `declined`); null where none holds. */
export type DeclinedOffers = NonNullable<TableView['declined']>;

/** `POST /api/tables` body. */
export type CreateTableBody = z.infer<typeof s.createTableBodySchema>;
/** `POST /api/tables` answer. */
export type CreateTableResponse = z.infer<typeof s.createTableResponseSchema>;
/** `GET /api/tables/:id` answer. */
export type TableResponse = z.infer<typeof s.tableResponseSchema>;
/** `POST /api/tables/:id/seats` answer. */
export type TakeSeatResponse = z.infer<typeof s.takeSeatResponseSchema>;
/** `GET /api/tables/:id/record` answer. */
export type RecordResponse = z.infer<typeof s.recordResponseSchema>;
/** `GET /api/tables?ids=` answer (an addition). */
export type TablesResponse = z.infer<typeof s.tablesResponseSchema>;
/** A correspondence game's setting. */
export type CorrespondenceSetting = z.infer<typeof s.correspondenceSettingSchema>;
/** `GET /api/push/key` answer. */
export type PushKeyResponse = z.infer<typeof s.pushKeyResponseSchema>;
/** `POST /api/push/subscriptions` body. */
export type PushSubscribeBody = z.infer<typeof s.pushSubscribeBodySchema>;
/** `DELETE /api/push/subscriptions` body. */
export type PushUnsubscribeBody = z.infer<typeof s.pushUnsubscribeBodySchema>;
/** What a push message carries. */
export type PushPayload = z.infer<typeof s.pushPayloadSchema>;

/** A chat message as readers get it. */
export type ChatSaid = z.infer<typeof s.chatSaidSchema>;
/** The chat a joiner is welcomed with. */
export type ChatHistory = z.infer<typeof s.chatHistorySchema>;

/** Any message a client sends. */
export type ClientMessage = z.infer<typeof s.clientMessageSchema>;
/** The `move` message a client sends. */
export type MoveMessage = z.infer<typeof s.moveMessageSchema>;
/** The type names of client messages. */
type ClientMessageType = ClientMessage['type'];
/** Any message the server sends. */
export type ServerMessage = z.infer<typeof s.serverMessageSchema>;
/** The type names of server messages. */
export type ServerMessageType = ServerMessage['type'];
/** The server message of one type, e.g. `ServerMessageOf<'moved'>`. */
export type ServerMessageOf<T extends ServerMessageType> = Extract<ServerMessage, { type: T }>;
/** The client message of one type, e.g. `ClientMessageOf<'move'>`. */
export type ClientMessageOf<T extends ClientMessageType> = Extract<ClientMessage, { type: T }>;
