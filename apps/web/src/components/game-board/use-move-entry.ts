// What the player's picks on the board mean: a move point by point on the player's turn (with an
// optional confirmation), a premove during the opponent's turn, and the hint when a pick does nothing.
// The rules library answers every question; this hook only keeps the picks.
import { type Game, makeMoveText, movablePoints, moveInput, type Side } from '@fg/rules';
import { useEffect, useRef, useState } from 'react';

import { chainPieces, pickPoint } from './move-entry';
import { premoveGame, premoveOutcome } from './premove';

/** Why a pick did nothing, said in the bar above the board. */
export type Hint = 'notYourMove' | 'cannotMove' | 'notTarget';

/** What the board is told and how its picks are answered. */
export interface MoveEntryOptions {
  readonly game: Game; // the game as shown
  readonly side: Side | null; // the viewer's seat
  readonly canMove: boolean; // the viewer's turn, in play, online, the live position shown
  readonly canPremove: boolean; // the opponent's turn, in play, online, the live position shown
  readonly playing: boolean; // the game is on: hints are shown only then
  readonly confirmMoves: boolean; // a finished move waits for "Confirm move"
  readonly onMove: (path: readonly string[]) => void;
}

interface Entry {
  readonly game: Game; // picks belong to one position: a new one drops them
  readonly picked: readonly string[];
  readonly hint: Hint | null;
  readonly confirm: readonly string[] | null; // a finished move waiting for confirmation
}

interface Premove {
  readonly game: Game; // the position it was entered in (the opponent to move)
  readonly picked: readonly string[]; // [from] while its target is chosen, or [from, to] once set
}

/** The picks, marks and actions of the board. */
export function useMoveEntry({ game, side, canMove, canPremove, playing, confirmMoves, onMove }: MoveEntryOptions) {
  const [entry, setEntry] = useState<Entry>({ game, picked: [], hint: null, confirm: null });
  const [premove, setPremove] = useState<Premove | null>(null);
  const played = useRef<Premove | null>(null);

  // A premove set in the position just before this one, now that it is the player's turn.
  const due =
    canMove && premove && premove.picked.length === 2 && premove.game.moves.length + 1 === game.moves.length
      ? premoveOutcome(game, premove.picked)
      : null;
  const current = entry.game === game;
  const picked = canMove ? (current ? entry.picked : due?.kind === 'chain' ? due.picked : []) : [];
  const confirm = canMove && current ? entry.confirm : null;
  const hint = current && playing ? entry.hint : null;
  const shownPremove = canPremove && premove?.game === game ? premove.picked : [];
  const premoveSet = shownPremove.length === 2 ? shownPremove : [];
  const premovePicked = shownPremove.length === 1 ? shownPremove : [];
  const asPlayer = side && canPremove ? premoveGame(game, side) : null;

  // Played at once when it is legal: the move goes out in the render after the opponent's move arrives.
  useEffect(() => {
    if (due?.kind !== 'move' || !premove || played.current === premove) return;
    played.current = premove;
    onMove(due.path);
  }, [due, premove, onMove]);

  const set = (next: readonly string[], why: Hint | null = null, waiting: readonly string[] | null = null): void =>
    setEntry({ game, picked: next, hint: why, confirm: waiting });
  const finish = (path: readonly string[]): void => {
    if (confirmMoves) return set(path, null, path);
    set([]);
    onMove(path);
  };

  const pickPremove = (point: string): void => {
    if (!asPlayer) return;
    const from = premovePicked[0];
    const own = movablePoints(asPlayer).includes(point);
    if (from && point !== from && moveInput(asPlayer, [from]).targets.includes(point))
      return setPremove({ game, picked: [from, point] });
    // A click elsewhere cancels a premove (or its half-picked start); on another own piece it starts a new one.
    if (!own && !from && premoveSet.length === 0) return set([], 'notYourMove'); // nothing to cancel: say why
    setPremove(own && point !== from && premoveSet[0] !== point ? { game, picked: [point] } : null);
  };

  const onPick = (point: string): void => {
    if (canPremove) return pickPremove(point);
    // A click that does nothing says why, in words, for a player.
    if (!canMove) {
      if (side && playing) set([], 'notYourMove');
      return;
    }
    if (confirm) return set([]); // a click on the board takes the waiting move back
    const outcome = pickPoint(game, picked, point);
    if (outcome.kind === 'picked') set(outcome.picked);
    else if (outcome.kind === 'move') finish(outcome.path);
    else set(picked, picked.length === 0 ? 'cannotMove' : 'notTarget');
  };

  const canDrag = (point: string): boolean => {
    if (canMove) return !confirm && (movablePoints(game).includes(point) || picked[picked.length - 1] === point);
    return asPlayer !== null && movablePoints(asPlayer).includes(point);
  };

  const targets = canMove && picked.length > 0 ? moveInput(game, picked).targets : [];
  const premoveTargets = asPlayer && premovePicked.length === 1 ? moveInput(asPlayer, premovePicked).targets : [];
  const { pieces, taken } = chainPieces(game, picked);

  return {
    pieces,
    taken,
    picked: premovePicked.length > 0 ? premovePicked : picked,
    targets: premoveTargets.length > 0 ? premoveTargets : targets,
    premove: premoveSet,
    hint,
    confirm,
    confirmText: confirm ? moveTextOf(game, confirm) : null,
    premoveText: premoveSet.length === 2 ? moveTextOf(game, premoveSet) : null,
    chainPicked: picked,
    onPick,
    canDrag,
    finish,
    confirmMove: () => {
      if (!confirm) return;
      set([]);
      onMove(confirm);
    },
    cancel: () => set([]),
    cancelPremove: () => setPremove(null),
  };
}

/** A path in the notation ('d4-d5', 'd6xd4xd2'). */
function moveTextOf(game: Game, path: readonly string[]): string {
  const { board } = game.variant;
  return makeMoveText(
    board,
    path.map((name) => board.pointIndex(name)),
  );
}
