// "Paste a game record": a record of docs/rules.md section 9 pasted in, read, replayed, and opened in the analysis of
// its variant and options; a record that does not read, or a move that is not legal, is said in words.
import { newGame, playMoveText, readRecord } from '@fg/rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { analysisPath } from '../../lib/analysis-url';

/** Where a pasted record opens, or what is wrong with it (as a translation key and its values). */
function recordAnalysis(text: string): { path: string } | { key: string; values: Record<string, unknown> } {
  if (text.trim() === '') return { key: 'analysis.record.empty', values: {} };
  const read = readRecord(text);
  if (!read.ok) return { key: 'analysis.record.bad', values: { reason: read.error.message } };
  let game = newGame(read.value.variant);
  for (const [i, move] of read.value.moves.entries()) {
    const played = playMoveText(game, move);
    if (!played.ok) return { key: 'analysis.record.illegal', values: { number: i + 1, move } };
    game = played.value;
  }
  return { path: analysisPath(read.value.variant, { moves: read.value.moves }) };
}

/** The form: a text area and "Analyse the game". */
export function RecordPaste({ onOpen }: { onOpen: (path: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="record-paste"
      onSubmit={(event) => {
        event.preventDefault();
        const opened = recordAnalysis(text);
        if ('path' in opened) return onOpen(opened.path);
        setError(t(opened.key, opened.values));
      }}
    >
      <label htmlFor={`${id}-record`}>{t('analysis.record.label')}</label>
      <p className="muted" id={`${id}-hint`}>
        {t('analysis.record.hint')}
      </p>
      <textarea
        id={`${id}-record`}
        rows={6}
        value={text}
        spellCheck={false}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
      {error && (
        <p className="notice notice--error" role="alert" id={`${id}-error`}>
          {error}
        </p>
      )}
      <button type="submit">{t('analysis.record.open')}</button>
    </form>
  );
}
