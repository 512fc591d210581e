// A WebSocket to one table that reconnects by itself with backoff and says hello each time.
import type { ClientMessage, ServerMessage } from '@fg/protocol';

/** The connection's state, shown to the player. */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

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
  readonly pingMs: number; // 10 000: browsers cannot see the server's ping frames, so the client asks
  readonly silenceMs: number; // 25 000: this long without a word, a connection counts as dead though it never closed
}

const LIVENESS: LivenessTiming = { pingMs: 10_000, silenceMs: 25_000 };
const TABLE_NOT_FOUND = 4404; // protocol CLOSE_CODES.tableNotFound

/** A reconnecting socket; call close() to stop for good. */
export class Connection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ping: ReturnType<typeof setInterval> | null = null;
  private heardAt = 0; // performance.now() of the last message received
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly handlers: ConnectionHandlers,
    private readonly timing: LivenessTiming = LIVENESS,
  ) {
    this.open();
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
    this.detach();
    this.handlers.onState('closed');
  }

  private open(): void {
    this.handlers.onState(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.heardAt = performance.now();
      socket.send(JSON.stringify(this.handlers.hello()));
      this.handlers.onState('open');
      // A ping every 10 s; each second a look at how long the server has been silent: 25 s of it is a dead connection.
      const { pingMs, silenceMs } = this.timing;
      let pingedAt = performance.now();
      this.ping = setInterval(
        () => {
          const now = performance.now();
          if (now - this.heardAt >= silenceMs) return this.drop();
          if (now - pingedAt >= pingMs) {
            pingedAt = now;
            this.send({ type: 'ping' });
          }
        },
        Math.min(1000, pingMs / 2, silenceMs / 4),
      );
    };
    socket.onmessage = (event) => {
      this.heardAt = performance.now();
      try {
        this.handlers.onMessage(JSON.parse(String(event.data)) as ServerMessage);
      } catch {
        // A frame that is not JSON is the server's bug; ignore it rather than drop the game.
      }
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      if (event.code === TABLE_NOT_FOUND) this.stopped = true; // retrying cannot help
      this.drop();
    };
  }

  /** Gives up the current socket (closed, or silent too long) and tries again after a backoff. */
  private drop(): void {
    this.detach();
    if (this.stopped) return this.handlers.onState('closed');
    this.handlers.onState('reconnecting');
    this.timer = setTimeout(() => this.open(), backoffDelay(this.attempt++));
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
