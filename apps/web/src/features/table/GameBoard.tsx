// The playable board: the rules library says what a pick means; the board only draws and reports.
// While a chain is entered the piece is drawn where it has reached and the geese it jumped as taken;
// End move here / Cancel sit in a bar right above the board, so they are in view without scrolling.
import { type Game, moveInput } from '@fg/rules';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Board, type Piece } from '../../components/board/Board';
import { canEndChain, chainPieces, lastMovePath, pickPoint } from './move-entry';

/** Props of the playable board. */
export interface GameBoardProps {
  readonly game: Game; // the game as shown (a past position while reviewing)
  readonly canMove: boolean; // the viewer holds the side to move, play is on, and the live position is shown
  readonly onMove: (path: readonly string[]) => void; // a legal, confirmed move
  readonly flipped?: boolean;
  readonly player?: boolean; // the viewer holds a seat: room is kept above the board for End move here / Cancel
  readonly idle?: ReactNode; // shown in that room while no chain is entered and no hint shown: "You play the fox."
}

/** The points of note of a variant, marked on the board: the pen of Two Foxes. */
function markedPoints(game: Game): string[] {
  return (game.variant.pen ?? []).map((p) => game.variant.board.points[p]!.name);
}

/** The board of a game with move entry point by point and "End move here". */
export function GameBoard({ game, canMove, onMove, flipped = false, player = false, idle = null }: GameBoardProps) {
  const { t } = useTranslation();
  type Hint = 'notYourMove' | 'cannotMove' | 'notTarget' | null;
  const [entry, setEntry] = useState<{ game: Game; picked: readonly string[]; hint: Hint }>({
    game,
    picked: [],
    hint: null,
  });
  // A new position (a move by anyone, a resync, a review step) drops a half-entered move and its hint.
  const current = entry.game === game;
  const picked = current && canMove ? entry.picked : [];
  const hint = current ? entry.hint : null;
  const setPicked = (next: readonly string[], why: Hint = null): void => setEntry({ game, picked: next, hint: why });

  const targets = canMove && picked.length > 0 ? moveInput(game, picked).targets : [];
  const { pieces, taken } = chainPieces(game, picked);

  const finish = (path: readonly string[]): void => {
    setPicked([]);
    onMove(path);
  };

  const onPick = (point: string): void => {
    // A click that does nothing says why, in words, for a player (illegal clicks used to pass silently).
    if (!canMove) {
      if (player && !game.result) setPicked([], 'notYourMove');
      return;
    }
    const outcome = pickPoint(game, picked, point);
    if (outcome.kind === 'picked') setPicked(outcome.picked);
    else if (outcome.kind === 'move') finish(outcome.path);
    else setPicked(picked, picked.length === 0 ? 'cannotMove' : 'notTarget');
  };

  const pointLabel = (point: string, piece: Piece | null): string =>
    t('board.point', { point, piece: t(piece ? `board.piece.${piece}` : 'board.empty') });
  const pointState = (point: string): string | undefined => {
    if (picked.includes(point)) return t('board.picked');
    if (targets.includes(point)) return t('board.target');
    return undefined;
  };

  return (
    <div
      className="game-board"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setPicked([]);
      }}
    >
      <div className={player ? 'game-board__actions game-board__actions--kept' : 'game-board__actions'}>
        {canEndChain(game, picked) && (
          <button type="button" onClick={() => finish(picked)}>
            {t('board.endMove')}
          </button>
        )}
        {picked.length > 0 && (
          <button type="button" className="secondary" onClick={() => setPicked([])}>
            {t('board.cancel')}
          </button>
        )}
        {picked.length === 0 && !hint && idle}
        {hint && (
          <p className="game-board__hint" role="note">
            {t(`board.hint.${hint}`)}
          </p>
        )}
      </div>
      <Board
        board={game.variant.board}
        pieces={pieces}
        targets={targets}
        picked={picked}
        taken={taken}
        marked={markedPoints(game)}
        lastMove={lastMovePath(game)}
        flipped={flipped}
        pointLabel={pointLabel}
        pointState={pointState}
        onPick={onPick}
        title={t('board.title')}
      />
    </div>
  );
}
