// The playable board: the rules library says what a pick means; the board only draws and reports.
import { type Game, moveInput } from '@fg/rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Board, type Piece } from '../../board/Board';
import { canEndChain, lastMovePath, pickPoint, piecesOf } from './move-entry';

/** Props of the playable board. */
export interface GameBoardProps {
  readonly game: Game;
  readonly canMove: boolean; // the viewer holds the side to move and play is on
  readonly onMove: (path: readonly string[]) => void; // a legal, confirmed move
}

/** The board of a game with move entry point by point and "End move here". */
export function GameBoard({ game, canMove, onMove }: GameBoardProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<readonly string[]>([]);

  // A new position (a move by anyone, a resync) drops a half-entered move.
  useEffect(() => {
    setPicked([]);
  }, [game]);

  const targets = canMove && picked.length > 0 ? moveInput(game, picked).targets : [];

  const finish = (path: readonly string[]): void => {
    setPicked([]);
    onMove(path);
  };

  const onPick = (point: string): void => {
    if (!canMove) return;
    const outcome = pickPoint(game, picked, point);
    if (outcome.kind === 'picked') setPicked(outcome.picked);
    else if (outcome.kind === 'move') finish(outcome.path);
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
      <Board
        board={game.variant.board}
        pieces={piecesOf(game)}
        targets={targets}
        picked={picked}
        lastMove={lastMovePath(game)}
        pointLabel={pointLabel}
        pointState={pointState}
        onPick={onPick}
        title={t('board.title')}
      />
      <div className="game-board__actions">
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
      </div>
    </div>
  );
}
