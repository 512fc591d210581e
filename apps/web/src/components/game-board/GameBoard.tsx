// The playable board: the rules library says what a pick means (use-move-entry); the board only draws
// and reports. Above it sits one bar of a kept height, for everyone: End move here / Cancel while a
// chain is entered, the move waiting for confirmation, the premove, the hint, or what the page puts
// there (the review bar, "sending", "You play the fox."). Notices are laid over the board, so nothing
// that comes and goes moves it (`data-board` keeps its top edge).
import './game-board.css';

import { type Game, type Side } from '@fg/rules';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { Board, type Piece } from '../board/Board';
import { canEndChain, lastMovePath } from './move-entry';
import { useMoveEntry } from './use-move-entry';

/** Props of the playable board. */
export interface GameBoardProps {
  readonly game: Game; // the game as shown (a past position while reviewing)
  readonly canMove: boolean; // the viewer holds the side to move, play is on, online, and the live position is shown
  readonly onMove: (path: readonly string[]) => void; // a legal, confirmed move
  readonly side?: Side | null; // the viewer's seat
  readonly canPremove?: boolean; // the opponent is to move in play, online, the live position shown
  readonly playing?: boolean; // the game is on (hints only then); defaults to the rules' game being unfinished
  readonly confirmMoves?: boolean; // each move waits for "Confirm move"
  readonly flipped?: boolean;
  readonly bar?: ReactNode; // shown in the bar above the board while no chain, premove or hint is there
  readonly overlay?: ReactNode; // laid over the board: banners that must not push it down
}

/** The points of note of a variant, marked on the board: the pen of Two Foxes. */
function markedPoints(game: Game): string[] {
  return (game.variant.pen ?? []).map((p) => game.variant.board.points[p]!.name);
}

/** The board of a game with move entry point by point, drag and drop, premove and "End move here". */
export function GameBoard(props: GameBoardProps) {
  const { game, canMove, onMove, side = null, canPremove = false, confirmMoves = false, flipped = false } = props;
  const { t } = useTranslation();
  const entry = useMoveEntry({
    game,
    side,
    canMove,
    canPremove,
    playing: props.playing ?? !game.result,
    confirmMoves,
    onMove,
  });
  const stage = useRef<HTMLDivElement>(null);
  const { cancelPremove } = entry;
  const hasPremove = entry.premove.length > 0 || (canPremove && entry.picked.length > 0);

  // A premove is cancelled by a click anywhere off the board, as by one on it.
  useEffect(() => {
    if (!hasPremove) return;
    const onDown = (event: PointerEvent): void => {
      if (!(event.target instanceof Node) || !stage.current?.contains(event.target)) cancelPremove();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [hasPremove, cancelPremove]);

  const pointLabel = (point: string, piece: Piece | null): string =>
    t('board.point', { point, piece: t(piece ? `board.piece.${piece}` : 'board.empty') });
  const pointState = (point: string): string | undefined => {
    if (entry.premove.includes(point)) return t('board.premoveMark');
    if (entry.picked.includes(point)) return t('board.picked');
    if (entry.targets.includes(point)) return t('board.target');
    return undefined;
  };

  return (
    <div
      className="game-board"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        entry.cancel();
        cancelPremove();
      }}
    >
      <div className="game-board__actions">
        <BarContent entry={entry} game={game} bar={props.bar} />
      </div>
      <div className="game-board__stage" data-board="" ref={stage}>
        {/* First in reading order (a visitor hears "Take the … seat" before the points), drawn over the board. */}
        {props.overlay && <div className="game-board__overlay">{props.overlay}</div>}
        <Board
          board={game.variant.board}
          pieces={entry.pieces}
          targets={entry.targets}
          picked={entry.picked}
          taken={entry.taken}
          marked={markedPoints(game)}
          lastMove={lastMovePath(game)}
          premove={entry.premove}
          flipped={flipped}
          pointLabel={pointLabel}
          pointState={pointState}
          onPick={entry.onPick}
          canDrag={canMove || canPremove ? entry.canDrag : undefined}
          title={t('board.title')}
        />
      </div>
    </div>
  );
}

/** What the bar above the board shows now, most pressing first. */
function BarContent({ entry, game, bar }: { entry: ReturnType<typeof useMoveEntry>; game: Game; bar: ReactNode }) {
  const { t } = useTranslation();
  if (entry.confirm) {
    return (
      <>
        <span className="game-board__note">{t('board.confirmQuestion', { move: entry.confirmText })}</span>
        <button type="button" onClick={entry.confirmMove}>
          {t('board.confirmMove')}
        </button>
        <button type="button" className="secondary" onClick={entry.cancel}>
          {t('board.cancel')}
        </button>
      </>
    );
  }
  const hint = entry.hint && (
    <p className="game-board__hint" role="note">
      {t(`board.hint.${entry.hint}`)}
    </p>
  );
  if (entry.chainPicked.length > 0) {
    return (
      <>
        {hint}
        {canEndChain(game, entry.chainPicked) && (
          <button type="button" onClick={() => entry.finish(entry.chainPicked)}>
            {t('board.endMove')}
          </button>
        )}
        <button type="button" className="secondary" onClick={entry.cancel}>
          {t('board.cancel')}
        </button>
      </>
    );
  }
  if (entry.premoveText) {
    return (
      <>
        <span className="game-board__note">{t('board.premove', { move: entry.premoveText })}</span>
        <button type="button" className="secondary" onClick={entry.cancelPremove}>
          {t('board.cancelPremove')}
        </button>
      </>
    );
  }
  return hint || bar;
}
