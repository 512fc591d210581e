// One Server-Sent Events stream to one client, safe against a client that stops reading: every event carries the
// whole state, so while the socket's buffer is full only the newest event waits (older ones are worthless), and a
// client that reads nothing for `stallMs` is cut off, freeing its socket. Memory per stream stays one event.
import type { ServerResponse } from 'node:http';

/** How the stream behaves. */
export interface EventStreamOptions {
  readonly event: string; // the `event:` name of every event
  readonly heartbeatMs: number; // a comment this often keeps proxies from closing an idle stream
  readonly stallMs: number; // a client that has not drained its buffer for this long is cut off
  readonly now?: () => number;
}

/** An open stream: `send` an event, `end` it; `onEnd` runs once, whichever side ends it. */
export class EventStream {
  readonly #raw: ServerResponse;
  readonly #options: EventStreamOptions;
  readonly #now: () => number;
  readonly #heartbeat: NodeJS.Timeout;
  readonly #onEnd: () => void;
  #waiting: string | null = null; // the newest event held back while the client does not read
  #stalledSince: number | null = null;
  #ended = false;

  constructor(raw: ServerResponse, options: EventStreamOptions, onEnd: () => void) {
    this.#raw = raw;
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#onEnd = onEnd;
    raw.on('drain', () => this.#drained());
    raw.on('close', () => this.end());
    this.#heartbeat = setInterval(() => this.#beat(), options.heartbeatMs);
    this.#heartbeat.unref();
  }

  /** Sends `data` as one event now, or as soon as the client reads, replacing any event still waiting. */
  send(data: string): void {
    if (this.#ended) return;
    if (this.#raw.writableNeedDrain) {
      this.#waiting = data;
      return;
    }
    this.#write(`event: ${this.#options.event}\ndata: ${data}\n\n`);
  }

  /** Bytes queued for the client in this process (the kernel's socket buffer aside). */
  get queuedBytes(): number {
    return this.#raw.writableLength + (this.#waiting?.length ?? 0);
  }

  /** Ends the stream and stops its timer; the `onEnd` callback runs once. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    clearInterval(this.#heartbeat);
    this.#waiting = null;
    if (this.#stalledSince === null) this.#raw.end();
    else this.#raw.destroy(); // a full buffer would never flush: the socket goes at once
    this.#onEnd();
  }

  #write(chunk: string): void {
    if (!this.#raw.write(chunk)) this.#stalledSince ??= this.#now();
  }

  #drained(): void {
    this.#stalledSince = null;
    const waiting = this.#waiting;
    this.#waiting = null;
    if (waiting !== null) this.send(waiting);
  }

  #beat(): void {
    if (this.#stalledSince !== null) {
      if (this.#now() - this.#stalledSince >= this.#options.stallMs) this.end();
      return;
    }
    this.#write(': keep-alive\n\n');
  }
}
