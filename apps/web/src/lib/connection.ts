// A WebSocket to one table that reconnects by itself with backoff and says hello each time.
import type { ClientMessage, ServerMessage } from '@fg/protocol';

import { takeEarly } from './early-socket';

/**
 * The socket's state: the first attempt, open, an attempt after a loss, lost and waiting to try again
 * (a backoff, or the browser says it is offline), stopped for good.
 */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'offline' | 'closed';

/** What a connection reports to its owner. */
export interface ConnectionHandlers {
  onMessage(message: ServerMessage): void;
  onState(state: ConnectionState): void;
  /** The hello to send on every (re)connect; asked each time so a new token is used at once. */
  hello(): ClientMessage;
}

/** Delay before reconnect attempt n (0-based): 0.5 s doubling to 8 s, with jitter so clients spread out. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(8000, 500 * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}

/** The WebSocket URL of a table, on the page's own host. */
export function tableSocketUrl(location: Pick<Location, 'protocol' | 'host'>, tableId: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/tables/${encodeURIComponent(tableId)}/ws`;
}

/** When the client pings and when it gives a silent server up (docs/protocol.md, liveness). */
export interface LivenessTiming {
  readonly pingMs: number; // 2 000 in play: browsers cannot see the server's ping frames, so the client asks
  readonly silenceMs: number; // 5 000 in play: this long without a word, a connection counts as dead though it never closed
}

/** While a game is on, a lost connection is seen within 5 s (a ping every 2 s). */
export const LIVENESS_IN_PLAY: LivenessTiming = { pingMs: 2_000, silenceMs: 5_000 };
/** Before and after a game: the pace, so idle tables cost little. */
export const LIVENESS_IDLE: LivenessTiming = { pingMs: 10_000, silenceMs: 25_000 };

/** A reconnecting socket; call close() to stop for good. */
export class Connection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ping: ReturnType<typeof setInterval> | null = null;
  private heardAt = 0; // performance.now() of the last message received
  private lost = false; // a socket was lost since the first open: later attempts are reconnections
  private stopped = false;
  private readonly goneOffline = (): void => this.drop();
  private readonly backOnline = (): void => this.reconnect();

  constructor(
    private readonly url: string,
    private readonly handlers: ConnectionHandlers,
    private timing: LivenessTiming = LIVENESS_IDLE,
  ) {
    // The browser knows first when the network goes: give the socket up at once, and try again when it is back.
    if (typeof window !== 'undefined') {
      window.addEventListener('offline', this.goneOffline);
      window.addEventListener('online', this.backOnline);
    }
    this.open();
  }

  /** Changes the liveness pace (faster while a game is on); takes effect at the next check. */
  setTiming(timing: LivenessTiming): void {
    this.timing = timing;
  }

  /** Sends a message; false when the socket is not open (the caller shows that). */
  send(message: ClientMessage): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Drops the socket and connects again at once (to resync, or to use a new token). */
  reconnect(): void {
    if (this.stopped) return;
    this.attempt = 0;
    this.detach();
    this.open();
  }

  /** Closes the socket and stops reconnecting. */
  close(): void {
    this.stopped = true;
    if (typeof window !== 'undefined') {
      window.removeEventListener('offline', this.goneOffline);
      window.removeEventListener('online', this.backOnline);
    }
    this.detach();
    this.handlers.onState('closed');
  }

  private open(): void {
    if (browserOffline()) return this.handlers.onState('offline'); // the 'online' event reconnects
    const first = this.attempt === 0 && !this.lost;
    this.handlers.onState(first ? 'connecting' : 'reconnecting');
    // The first attempt takes over the socket the entry script opened (lib/early-socket.ts), if it said our hello.
    const early = first ? takeEarly(this.url) : null;
    const adopted = early && early.hello === JSON.stringify(this.handlers.hello()) ? early : null;
    if (early && !adopted) early.socket.close();
    const socket = adopted?.socket ?? new WebSocket(this.url);
    this.socket = socket;
    socket.onmessage = (event) => this.heard(String(event.data));
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.drop();
    };
    if (adopted && socket.readyState === WebSocket.OPEN) {
      this.opened(); // its hello is sent already
      for (const frame of adopted.frames.splice(0)) this.heard(frame);
      return;
    }
    socket.onopen = () => {
      socket.send(JSON.stringify(this.handlers.hello())); // asked now: a token stored meanwhile is used at once
      this.opened();
    };
  }

  /** The socket is open and its hello sent: the liveness checks start. */
  private opened(): void {
    this.attempt = 0;
    this.heardAt = performance.now();
    this.handlers.onState('open');
    // A ping every pingMs; several looks a second at how long the server has been silent: silenceMs of it is a
    // dead connection (a socket that never closed), noticed within a quarter second of the limit.
    let pingedAt = performance.now();
    this.ping = setInterval(
      () => {
        const { pingMs, silenceMs } = this.timing;
        const now = performance.now();
        if (now - this.heardAt >= silenceMs) return this.drop();
        if (now - pingedAt >= pingMs) {
          pingedAt = now;
          this.send({ type: 'ping' });
        }
      },
      Math.min(250, this.timing.pingMs / 2),
    );
  }

  /** A frame from the server. */
  private heard(text: string): void {
    this.heardAt = performance.now();
    try {
      this.handlers.onMessage(JSON.parse(text) as ServerMessage);
    } catch {
      // A frame that is not JSON is the server's bug; ignore it rather than drop the game.
    }
  }

  /** Gives up the current socket (closed, or silent too long) and tries again after a backoff. */
  private drop(): void {
    this.detach();
    if (this.stopped) return this.handlers.onState('closed');
    this.lost = true;
    this.handlers.onState('offline');
    if (!browserOffline()) this.timer = setTimeout(() => this.open(), backoffDelay(this.attempt++));
  }

  private detach(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.ping) clearInterval(this.ping);
    this.timer = null;
    this.ping = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = null;
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close();
    }
  }
}

/** Whether the browser says it has no network (never in an environment without `navigator`). */
function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
