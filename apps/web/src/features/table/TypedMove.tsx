// Typing a move (`d4-d5`, `d4xd6xf6`), checked by the rules library before it is offered.
import { type Game, makeMoveText, parseMoveText, playPath } from '@fg/rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of the typed-move field. */
export interface TypedMoveProps {
  readonly game: Game;
  readonly onMove: (path: readonly string[]) => void;
}

/** A field for move text; a bad or illegal move is explained and never sent. */
export function TypedMove({ game, onMove }: TypedMoveProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const board = game.variant.board;
  return (
    <form
      className="typed-move"
      onSubmit={(event) => {
        event.preventDefault();
        const path = parseMoveText(board, text);
        if (!path.ok) return setError(t('typed.badText'));
        const played = playPath(game, path.value);
        if (!played.ok) return setError(t(`errors.${played.error.code}`));
        if (makeMoveText(board, path.value) !== text.trim().toLowerCase()) return setError(t('typed.badText'));
        setError(null);
        setText('');
        onMove(path.value.map((p) => board.points[p]!.name));
      }}
    >
      <label htmlFor={id}>{t('typed.label')}</label>
      <div className="share__row">
        <input
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="d4-d5"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit">{t('typed.play')}</button>
      </div>
      {error && (
        <p id={`${id}-error`} className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
