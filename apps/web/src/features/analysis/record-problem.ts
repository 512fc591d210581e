// Why a pasted record does not read, in the reader's language: each problem code of readRecord (@fg/rules) has its
// own sentence, filled with the problem's data; the English message the rules CLI prints is never shown.
import type { RecordProblem } from '@fg/rules';
import type { TFunction } from 'i18next';

import { moveNumber } from '../../components/review/move-number';

/** The translation key (under analysis.record.problem) and values of a problem. */
function recordProblemWords(problem: RecordProblem): { key: string; values: Record<string, unknown> } {
  const key = (name: string, values: Record<string, unknown> = {}) => ({
    key: `analysis.record.problem.${name}`,
    values,
  });
  switch (problem.code) {
    case 'bad-tag':
      return key('badTag', { line: problem.line, text: problem.text });
    case 'no-variant-tag':
      return key('noVariantTag');
    case 'no-options-tag':
      return key('noOptionsTag');
    case 'bad-option-pair':
      return key('badOptionPair', { pair: problem.pair });
    case 'unknown-variant':
      return key('unknownVariant', { variant: problem.variant, expected: problem.expected });
    case 'unknown-option':
      return key('unknownOption', { variant: problem.variant, name: problem.name });
    case 'bad-option-value':
      return key('badOptionValue', {
        variant: problem.variant,
        name: problem.name,
        value: String(problem.value),
        expected: problem.expected.map(String),
      });
    case 'missing-options':
      return key('missingOptions', { variant: problem.variant, names: problem.names });
    case 'no-result':
      return problem.found === null ? key('noMoves') : key('noResult', { found: problem.found });
    case 'result-disagrees':
      return key('resultDisagrees', { tag: problem.tag, last: problem.last });
    case 'not-move-text':
      // Numbered as the move list and the record number moves: in pairs (ply 3 is move 2).
      return key('notMoveText', { text: problem.text, number: moveNumber(problem.ply - 1) });
  }
}

/** The whole sentence: "This record cannot be read: <the problem in words>". */
export function recordProblemText(t: TFunction, problem: RecordProblem): string {
  const words = recordProblemWords(problem);
  return t('analysis.record.bad', { reason: t(words.key, words.values) });
}
