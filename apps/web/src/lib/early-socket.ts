// A table link's socket, opened by the entry script before React and the table page's chunks have loaded, so the
// welcome is on its way while they download: on a slow network that is the round trips of the chunks saved. The
// table page's Connection adopts it (lib/connection.ts) with the messages that came meanwhile.
import type { ClientMessage } from '@fg/protocol';

/** A socket opened early: its address, the hello it sent (or will send on open), and the frames heard so far. */
export interface EarlySocket {
  readonly url: string;
  readonly socket: WebSocket;
  readonly hello: string;
  readonly frames: string[];
}

let early: EarlySocket | null = null;

/** Opens the socket of a table page at once; it says `hello` as soon as it is open. */
export function openEarly(url: string, hello: ClientMessage): void {
  if (typeof WebSocket === 'undefined' || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
  const socket = new WebSocket(url);
  const opened: EarlySocket = { url, socket, hello: JSON.stringify(hello), frames: [] };
  socket.onopen = () => socket.send(opened.hello);
  socket.onmessage = (event) => opened.frames.push(String(event.data));
  socket.onclose = () => {
    if (early === opened) early = null;
  };
  early = opened;
}

/** The early socket of `url` that is still usable, handed over once; null when there is none. */
export function takeEarly(url: string): EarlySocket | null {
  const found = early;
  early = null;
  if (!found || found.url !== url) {
    found?.socket.close();
    return null;
  }
  const { readyState } = found.socket;
  return readyState === WebSocket.OPEN || readyState === WebSocket.CONNECTING ? found : null;
}
