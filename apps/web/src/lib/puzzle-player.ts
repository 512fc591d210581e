// What the puzzle page keeps in the browser (no account): an id of this browser, the player's Glicko-2 rating
// with its history and the attempts waiting to be sent. The pack of puzzles for offline play is the service
// worker's (its cache of GET /api/puzzles/pack), not kept here.
import { NEW_PLAYER_RATING, type PuzzleRating, type PuzzleView } from '@fg/protocol';

const KEY = 'fg:puzzles';
/** The most entries of the rating history kept (one per counted attempt). */
const HISTORY = 200;

/** An attempt made offline, sent when the browser is back online. */
interface PendingAttempt {
  readonly id: string;
  readonly solved: boolean;
  readonly rating: PuzzleRating; // the player's rating before the attempt
}

/** The player's puzzle state in this browser. */
export interface PuzzlePlayer {
  readonly browser: string;
  readonly rating: PuzzleRating;
  readonly history: readonly { readonly at: string; readonly rating: number }[];
  readonly played: readonly string[]; // puzzles tried here, newest last (the pack skips them)
  readonly packIds?: readonly string[]; // the ids of the pack the service worker keeps (to count what is left)
  readonly pending: readonly PendingAttempt[];
  readonly bestStreak: number;
}

/** A new browser id: 16 URL-safe characters. */
function newBrowserId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/** The kept state, or a new one (storage refused or unreadable: a new one for this page). */
export function loadPlayer(): PuzzlePlayer {
  try {
    const text = localStorage.getItem(KEY);
    if (text) {
      // A pack kept here by an earlier version of the page: the service worker keeps it now.
      const kept = JSON.parse(text) as PuzzlePlayer & { pack?: unknown };
      delete kept.pack;
      return kept;
    }
  } catch {
    // Unreadable: start again.
  }
  const fresh: PuzzlePlayer = {
    browser: newBrowserId(),
    rating: NEW_PLAYER_RATING,
    history: [],
    played: [],
    pending: [],
    bestStreak: 0,
  };
  savePlayer(fresh);
  return fresh;
}

/** Keeps the state. */
export function savePlayer(player: PuzzlePlayer): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(player));
  } catch {
    // Storage refused: the state lives as long as the page.
  }
}

/** The player after a rated attempt: the new rating, one more history entry. */
export function withRating(player: PuzzlePlayer, rating: PuzzleRating): PuzzlePlayer {
  const history = [...player.history, { at: new Date().toISOString(), rating: Math.round(rating.rating) }];
  return { ...player, rating, history: history.slice(-HISTORY) };
}

/** The player once a puzzle was tried here. */
export function withPlayed(player: PuzzlePlayer, id: string): PuzzlePlayer {
  if (player.played.includes(id)) return player;
  return { ...player, played: [...player.played, id].slice(-2000) };
}

/** The next puzzle of a pack not played here, nearest the rating. */
export function fromPack(pack: readonly PuzzleView[], player: PuzzlePlayer): PuzzleView | null {
  const left = pack.filter((p) => !player.played.includes(p.id));
  left.sort(
    (a, b) => Math.abs(a.rating.rating - player.rating.rating) - Math.abs(b.rating.rating - player.rating.rating),
  );
  return left[0] ?? null;
}

/** How many puzzles of the kept pack are left to play offline; reads only (a new player is not written). */
export function puzzlesLeft(): number {
  try {
    const text = localStorage.getItem(KEY);
    if (!text) return 0;
    const player = JSON.parse(text) as PuzzlePlayer;
    return (player.packIds ?? []).filter((id) => !player.played.includes(id)).length;
  } catch {
    return 0; // unreadable or refused: nothing kept
  }
}
