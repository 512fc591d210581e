import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { runBatchLine, runCommand, splitWords } from './command.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('rules command line', () => {
  it.each([
    [['perft', 'standard', '2'], ['89']],
    [['perft', 'standard', '2', '--geese', '17'], ['87']],
    [['perft', 'two-foxes', '1'], ['6']],
    [['perft', 'big-cross', '2'], ['68']],
    [['perft', 'raevskak', '2'], ['86']],
    [['perft', 'standard', '0'], ['1']],
    [['perft', '--geese', '17', 'standard', '2'], ['87']],
    [['perft', '--sideways', 'standard', '--geese=15', '2'], ['99']],
    [['perft', 'standard', '4', '--sideways=true'], ['11664']],
    [['perft', 'standard', '4', '--sideways=false'], ['9778']],
    [['perft', 'standard', '1', '--position', 'fox:d4 geese:d5,e5,e4,a3 turn:fox'], ['11']],
    [
      ['moves', 'standard'],
      ['d4-c4', 'd4-c5', 'd4-d5', 'd4-e4', 'd4-e5'],
    ],
    [
      ['moves', 'standard', '--position', 'fox:d4 geese:d5,e5,e4,a3 turn:fox'],
      [
        'd4-c3',
        'd4-c4',
        'd4-c5',
        'd4-d3',
        'd4-e3',
        'd4xd6',
        'd4xd6xf4',
        'd4xd6xf4xd4',
        'd4xf4',
        'd4xf4xd6',
        'd4xf4xd6xd4',
      ],
    ],
    [['moves', 'standard', '--position', 'fox:d4 geese:d5,a3,g3 turn:fox'], []],
    [
      ['play', 'standard', 'd4-c5', 'c3-c4'],
      ['position: fox:c5 geese:c1,d1,e1,c2,d2,e2,a3,b3,d3,e3,f3,g3,c4 turn:fox quiet:0', 'result: none'],
    ],
    [
      [
        'play',
        'standard',
        '--sideways',
        '--position',
        'fox:d6 geese:a3,b3,c3,g3 turn:fox',
        'd6-d7',
        'g3-f3',
        'd7-d6',
        'f3-g3',
        'd6-d7',
        'g3-f3',
        'd7-d6',
        'f3-g3',
      ],
      ['position: fox:d6 geese:a3,b3,c3,g3 turn:fox quiet:8', 'result: draw threefold-repetition'],
    ],
    [
      ['play', 'standard', '--position', 'fox:c7 geese:c5,e5,c6,d6,e6,e7 turn:geese', 'e6-d7'],
      ['position: fox:c7 geese:c5,e5,c6,d6,d7,e7 turn:fox quiet:0', 'result: geese fox-trapped'],
    ],
    [
      ['play', 'standard', '--position=fox:d4 geese:d5,a3,g3,c1 turn:fox', 'd4xd6'],
      ['position: fox:d6 geese:c1,a3,g3 turn:geese quiet:0', 'result: fox geese-reduced'],
    ],
  ])('%j prints %j', (words, lines) => {
    expect(runCommand(words)).toEqual({ status: 0, lines });
  });

  it.each([
    [['play', 'standard', 'd4-d6'], 1, 'move 1: d4xd6: there is no goose on d5 to jump'],
    [['play', 'standard', 'd4-c5', 'c3-c2'], 1, 'move 2: c3-c2: c2 is occupied'],
    [['play', 'standard', 'd4-c5', 'c4-c5'], 1, 'move 2: c4-c5: there is no piece on c4'],
    [
      ['play', 'standard', '--position', 'fox:d4 geese:d5,a3,g3,c1 turn:fox', 'd4xd6', 'a3-a4'],
      1,
      'move 2: a3-a4: the game is over (fox geese-reduced)',
    ],
    [['perft', 'foxes-9', '2'], 2, 'unknown variant "foxes-9"; expected standard | two-foxes | big-cross | raevskak'],
    [['perft', 'standard', 'x'], 2, 'bad depth "x"; expected a whole number from 0 to 99'],
    [['perft', 'standard', '-1'], 2, 'bad depth "-1"; expected a whole number from 0 to 99'],
    [['perft', 'standard', '2', '--geese', '14'], 2, 'bad geese 14 for standard; expected 13 | 15 | 17'],
    [['perft', 'two-foxes', '2', '--sideways'], 2, 'unknown option "sideways" for two-foxes; it takes none'],
    [
      ['perft', 'standard', '2', '--sideways=no'],
      2,
      'bad --sideways="no"; expected --sideways, --sideways=true or --sideways=false',
    ],
    [
      ['moves', 'standard', '--position', 'fox:d4 geese:c1 turn:owl'],
      2,
      'bad position: bad turn "owl"; expected fox | geese',
    ],
    [
      ['moves', 'standard', '--colour'],
      2,
      'unknown flag "--colour"; expected --geese N, --sideways or --position "<text>"',
    ],
    [['fly', 'standard'], 2, 'unknown command "fly"; expected perft | moves | play | replay | batch'],
    [[], 2, 'missing command; expected perft | moves | play | replay | batch'],
    [['perft'], 2, 'missing variant; expected standard | two-foxes | big-cross | raevskak'],
    [['perft', 'standard'], 2, 'bad depth ""; expected a whole number from 0 to 99'],
    [['perft', 'standard', '2', '--geese'], 2, 'bad --geese ""; expected 13 | 15 | 17'],
    [['perft', 'standard', '2', '--position'], 2, '--position needs position text'],
  ])('%j fails with status %i', (words, status, error) => {
    expect(runCommand(words)).toEqual({ status, lines: [], error });
  });

  it.each([
    ['perft standard 2', ['89', '.']],
    [
      'moves standard --position "fox:d4 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3 turn:fox"',
      ['d4-c4', 'd4-c5', 'd4-d5', 'd4-e4', 'd4-e5', '.'],
    ],
    ['play standard d4-d7', ['error: move 1: d4-d7: d7 is neither linked to d4 nor a jump away along a line', '.']],
    ['perft nope 1', ['error: unknown variant "nope"; expected standard | two-foxes | big-cross | raevskak', '.']],
    ['moves standard --position "fox:d4', ['error: unbalanced double quotes', '.']],
  ])('batch answers "%s"', (line, lines) => {
    expect(runBatchLine(line)).toEqual(lines);
  });

  it('splits words, keeping quoted text whole', () => {
    expect(splitWords('play standard --position "fox:d4 geese:c1 turn:fox"  d4-d5')).toEqual([
      'play',
      'standard',
      '--position',
      'fox:d4 geese:c1 turn:fox',
      'd4-d5',
    ]);
    expect(splitWords('moves standard --position="fox:d4 geese:c1 turn:fox" ""')).toEqual([
      'moves',
      'standard',
      '--position=fox:d4 geese:c1 turn:fox',
      '',
    ]);
    expect(splitWords('  ')).toEqual([]);
  });

  it('runs as `pnpm --silent rules` from the repository root, with exit statuses', () => {
    const run = (args: string[], input?: string) =>
      spawnSync('pnpm', ['--silent', 'rules', ...args], { cwd: root, input, encoding: 'utf8' });
    const perft = run(['perft', 'standard', '2']);
    expect([perft.status, perft.stdout]).toEqual([0, '89\n']);
    const illegal = run(['play', 'standard', 'd4-d6']);
    expect([illegal.status, illegal.stdout, illegal.stderr.split('\n')[0]]).toEqual([
      1,
      '',
      'move 1: d4xd6: there is no goose on d5 to jump',
    ]);
    const bad = run(['perft', 'standard', 'deep']);
    expect([bad.status, bad.stderr.split('\n')[0]]).toEqual([
      2,
      'bad depth "deep"; expected a whole number from 0 to 99',
    ]);
    const batch = run(['batch'], 'perft raevskak 2\n\nplay standard d4-d5\nperft x 1\n');
    expect([batch.status, batch.stdout]).toEqual([
      0,
      '86\n.\nposition: fox:d5 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3 turn:geese quiet:1\nresult: none\n.\nerror: unknown variant "x"; expected standard | two-foxes | big-cross | raevskak\n.\n',
    ]);
  });
});
