// The rules library of Fox and Geese: pure data and functions, shared by browser and server.
export { appended } from './appended.js';
export { type Board, type BoardPoint, CROSS33 } from './board.js';
export {
  type Game,
  type GameRecord,
  makeRecord,
  moveTexts,
  newGame,
  occurrencesAfter,
  playMoveText,
  playPath,
  playPoints,
  replayRecord,
} from './game.js';
export { movablePoints, moveInput } from './input.js';
export { listMoves, MoveList, type MoveTables, moveTables } from './movelist.js';
export { applyMove, generateMoves, isJump, type Path } from './moves.js';
export { makeMoveText, parseMoveText } from './notation.js';
export { type Outcome, positionOutcome, QUIET_LIMIT } from './outcome.js';
export {
  countGeese,
  EMPTY,
  FOX,
  GOOSE,
  makePosition,
  parsePosition,
  piecePoints,
  type Position,
  positionKey,
  startPosition,
} from './position.js';
export { formatOptions, readRecord, type RecordProblem, writeRecord } from './record.js';
export { ok, type Result } from './result.js';
export { opponent, type Side, SIDES } from './side.js';
export {
  getVariant,
  type Options,
  type OptionValue,
  type Variant,
  VARIANT_IDS,
  VARIANT_INFOS,
  type VariantId,
} from './variants.js';
