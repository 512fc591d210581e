// A client of the lobby's live feed (`GET /api/lobby/events`, Server-Sent Events) for tests: reads events as a
// browser's EventSource would, and waits for one that shows what a test expects.
import type { LobbyResponse } from '@fg/protocol';

/** An open feed. */
export interface LobbyFeed {
  /** The next `lobby` event that satisfies `check` (earlier ones are passed over); rejects after `withinMs`. */
  next(check?: (lobby: LobbyResponse) => boolean, withinMs?: number): Promise<LobbyResponse>;
  close(): void;
}

/** Opens the feed at `base` ('http://127.0.0.1:41234'); resolves once the answer's headers are in. */
export async function openLobbyFeed(base: string): Promise<LobbyFeed> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/lobby/events`, { signal: controller.signal });
  if (response.status !== 200) throw new Error(`the lobby feed answered ${response.status}`);
  if (response.headers.get('content-type') !== 'text/event-stream; charset=utf-8')
    throw new Error(`the lobby feed is ${response.headers.get('content-type')}`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const nextEvent = async (): Promise<LobbyResponse> => {
    for (;;) {
      const match = /event: lobby\ndata: (.*)\n\n/.exec(buffer);
      if (match) {
        buffer = buffer.slice(match.index + match[0].length);
        return JSON.parse(match[1]!) as LobbyResponse;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the feed ended');
      buffer += value;
    }
  };
  return {
    async next(check = () => true, withinMs = 15_000) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no such lobby event within ${withinMs} ms`)), withinMs);
      });
      try {
        for (;;) {
          const lobby = await Promise.race([nextEvent(), late]);
          if (check(lobby)) return lobby;
        }
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => controller.abort(),
  };
}
