import { getVariant, newGame } from '@fg/rules';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';

import { fourLanguages } from '../../i18n/four-languages';
import { positionText } from '../../lib/analysis-url';
import { PlayFromHere } from './PlayFromHere';
import { readSetUp } from './position-editor';
import { PositionEditor } from './PositionEditor';

// The analysis page's side words in four languages: Two Foxes says "foxes" on the buttons of "Play from here" and on
// the editor's side-to-move radios; the one-fox variants keep "fox".
function variantOf(id: string) {
  const variant = getVariant(id);
  if (!variant.ok) throw new Error(variant.error.message);
  return variant.value;
}

// Language, variant, then the two buttons of "Play from here" and the two radios of the editor (fox side first).
const CASES: [string, string, [string, string], [string, string]][] = [
  ['en', 'two-foxes', ['Play the foxes', 'Play the geese'], ['Foxes', 'Geese']],
  ['ru', 'two-foxes', ['Играть за лис', 'Играть за гусей'], ['Лисы', 'Гуси']],
  ['pl', 'two-foxes', ['Graj lisami', 'Graj gęsiami'], ['Lisy', 'Gęsi']],
  ['hu', 'two-foxes', ['Játék a rókákkal', 'Játék a libákkal'], ['Rókák', 'Libák']],
  ['en', 'standard', ['Play the fox', 'Play the geese'], ['Fox', 'Geese']],
  ['ru', 'standard', ['Играть за лису', 'Играть за гусей'], ['Лиса', 'Гуси']],
  ['pl', 'big-cross', ['Graj lisem', 'Graj gęsiami'], ['Lis', 'Gęsi']],
  ['hu', 'raevskak', ['Játék a rókával', 'Játék a libákkal'], ['Róka', 'Libák']],
];

describe('the analysis page names the fox side in the variant’s number', () => {
  it.each(CASES)('%s, %s: Play from here', (language, id, buttons) => {
    render(
      <I18nextProvider i18n={fourLanguages(language)}>
        <PlayFromHere game={newGame(variantOf(id))} />
      </I18nextProvider>,
    );
    const play = document.querySelector('.play-from-here__buttons') as HTMLElement;
    expect([...play.querySelectorAll('button')].map((b) => b.textContent)).toEqual(buttons);
  });

  it.each(CASES)('%s, %s: the editor’s side to move', (language, id, _buttons, radios) => {
    const variant = variantOf(id);
    const initial = readSetUp(variant, positionText(newGame(variant)));
    if ('error' in initial) throw new Error(initial.error);
    render(
      <I18nextProvider i18n={fourLanguages(language)}>
        <PositionEditor variant={variant} initial={initial} onAnalyse={() => {}} onCancel={() => {}} />
      </I18nextProvider>,
    );
    const turn = document.querySelector('.position-editor__turn') as HTMLElement;
    expect([...turn.querySelectorAll('label')].map((l) => l.textContent?.trim())).toEqual(radios);
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });
});
