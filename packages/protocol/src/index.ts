// Protocol v1 (docs/protocol.md): vocabulary, zod schemas, inferred types and parsers for server and web.
export { applyServerMessage } from './apply-message.js';
export { LOBBY_LIMIT, LOBBY_WAITING_MS, type LobbyResponse, lobbyResponseSchema, type LobbyTable } from './lobby.js';
export { movedMessage, tableStatus } from './moved.js';
export { describeIssues, parseClientMessage } from './parse.js';
export {
  NEW_PLAYER_RATING,
  PUZZLE_THEMES,
  type PuzzleAttemptAnswer,
  type PuzzleAttemptBody,
  puzzleAttemptBodySchema,
  puzzleIdSchema,
  puzzleQuerySchema,
  type PuzzleRating,
  type PuzzleTheme,
  type PuzzleView,
  rateAttempt,
} from './puzzles.js';
export {
  chatWords,
  createTableBodySchema,
  pushPayloadSchema,
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
  tableIdSchema,
  takeSeatBodySchema,
} from './schemas.js';
export { type SeatActions, seatActions, type SeatSeen } from './seat-actions.js';
export {
  type GameOutcomes,
  gameOutcomes,
  gameOutcomesSchema,
  type MoveOutcome,
  NotCovered,
  type PlyOutcome,
} from './solution-game.js';
export {
  type ChatHistory,
  type ChatSaid,
  type ClientMessage,
  type ClientMessageOf,
  type ClockSetting,
  type ClockView,
  type CorrespondenceSetting,
  type CreateTableBody,
  type CreateTableResponse,
  type DeclinedOffers,
  type GameResult,
  type PushKeyResponse,
  type PushPayload,
  type PushSubscribeBody,
  type PushUnsubscribeBody,
  type RecordResponse,
  type Seats,
  type ServerMessage,
  type ServerMessageOf,
  type ServerMessageType,
  type TableOptions,
  type TableResponse,
  type TablesResponse,
  type TableView,
  type TakeSeatResponse,
} from './types.js';
export {
  CHAT_HISTORY,
  CHAT_ROOMS,
  type ChatRoom,
  CLOSE_CODES,
  COMPUTER_LEVELS,
  HTTP_ERROR_CODES,
  HTTP_STATUS,
  type HttpErrorCode,
  MAX_FRAME_BYTES,
  MAX_PUSH_SUBSCRIPTIONS,
  PERFECT_LEVEL,
  type Role,
  type SeatChoice,
  type Side,
  SOCKET_ERROR_CODES,
  type SocketErrorCode,
} from './vocabulary.js';
