import { readRecord, type RecordProblem } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { fourLanguages } from '../../i18n/four-languages';
import { recordProblemText } from './record-problem';

const i18n = fourLanguages();
const words = (language: string, problem: RecordProblem): string =>
  recordProblemText(i18n.getFixedT(language), problem);

const problemOf = (text: string): RecordProblem => {
  const read = readRecord(text);
  if (read.ok) throw new Error('the record read');
  return read.error.problem;
};

const BIG = '[Variant "big-cross"]\n[Options ""]\n';
const STD = '[Variant "standard"]\n';
// Each bad record: its problem code, then the sentence in en, ru, pl and hu.
const CASES: [RecordProblem['code'], string, [string, string, string, string]][] = [
  [
    'bad-tag',
    `${BIG}[Site "x"]\n[Variant standard]\n\n*`,
    [
      'This record cannot be read: line 4 is not a tag: [Variant standard] (a tag reads [Name "value"]).',
      'Запись не читается: строка 4 не является тегом: [Variant standard] (тег пишется так: [Имя "значение"]).',
      'Nie da się odczytać zapisu: wiersz 4 nie jest znacznikiem: [Variant standard] (znacznik ma postać [Nazwa "wartość"]).',
      'A leírás nem olvasható: a(z) 4. sor nem címke: [Variant standard] (egy címke így néz ki: [Név "érték"]).',
    ],
  ],
  [
    'no-variant-tag',
    '[Options ""]\n\n*',
    [
      'This record cannot be read: the Variant tag is missing (as in [Variant "standard"]).',
      'Запись не читается: нет тега Variant (например, [Variant "standard"]).',
      'Nie da się odczytać zapisu: brak znacznika Variant (np. [Variant "standard"]).',
      'A leírás nem olvasható: hiányzik a Variant címke (például [Variant "standard"]).',
    ],
  ],
  [
    'no-options-tag',
    `${STD}\n*`,
    [
      'This record cannot be read: the Options tag is missing (as in [Options "geese=13 sideways=false"]).',
      'Запись не читается: нет тега Options (например, [Options "geese=13 sideways=false"]).',
      'Nie da się odczytać zapisu: brak znacznika Options (np. [Options "geese=13 sideways=false"]).',
      'A leírás nem olvasható: hiányzik az Options címke (például [Options "geese=13 sideways=false"]).',
    ],
  ],
  [
    'bad-option-pair',
    `${STD}[Options "geese"]\n\n*`,
    [
      'This record cannot be read: “geese” in the Options tag is not name=value (as in geese=13).',
      'Запись не читается: «geese» в теге Options не имеет вида имя=значение (например, geese=13).',
      'Nie da się odczytać zapisu: „geese” w znaczniku Options nie ma postaci nazwa=wartość (np. geese=13).',
      'A leírás nem olvasható: az Options címkében a(z) „geese” nem név=érték alakú (például geese=13).',
    ],
  ],
  [
    'unknown-variant',
    '[Variant "foxes-9"]\n[Options ""]\n\n*',
    [
      'This record cannot be read: there is no variant “foxes-9” (the variants: standard, two-foxes, big-cross, or raevskak).',
      'Запись не читается: варианта «foxes-9» нет (есть варианты: standard, two-foxes, big-cross или raevskak).',
      'Nie da się odczytać zapisu: nie ma wariantu „foxes-9” (warianty: standard, two-foxes, big-cross lub raevskak).',
      'A leírás nem olvasható: nincs „foxes-9” nevű változat (a változatok: standard, two-foxes, big-cross vagy raevskak).',
    ],
  ],
  [
    'unknown-option',
    `${STD}[Options "geese=13 tempo=3"]\n\n*`,
    [
      'This record cannot be read: the variant standard has no option “tempo”.',
      'Запись не читается: у варианта standard нет параметра «tempo».',
      'Nie da się odczytać zapisu: wariant standard nie ma opcji „tempo”.',
      'A leírás nem olvasható: a(z) standard változatnak nincs „tempo” beállítása.',
    ],
  ],
  [
    'bad-option-value',
    `${STD}[Options "geese=14 sideways=false"]\n\n*`,
    [
      'This record cannot be read: the option geese of standard cannot be 14 (it can be 13, 15, or 17).',
      'Запись не читается: параметр geese варианта standard не может быть равен 14 (возможно: 13, 15 или 17).',
      'Nie da się odczytać zapisu: opcja geese wariantu standard nie może mieć wartości 14 (dozwolone: 13, 15 lub 17).',
      'A leírás nem olvasható: a(z) standard változat geese beállítása nem lehet 14 (lehet: 13, 15 vagy 17).',
    ],
  ],
  [
    'missing-options',
    `${STD}[Options "geese=13"]\n\n*`,
    [
      'This record cannot be read: the Options tag leaves out sideways; a record gives every option of its variant.',
      'Запись не читается: в теге Options не хватает: sideways; запись указывает все параметры своего варианта.',
      'Nie da się odczytać zapisu: w znaczniku Options brakuje: sideways; zapis podaje wszystkie opcje swojego wariantu.',
      'A leírás nem olvasható: az Options címkéből hiányzik: sideways; a leírás a változat minden beállítását megadja.',
    ],
  ],
  [
    'no-result',
    `${BIG}\n1. d5-d4`,
    [
      'This record cannot be read: the moves must end with the result (fox, geese, draw or *), but the last word is “d5-d4”.',
      'Запись не читается: ходы должны заканчиваться результатом (fox, geese, draw или *), а последнее слово — «d5-d4».',
      'Nie da się odczytać zapisu: ruchy muszą kończyć się wynikiem (fox, geese, draw lub *), a ostatnie słowo to „d5-d4”.',
      'A leírás nem olvasható: a lépéseknek az eredménnyel kell végződniük (fox, geese, draw vagy *), de az utolsó szó: „d5-d4”.',
    ],
  ],
  [
    'no-result',
    `${BIG}\n`,
    [
      'This record cannot be read: after the tags come the moves and the result (fox, geese, draw or *), and here there is nothing.',
      'Запись не читается: после тегов должны идти ходы и результат (fox, geese, draw или *), а здесь ничего нет.',
      'Nie da się odczytać zapisu: po znacznikach powinny być ruchy i wynik (fox, geese, draw lub *), a tu nie ma nic.',
      'A leírás nem olvasható: a címkék után a lépéseknek és az eredménynek (fox, geese, draw vagy *) kell következniük, de itt nincs semmi.',
    ],
  ],
  [
    'result-disagrees',
    `${BIG}[Result "fox"]\n\ngeese`,
    [
      'This record cannot be read: the Result tag says fox, but the moves end with geese.',
      'Запись не читается: по тегу Result итог — fox, а ходы заканчиваются на geese.',
      'Nie da się odczytać zapisu: znacznik Result podaje fox, a ruchy kończą się na geese.',
      'A leírás nem olvasható: a Result címke szerint fox, de a lépések vége geese.',
    ],
  ],
  [
    'not-move-text',
    `${BIG}\n1. d5-d4 d3-e3 2. hello *`,
    [
      'This record cannot be read: “hello” (move 2) is not a move; moves read like d4-d5 or d4xd6xf6.',
      'Запись не читается: «hello» (ход 2) — не ход; ходы пишутся как d4-d5 или d4xd6xf6.',
      'Nie da się odczytać zapisu: „hello” (ruch 2) nie jest ruchem; ruchy zapisuje się jak d4-d5 lub d4xd6xf6.',
      'A leírás nem olvasható: a(z) „hello” (2. lépés) nem lépés; a lépések így néznek ki: d4-d5 vagy d4xd6xf6.',
    ],
  ],
];

