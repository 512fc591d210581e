// The explorer's answers (docs/protocol.md "The explorer"): per legal move of a position, how often this server's
// finished games played it and how they ended, with its exact verdict where solved; and the explorer's address,
// `/explorer/:variant?<options>&position=<text>&players=<people|computer|all>`.
import { type Side, type Variant } from '@fg/rules';
import { useEffect, useState } from 'react';

/** Whose games are counted. */
export type Players = 'all' | 'people' | 'computer';

/** Every choice of players, in the order the page shows them. */
export const PLAYERS: readonly Players[] = ['all', 'people', 'computer'];

/** One move's line. */
export interface ExplorerMove {
  readonly move: string;
  readonly games: number;
  readonly fox: number;
  readonly geese: number;
  readonly draws: number;
  readonly winner?: Side | null; // perfect play after the move, where the server has the solution
}

/** `GET /api/explorer/:variant` answer. */
interface ExplorerAnswer {
  readonly games: number;
  readonly moves: readonly ExplorerMove[];
}

/** What the page shows while and after asking. */
type ExplorerState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly answer: ExplorerAnswer }
  | { readonly status: 'failed'; readonly message: string | null }; // null: no server answered (offline)

/** The explorer's address for a variant's options, a position (null: the start) and the players. */
export function explorerPath(
  variant: Pick<Variant, 'id' | 'options'>,
  position: string | null,
  players: Players = 'all',
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(variant.options)) params.set(name, String(value));
  if (position) params.set('position', position);
  if (players !== 'all') params.set('players', players);
  return `/explorer/${variant.id}?${params.toString()}`;
}

/** The players an address asks for (anything else: all). */
export const playersOf = (value: string | null): Players =>
  (PLAYERS as readonly string[]).includes(value ?? '') ? (value as Players) : 'all';

/** Asks the server for a position's moves. */
async function fetchExplorer(
  variant: Pick<Variant, 'id' | 'options'>,
  position: string,
  players: Players,
): Promise<ExplorerState> {
  const url = `/api${explorerPath(variant, position, players)}`;
  try {
    const response = await fetch(url);
    const body = (await response.json()) as ExplorerAnswer & { error?: { message: string } };
    if (!response.ok) return { status: 'failed', message: body.error?.message ?? response.statusText };
    return { status: 'ready', answer: body };
  } catch {
    return { status: 'failed', message: null };
  }
}

/** A position's moves, asked again whenever the position or the players change. */
export function useExplorer(variant: Variant, position: string, players: Players): ExplorerState {
  const key = `${variant.id} ${JSON.stringify(variant.options)} ${position} ${players}`;
  const [state, setState] = useState<{ key: string; value: ExplorerState }>({ key, value: { status: 'loading' } });
  useEffect(() => {
    let current = true;
    void fetchExplorer(variant, position, players).then((value) => current && setState({ key, value }));
    return () => {
      current = false;
    };
  }, [key, variant, position, players]);
  return state.key === key ? state.value : { status: 'loading' };
}

/** The most played move that throws the mover's result away (the solution's verdict), or null. */
export function commonestLosing(
  moves: readonly ExplorerMove[],
  mover: Side,
  best: Side | null | undefined,
): string | null {
  if (best === undefined) return null;
  const rank = (winner: Side | null): number => (winner === mover ? 2 : winner === null ? 1 : 0);
  const losing = moves.filter((m) => m.games > 0 && m.winner !== undefined && rank(m.winner) < rank(best));
  return losing.length ? losing.reduce((a, b) => (b.games > a.games ? b : a)).move : null;
}

/** The best result the mover can get from a position, from its moves' verdicts (undefined: not solved). */
export function bestResult(moves: readonly ExplorerMove[], mover: Side): Side | null | undefined {
  const verdicts = moves.map((m) => m.winner);
  if (verdicts.length === 0 || verdicts.some((w) => w === undefined)) return undefined;
  if (verdicts.includes(mover)) return mover;
  if (verdicts.includes(null)) return null;
  return verdicts[0]!;
}
