// The move journal's file on a real disk: whole lines in, whole lines out, a crash's cut line left out.
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { journalLine, MoveJournal, parseJournal } from './move-journal.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

const tempFile = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'fg-journal-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'tables.sqlite-moves');
};

const open = (path: string): MoveJournal => {
  const journal = new MoveJournal(path, false);
  cleanups.push(() => journal.close());
  return journal;
};

describe('journal lines', () => {
  it.each([
    [
      { id: 'aaaaaaaaaaaa', ply: 0, move: 'd4-d5', at: 1700000000000, takebacks: 0 },
      'aaaaaaaaaaaa\t0\td4-d5\t1700000000000\t0\n',
    ],
    [{ id: 'A_b-c0123456', ply: 41, move: 'c3xe3xe5', at: null, takebacks: 3 }, 'A_b-c0123456\t41\tc3xe3xe5\t\t3\n'],
  ])('writes %o as one line and reads it back', (entry, line) => {
    expect(journalLine(entry)).toBe(line);
    expect(parseJournal(line)).toEqual([entry]);
  });

  it('reads a line written before lines counted takebacks, its count unknown', () => {
    expect(parseJournal('aaaaaaaaaaaa\t2\td4-d5\t17\n')).toEqual([
      { id: 'aaaaaaaaaaaa', ply: 2, move: 'd4-d5', at: 17, takebacks: null },
    ]);
  });

  it.each([
    ['a line cut short by a crash', 'aaaaaaaaaaaa\t0\td4-d5\t1\naaaaaaaaaaaa\t1\ta3-a', ['d4-d5']],
    [
      'a line not written by the server',
      'aaaaaaaaaaaa\t0\td4-d5\t1\nnot a move\naaaaaaaaaaaa\t1\ta3-a4\t2\n',
      ['d4-d5', 'a3-a4'],
    ],
    ['an empty file', '', []],
  ])('leaves out %s', (_name, text, moves) => {
    expect(parseJournal(text).map((entry) => entry.move)).toEqual(moves);
  });
});

describe('the journal file', () => {
  it('keeps appended lines across a reopen, and is empty once cleared', () => {
    const path = tempFile();
    const journal = open(path);
    journal.append(journalLine({ id: 'aaaaaaaaaaaa', ply: 0, move: 'd4-d5', at: 5, takebacks: 0 }));
    journal.append(journalLine({ id: 'aaaaaaaaaaaa', ply: 1, move: 'a3-a4', at: 6, takebacks: 0 }));
    expect(open(path).read()).toEqual([
      { id: 'aaaaaaaaaaaa', ply: 0, move: 'd4-d5', at: 5, takebacks: 0 },
      { id: 'aaaaaaaaaaaa', ply: 1, move: 'a3-a4', at: 6, takebacks: 0 },
    ]);
    journal.clear();
    expect(readFileSync(path, 'utf8')).toBe('');
    journal.append(journalLine({ id: 'bbbbbbbbbbbb', ply: 0, move: 'd4-d5', at: 7, takebacks: 0 }));
    expect(readFileSync(path, 'utf8')).toBe('bbbbbbbbbbbb\t0\td4-d5\t7\t0\n');
  });

  it.each([
    ['deleted', (path: string) => rmSync(path)],
    [
      'replaced by a rename over it',
      (path: string) => (writeFileSync(`${path}.new`, ''), renameSync(`${path}.new`, path)),
    ],
  ])('tells when it was %s', (_name, change) => {
    const path = tempFile();
    const journal = open(path);
    expect(journal.unlinked()).toBe(false);
    change(path);
    expect(journal.unlinked()).toBe(true);
  });
});
