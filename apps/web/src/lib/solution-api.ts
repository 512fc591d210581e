// The solution's answers (docs/protocol.md "The solution"): who wins the position with perfect play and the moves
// that keep the win, and the facts of every position of a game (the review's marks).
// One client for the analysis page, the create form's level choice, the variant page, the table page, the review
// and the offline computer: the table stored in this browser answers first (offline too, docs/solution.md "In the
// browser"), the server where it does not.
import { type GameOutcomes, gameOutcomesSchema } from '@fg/protocol';
import { type Game, makePosition, moveTexts, type Side, type Variant } from '@fg/rules';
import { useEffect, useState } from 'react';

import { pageVariants } from './page-data';
import type { SolutionOffer } from './solution/download';
import { serves, storedSolution, useStoredSolution } from './solution/stored';

/** The stored table's worker side, loaded at the first question it answers (a table page never loads it). */
const local = () => import('./solution/local');

/** `GET /api/solution/:variant` answer. */
export interface Verdict {
  readonly winner: Side | null; // null: a draw (with sideways moves)
  readonly keep: readonly string[]; // move text: the winning moves, or the drawing ones of a draw; empty for the loser
  readonly exact?: boolean; // with sideways moves: false where the fifty-move rule could change the answer
}

const answers = new Map<string, Promise<Verdict | null>>();
let solvedSets: Promise<ReadonlyMap<string, readonly Record<string, unknown>[]>> | null = null;

/** The option sets with a solution, per variant (`GET /api/variants`, `solved`), read once per page. */
function solved(): Promise<ReadonlyMap<string, readonly Record<string, unknown>[]>> {
  const carried = pageVariants(); // a table page's HTML carries the list
  if (carried) solvedSets ??= Promise.resolve(new Map(carried.map((v) => [v.id, v.solved ?? []])));
  solvedSets ??= fetch('/api/variants')
    .then((r) =>
      r.ok ? (r.json() as Promise<{ variants: { id: string; solved?: Record<string, unknown>[] }[] }>) : null,
    )
    .then((body) => new Map((body?.variants ?? []).map((v) => [v.id, v.solved ?? []])))
    .catch(() => {
      solvedSets = null; // no server now: ask again later
      return new Map();
    });
  return solvedSets;
}

/** Whether a solution is installed for the variant and its options. */
async function isSolved(variant: Pick<Variant, 'id' | 'options'>): Promise<boolean> {
  const sets = (await solved()).get(variant.id) ?? [];
  return sets.some((set) => Object.entries(set).every(([name, value]) => variant.options[name] === value));
}

/** The verdict from the table stored in this browser, or null where it does not answer. */
export async function storedVerdict(
  variant: Pick<Variant, 'id' | 'options'>,
  position: string,
): Promise<Verdict | null> {
  const stored = await storedSolution();
  return serves(stored, variant) ? (await local()).storedPositionVerdict(variant, position) : null;
}

/** The perfect-play verdict of a position, or null where no solution is installed (or no server answers). */
export async function fetchVerdict(
  variant: Pick<Variant, 'id' | 'options'>,
  position: string,
): Promise<Verdict | null> {
  const local = await storedVerdict(variant, position);
  if (local) return local;
  if (!(await isSolved(variant))) return null; // no request per position where nothing is solved
  const params = new URLSearchParams({ position });
  for (const [name, value] of Object.entries(variant.options)) params.set(name, String(value));
  const url = `/api/solution/${encodeURIComponent(variant.id)}?${params.toString()}`;
  let answer = answers.get(url);
  if (!answer) {
    answer = fetch(url)
      .then((r) => (r.ok ? (r.json() as Promise<Verdict>) : null))
      .catch(() => {
        answers.delete(url); // no server now: ask again when the position comes back
        return null;
      });
    answers.set(url, answer);
  }
  return answer;
}

export type { SolutionOffer } from './solution/download';

let offer: Promise<SolutionOffer | null> | null = null;

/** The table the server offers to keep in this browser, asked once a page (null: none, or no server). */
export function fetchSolutionOffer(): Promise<SolutionOffer | null> {
  offer ??= fetch('/api/solution/status')
    .then((r) => (r.ok ? (r.json() as Promise<{ download?: SolutionOffer | null }>) : null))
    .then((body) => body?.download ?? null)
    .catch(() => {
      offer = null; // no server now: ask again later
      return null;
    });
  return offer;
}

/** One text for a variant and its options, to tell when either changed (an effect's dependency). */
export const variantKey = (variant: Pick<Variant, 'id' | 'options'>): string =>
  `${variant.id}:${JSON.stringify(variant.options)}`;

/** Where a game against the perfect computer (level 9) is played: on the server, in this browser, or nowhere. */
export async function perfectComputerWhere(
  variant: Pick<Variant, 'id' | 'options'>,
): Promise<'server' | 'browser' | null> {
  if (await isSolved(variant)) return 'server';
  return serves(await storedSolution(), variant) ? 'browser' : null;
}

/**
 * Whether a solution answers the variant and options: installed on the server (false until it has said so), or,
 * with `inBrowser`, stored in this browser.
 */
export function useSolved(variant: Pick<Variant, 'id' | 'options'>, inBrowser = false): boolean {
  const stored = serves(useStoredSolution(), variant) && inBrowser;
  const [solved, setSolved] = useState<{ key: string; solved: boolean } | null>(null);
  const key = variantKey(variant);
  useEffect(() => {
    let live = true;
    void isSolved(variant).then((answer) => live && setSolved({ key, solved: answer }));
    return () => {
      live = false;
    };
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- the key names the variant and options
  return stored || (solved?.key === key && solved.solved);
}

/**
 * The solution's facts of every position of a game (the review's marks): from the table stored in this browser where
 * it serves the game (offline too), else from the server; null where neither answers every position.
 */
export async function fetchGameOutcomes(game: Game): Promise<GameOutcomes | null> {
  const { variant } = game;
  if (serves(await storedSolution(), variant)) {
    const stored = await (await local()).storedGameOutcomes(game);
    if (stored) return stored;
  }
  if (!(await isSolved(variant))) return null;
  const params = new URLSearchParams();
  params.set('position', makePosition(variant.board, game.start));
  for (const [name, value] of Object.entries(variant.options)) params.set(name, String(value));
  params.set('moves', moveTexts(game).join(','));
  try {
    const response = await fetch(`/api/solution/${encodeURIComponent(variant.id)}/game?${params.toString()}`);
    const parsed = response.ok ? gameOutcomesSchema.safeParse(await response.json()) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null; // no server now
  }
}
