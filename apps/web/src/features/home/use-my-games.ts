// My games: the tables this browser holds a seat in, read in ONE request for all of them
// (`GET /api/tables?ids=`), again every 30 s while the page is shown and whenever it is shown again.
import type { TableView } from '@fg/protocol';
import { useCallback, useEffect, useState } from 'react';

import { fetchTables } from '../../lib/api';
import { forgetSeat, listSeats, type StoredSeat } from '../../lib/seat-store';

/** One of my games: the seat kept here and the table as everyone sees it. */
export interface MyGame {
  readonly id: string;
  readonly seat: StoredSeat;
  readonly table: TableView;
  readonly yourMove: boolean;
  readonly readAt: number; // ms (Date.now) when the table was read: a deadline's time left counts from it
}

/** How often the list is read while the page is visible. */
const REFRESH_MS = 30_000;
/** The most tables read (the server's limit); the newest seats first. */
const MAX_GAMES = 50;

/** "Your move" first, then the newest seat first. */
function sortGames(games: MyGame[]): MyGame[] {
  return [...games].sort(
    (a, b) =>
      Number(b.yourMove) - Number(a.yourMove) || (b.seat.at ?? 0) - (a.seat.at ?? 0) || a.id.localeCompare(b.id),
  );
}

/** Whether it is this seat's move. */
const isYourMove = (table: TableView, seat: StoredSeat): boolean =>
  table.status === 'playing' && seat.side !== null && table.turn === seat.side;

/** The games, null until first read; `remove` forgets a seat (a finished game). */
export function useMyGames(): { games: MyGame[] | null; remove: (id: string) => void } {
  const [games, setGames] = useState<MyGame[] | null>(null);

  const read = useCallback(async () => {
    const seats = listSeats()
      .sort((a, b) => (b.seat.at ?? 0) - (a.seat.at ?? 0))
      .slice(0, MAX_GAMES);
    if (seats.length === 0) return setGames([]);
    const answer = await fetchTables(seats.map((s) => s.tableId));
    if (!answer.ok) return; // keep what is shown; the next read tries again
    const found = new Map(answer.value.tables.map((table) => [table.id, table]));
    const readAt = Date.now();
    const list: MyGame[] = [];
    for (const { tableId, seat } of seats) {
      const table = found.get(tableId);
      // A table the server no longer has (a waiting table swept after a day) is forgotten.
      if (!table) forgetSeat(tableId);
      else list.push({ id: tableId, seat, table, yourMove: isYourMove(table, seat), readAt });
    }
    setGames(sortGames(list));
  }, []);

  useEffect(() => {
    const refresh = (): void => {
      if (document.visibilityState === 'visible') void read();
    };
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [read]);

  const remove = useCallback((id: string) => {
    forgetSeat(id);
    setGames((list) => list?.filter((g) => g.id !== id) ?? null);
  }, []);
  return { games, remove };
}
