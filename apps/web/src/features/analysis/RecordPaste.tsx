// "Paste a game record": a record of docs/rules.md section 9 pasted in, read, replayed, and opened in the analysis of
// its variant and options; a record that does not read, or a move that is not legal, is said in words.
import { newGame, playMoveText, readRecord } from '@fg/rules';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { moveNumber } from '../../components/review/move-number';
import { analysisPath } from '../../lib/analysis-url';
import { recordProblemText } from './record-problem';

/** Where a pasted record opens, or what is wrong with it in words. */
function recordAnalysis(t: TFunction, text: string): { path: string } | { error: string } {
  if (text.trim() === '') return { error: t('analysis.record.empty') };
  const read = readRecord(text);
  if (!read.ok) return { error: recordProblemText(t, read.error.problem) };
  let game = newGame(read.value.variant);
  for (const [i, move] of read.value.moves.entries()) {
    const played = playMoveText(game, move);
    // Numbered as the move list numbers moves: in pairs (the third ply is move 2).
    if (!played.ok) return { error: t('analysis.record.illegal', { number: moveNumber(i), move }) };
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
        const opened = recordAnalysis(t, text);
        if ('path' in opened) return onOpen(opened.path);
        setError(opened.error);
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
