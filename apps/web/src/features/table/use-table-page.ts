// Everything the table page holds, in one hook: the live table, the sent move, review, the flip,
// the repetition warning, and what follows from them (who may move, what the board shows).
import type { Game, Side } from '@fg/rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';

import { gameAt, repeatsThirdTime } from '../../components/game-board/move-entry';
import { type GameReview, useGameReview } from '../../components/review/use-game-review';
import { adoptSeatFromFragment } from '../../lib/seat-store';
import { type Review, useReview } from '../../lib/use-review';
import { expectedEcho, withSentMove } from './sent-move';
import type { TableState } from './table-state';
import { useFlip } from './TableTools';
import { useNotices } from './use-notices';
import { type NotifyMe, useNotifyMe } from './use-notify-me';
import { useOpenAtDecisive } from './use-open-at-decisive';
import { type SentMoves, useSentMove } from './use-sent-move';
import { type LiveTable, useTable } from './use-table';

/** The table page's state and actions. */
export interface TablePageState {
  readonly live: LiveTable;
  readonly shown: TableState; // the state with the sent move drawn as played
  readonly side: Side | null; // the seat this browser holds
  readonly sent: SentMoves;
  readonly review: Review;
  readonly reviewing: boolean;
  readonly judged: GameReview; // a finished game's moves judged (lib/judgement.ts); none while it goes on
  readonly shownGame: Game | null; // the game as the board shows it (a past position while reviewing)
  readonly lost: boolean; // the page cannot hear the table it had (or the device is offline): what it shows may be stale
  readonly canMove: boolean; // this player's turn in the live game, online
  readonly canPremove: boolean; // the opponent's turn in the live game, online: a move may be set in advance
  readonly flipped: boolean;
  readonly flip: () => void;
  readonly pending: readonly string[] | null; // a move that would repeat a position a third time, to confirm
  readonly cancelPending: () => void;
  readonly sendMove: (path: readonly string[]) => void; // sends at once
  readonly requestMove: (path: readonly string[]) => void; // sends, or asks first about a repetition
  readonly notify: NotifyMe; // Notify me (Web Push for this seat)
}

/** The state of table `id`'s page. */
export function useTablePage(id: string): TablePageState {
  const { t } = useTranslation(['common', 'variants']);
  const [, navigate] = useLocation();
  const search = useSearch();
  // Adopt a seat carried in the URL fragment before the socket says hello, then hide the secret.
  const [adopted] = useState(() => adoptSeatFromFragment(id, window.location.hash));
  useEffect(() => {
    if (adopted) history.replaceState(history.state, '', window.location.pathname + window.location.search);
  }, [adopted]);
  const live = useTable(id);
  const { state } = live;
  const [pending, setPending] = useState<readonly string[] | null>(null);
  const sent = useSentMove(state);
  const shown = withSentMove(state, sent.pending);
  const { table, game } = shown;
  const review = useReview(table?.moves.length ?? 0);
  const [flipped, flip] = useFlip(id);
  // A finished game's moves are judged as in the analysis; never during play, where a mark would tell a player
  // where the opponent went wrong.
  const judged = useGameReview(game, table?.status === 'finished');
  useOpenAtDecisive(judged, review);
  useNotices(t, state, table);
  const notify = useNotifyMe(id);

  // Players take their new seat at the rematch; spectators follow the table there too.
  useEffect(() => {
    if (live.followTable) navigate(`/t/${live.followTable}${search ? `?${search}` : ''}`);
  }, [live.followTable, navigate, search]);

  const { role } = state;
  const side = role === 'fox' || role === 'geese' ? role : null;
  const reviewing = review.shownPly !== null && game !== null;
  const shownGame = game && reviewing ? gameAt(game, review.shownPly) : game;
  // Lost: the page had the table live and the connection went; a first connection under a board drawn from the
  // page's HTML is no loss (the welcome follows in a round trip), an offline device is.
  const lost = table !== null && live.link !== 'online' && !(live.link === 'reconnecting' && state.welcomes === 0);
  // The board takes no input until the page is back in step with the server.
  const inPlay = !!(table && game && side && table.status === 'playing' && !game.result && live.link === 'online');
  const canMove = inPlay && table?.turn === side;
  const canPremove = inPlay && table?.turn !== side;

  const sendMove = (path: readonly string[]): void => {
    if (!game) return;
    setPending(null);
    live.dismissError(); // a refusal of this move must be new, so the shown move is taken back
    const ply = game.moves.length;
    const delivered = live.send({ type: 'move', ply, path: [...path] });
    sent.sent({ ply, path }, expectedEcho(state, { ply, path })?.move ?? path.join('-'), delivered);
  };
  const requestMove = (path: readonly string[]): void => {
    if (!game || !canMove) return;
    if (repeatsThirdTime(game, path)) setPending(path);
    else sendMove(path);
  };

  return {
    live,
    shown,
    side,
    sent,
    review,
    reviewing,
    judged,
    shownGame,
    lost,
    canMove,
    canPremove,
    flipped,
    flip,
    pending,
    cancelPending: () => setPending(null),
    sendMove,
    requestMove,
    notify,
  };
}
