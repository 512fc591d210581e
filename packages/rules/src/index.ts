// The rules library of Fox and Geese: pure data and functions, shared by browser and server.
export * from './appended.js';
export * from './board.js';
export * from './game.js';
export * from './input.js';
export * from './movelist.js';
export * from './moves.js';
export * from './notation.js';
export * from './outcome.js';
export * from './perft.js';
export * from './position.js';
export * from './record.js';
export * from './result.js';
export * from './side.js';
export * from './variants.js';
