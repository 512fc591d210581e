// A list of moves people can read (lib/readable-moves.ts): steps and the longest forms of chains as buttons, the
// forms of one first jump grouped and opened on request, so a keep list never fills more than a phone's screen.
import { useTranslation } from 'react-i18next';

import { readableMoves } from '../../lib/readable-moves';

/** One move: a button that plays it, or its text. */
function MoveItem({ move, onPlay }: { move: string; onPlay: ((move: string) => void) | undefined }) {
  return onPlay ? (
    <button type="button" className="link-button move-groups__move" onClick={() => onPlay(move)}>
      <code>{move}</code>
    </button>
  ) : (
    <code className="move-groups__move">{move}</code>
  );
}

/** The moves, chains grouped under their first jump; with `onPlay`, each plays on click. */
export function MoveGroups({ moves, onPlay }: { moves: readonly string[]; onPlay?: (move: string) => void }) {
  const { t } = useTranslation();
  return (
    <span className="move-groups">
      {readableMoves(moves).map((group) =>
        group.moves.length === 1 ? (
          <MoveItem key={group.first} move={group.moves[0]!} onPlay={onPlay} />
        ) : (
          <details key={group.first} className="move-groups__group">
            <summary>
              <code>{`${group.first}…`}</code>{' '}
              <span className="muted">{t('judge.forms', { count: group.moves.length })}</span>
            </summary>
            {group.moves.map((move) => (
              <MoveItem key={move} move={move} onPlay={onPlay} />
            ))}
          </details>
        ),
      )}
    </span>
  );
}
