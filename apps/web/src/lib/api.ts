// The HTTP API of docs/protocol.md, as functions returning values (never throwing).
import type {
  CreateTableBody,
  CreateTableResponse,
  LobbyResponse,
  PushKeyResponse,
  PushSubscribeBody,
  PuzzleAttemptAnswer,
  PuzzleAttemptBody,
  PuzzleTheme,
  PuzzleView,
  TableResponse,
  TablesResponse,
  TakeSeatResponse,
} from '@fg/protocol';
import type { Side } from '@fg/rules';

/** An API answer: the body, or an error code (protocol codes, or `network`) with its message. */
export type ApiResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: string; readonly message: string };

/** Sends one JSON request and reads the answer as a value or a coded error. */
async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    return { ok: false, code: 'network', message: String(error) };
  }
  const data = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (!response.ok) {
    return {
      ok: false,
      code: data?.error?.code ?? 'network',
      message: data?.error?.message ?? `HTTP ${response.status}`,
    };
  }
  return { ok: true, value: data as T };
}

/** Creates a table; the creator gets a seat at once. */
export function createTable(body: CreateTableBody): Promise<ApiResult<CreateTableResponse>> {
  return request('POST', '/api/tables', body);
}

/** Reads a table as everyone sees it. */
export function fetchTable(id: string): Promise<ApiResult<TableResponse>> {
  return request('GET', `/api/tables/${encodeURIComponent(id)}`);
}

/** Reads several tables in one request (My games); unknown ids are left out of the answer. */
export function fetchTables(ids: readonly string[]): Promise<ApiResult<TablesResponse>> {
  return request('GET', `/api/tables?ids=${ids.map(encodeURIComponent).join(',')}`);
}

/** The server's VAPID public key (`push-off` when push is off there). */
export function fetchPushKey(): Promise<ApiResult<PushKeyResponse>> {
  return request('GET', '/api/push/key');
}

/** Stores a push subscription with a seat. */
export function subscribePush(body: PushSubscribeBody): Promise<ApiResult<Record<string, never>>> {
  return request('POST', '/api/push/subscriptions', body);
}

/** Takes a free seat of a table (the given side, or whichever is free). */
export function takeSeat(id: string, side?: Side): Promise<ApiResult<TakeSeatResponse>> {
  return request('POST', `/api/tables/${encodeURIComponent(id)}/seats`, side ? { side } : {});
}

/** The lobby's two lists. */
export function fetchLobby(): Promise<ApiResult<LobbyResponse>> {
  return request('GET', '/api/lobby');
}

/** The next puzzle near a rating (of a theme), not yet played by this browser. */
export function fetchNextPuzzle(
  rating: number,
  browser: string,
  theme?: PuzzleTheme,
): Promise<ApiResult<{ readonly puzzle: PuzzleView }>> {
  const query = new URLSearchParams({ rating: String(Math.round(rating)), browser, ...(theme ? { theme } : {}) });
  return request('GET', `/api/puzzles/next?${query.toString()}`);
}

/** One puzzle by its id. */
export function fetchPuzzle(id: string): Promise<ApiResult<{ readonly puzzle: PuzzleView }>> {
  return request('GET', `/api/puzzles/${encodeURIComponent(id)}`);
}

/** The day's puzzle, the same for everyone. */
export function fetchDailyPuzzle(): Promise<ApiResult<{ readonly day: string; readonly puzzle: PuzzleView }>> {
  return request('GET', '/api/puzzles/daily');
}

/** A pack of puzzles near a rating, kept for offline play. */
export function fetchPuzzlePack(
  rating: number,
  browser: string,
): Promise<ApiResult<{ readonly puzzles: PuzzleView[] }>> {
  const query = new URLSearchParams({ rating: String(Math.round(rating)), browser, count: '30' });
  return request('GET', `/api/puzzles/pack?${query.toString()}`);
}

/** Sends one attempt: the new ratings, or whether it counted. */
export function sendPuzzleAttempt(id: string, body: PuzzleAttemptBody): Promise<ApiResult<PuzzleAttemptAnswer>> {
  return request('POST', `/api/puzzles/${encodeURIComponent(id)}/attempts`, body);
}
