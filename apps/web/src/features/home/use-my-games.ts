// My games: the tables this browser holds a seat in, read in ONE request for all of them
// (`GET /api/tables?ids=`), again every 30 s while the page is shown and whenever it is shown again.
import type { TableView } from '@fg/protocol';
import { useCallback, useEffect, useState } from 'react';

import { fetchTables } from '../../lib/api';
import { finishedGames, forgetFinished, keepFinished } from '../../lib/game-history';
import { forgetSeat, listSeats, type StoredSeat } from '../../lib/seat-store';

/** One of my games: the seat kept here and the table as everyone sees it. */
export interface MyGame {
  readonly id: string;
  readonly seat: StoredSeat;
  readonly table: TableView;
  readonly yourMove: boolean;
  readonly readAt: number; // ms (Date.now) when the table was read: a deadline's time left counts from it
  readonly endedAt?: number; // finished games: ms when this browser first saw the result (the history's order)
}

/** How often the list is read while the page is visible. */
const REFRESH_MS = 30_000;
/** The most tables read (the server's limit); the newest seats first. */
const MAX_GAMES = 50;

/** "Your move" first, then the newest seat first; finished games by when they ended, the latest first. */
function sortGames(games: MyGame[]): MyGame[] {
  const recent = (g: MyGame): number => g.endedAt ?? g.seat.at ?? 0;
  return [...games].sort(
    (a, b) => Number(b.yourMove) - Number(a.yourMove) || recent(b) - recent(a) || a.id.localeCompare(b.id),
  );
}

/** Whether it is this seat's move. */
const isYourMove = (table: TableView, seat: StoredSeat): boolean =>
  table.status === 'playing' && seat.side !== null && table.turn === seat.side;

/** The games, null until first read; `remove` makes this browser forget a game (its seat and its history). */
export function useMyGames(): { games: MyGame[] | null; remove: (id: string) => void } {
  const [games, setGames] = useState<MyGame[] | null>(null);

  const read = useCallback(async () => {
    const seats = listSeats()
      .sort((a, b) => (b.seat.at ?? 0) - (a.seat.at ?? 0))
      .slice(0, MAX_GAMES);
    if (seats.length === 0) return setGames([]);
    // Finished games are kept in the browser, so the history shows without the server and after it forgot them.
    const kept = finishedGames();
    const game = (id: string, seat: StoredSeat, table: TableView, readAt: number): MyGame => {
      const endedAt = kept.get(id)?.seenAt;
      return { id, seat, table, yourMove: isYourMove(table, seat), readAt, ...(endedAt ? { endedAt } : {}) };
    };
    const live = seats.filter((s) => !kept.has(s.tableId)).map((s) => s.tableId);
    const answer = live.length > 0 ? await fetchTables(live) : ({ ok: true, value: { tables: [] } } as const);
    const readAt = Date.now();
    if (!answer.ok) {
      // No server now (offline): the history at least; what was shown stays.
      return setGames(
        (shown) =>
          shown ??
          sortGames(
            seats.flatMap(({ tableId, seat }) => {
              const done = kept.get(tableId);
              return done ? [game(tableId, seat, done.table, readAt)] : [];
            }),
          ),
      );
    }
    const found = new Map(answer.value.tables.map((table) => [table.id, table]));
    const list: MyGame[] = [];
    for (const { tableId, seat } of seats) {
      const table = found.get(tableId) ?? kept.get(tableId)?.table;
      // A table the server no longer has and that never ended here (a waiting table swept after a day) is forgotten.
      if (!table) {
        forgetSeat(tableId);
        continue;
      }
      if (table.result && !kept.has(tableId)) {
        keepFinished(table, readAt);
        kept.set(tableId, { table, seenAt: readAt });
      }
      list.push(game(tableId, seat, table, readAt));
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
    forgetFinished(id);
    setGames((list) => list?.filter((g) => g.id !== id) ?? null);
  }, []);
  return { games, remove };
}
