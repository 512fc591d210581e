// Protocol v1 (docs/protocol.md): vocabulary, zod schemas, inferred types and parsers for server and web.
export * from './apply-message.js';
export * from './lobby.js';
export * from './moved.js';
export * from './parse.js';
export * from './puzzles.js';
export * from './schemas.js';
export * from './seat-actions.js';
export * from './solution-game.js';
export * from './types.js';
export * from './vocabulary.js';