// Every code readRecord gives; the compiler holds this list to RecordProblem's codes.
const CODES = Object.keys({
  'bad-tag': 1,
  'no-variant-tag': 1,
  'no-options-tag': 1,
  'bad-option-pair': 1,
  'unknown-variant': 1,
  'unknown-option': 1,
  'bad-option-value': 1,
  'missing-options': 1,
  'no-result': 1,
  'result-disagrees': 1,
  'not-move-text': 1,
} satisfies Record<RecordProblem['code'], 1>);

// Words of the English sentences that must not stand in another language's (the record's own words, such as the tag
// names Variant, Options and Result, the result words fox and geese, and the move text, are data and may).
// Letters around a word count in every script (a plain \b would split Hungarian 'beállítás' after 'be').
const ENGLISH =
  /(?<!\p{L})(the|this|record|cannot|read|line|tag|is|not|missing|as|in|there|no|variant|option|must|end|moves?|but|last|word|after|says|reads?|like|can|be|of|leaves|out|gives|every)(?!\p{L})/iu;
const dataRemoved = (text: string): string =>
  text.replace(
    /\[[^\]]*\]|[a-z]\d+[-x][a-z]\d+(?:x[a-z]\d+)*|\b(Variant|Options|Result|fox|geese|draw|standard|two-foxes|big-cross|raevskak|sideways|tempo|hello|foxes-9)\b/g,
    '',
  );

describe('recordProblemText', () => {
  it('words every problem code', () => {
    expect([...new Set(CASES.map(([code]) => code))].sort()).toEqual([...CODES].sort());
  });

  it.each(CASES)('%s: %j', (code, text, [english, russian, polish, hungarian]) => {
    const problem = problemOf(text);
    expect(problem.code).toBe(code);
    expect(['en', 'ru', 'pl', 'hu'].map((language) => words(language, problem))).toEqual([
      english,
      russian,
      polish,
      hungarian,
    ]);
  });

  it.each(CASES)('%s: no English words in ru, pl or hu', (_code, text) => {
    const problem = problemOf(text);
    expect(ENGLISH.test(dataRemoved(words('en', problem)))).toBe(true); // the check sees English where it is
    for (const language of ['ru', 'pl', 'hu']) expect(dataRemoved(words(language, problem)).match(ENGLISH)).toBeNull();
  });
});
