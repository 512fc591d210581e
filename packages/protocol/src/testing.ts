// The one fixture of a table's view for tests of the protocol and its clients: a standard table at its start,
// both seats taken and online.
import type { TableView } from './types.js';

/** A standard table in play at ply 0, the fox to move. */
export const PLAYING_TABLE: TableView = {
  id: 'table00001',
  variant: 'standard',
  options: { geese: 13, sideways: false },
  status: 'playing',
  seats: { fox: { taken: true, online: true }, geese: { taken: true, online: true } },
  spectators: 0,
  position: 'fox:d4 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3 turn:fox quiet:0',
  turn: 'fox',
  ply: 0,
  moves: [],
  result: null,
  rematch: null,
};
