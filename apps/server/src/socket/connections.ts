// Every open WebSocket of the server: a cap per client address, the hello deadline, and liveness
// (docs/protocol.md, "Liveness": a ping at least every 15 s, terminated after 30 s without an answer).
import { CLOSE_CODES } from '@fg/protocol';

import type { Connection } from './connection.js';

/** The limits all connections live by. */
export interface ConnectionLimits {
  readonly maxPerAddress: number; // 200
  readonly helloMs: number; // 10 000
  readonly pingMs: number; // 15 000
  readonly pongTimeoutMs: number; // 30 000
}

/** How often the sweep looks at every connection: often enough that the deadlines above are kept to a second. */
const sweepMs = ({ helloMs, pingMs, pongTimeoutMs }: ConnectionLimits): number =>
  Math.max(10, Math.min(1000, helloMs / 4, pingMs / 4, pongTimeoutMs / 4));

/** The open connections, counted per address and swept once a second. */
export class Connections {
  readonly #limits: ConnectionLimits;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #open = new Set<Connection>();
  readonly #perAddress = new Map<string, number>();
  #timer: NodeJS.Timeout | null = null;

  constructor(limits: ConnectionLimits, now: () => number = Date.now, random: () => number = Math.random) {
    this.#limits = limits;
    this.#now = now;
    this.#random = random;
  }

  /** Reserves a place for one more connection from `address`; false when it already holds the maximum. */
  reserve(address: string): boolean {
    const count = this.#perAddress.get(address) ?? 0;
    if (count >= this.#limits.maxPerAddress) return false;
    this.#perAddress.set(address, count + 1);
    return true;
  }

  /** Gives a reserved place back (the TCP connection closed, upgraded or not). */
  release(address: string): void {
    const count = (this.#perAddress.get(address) ?? 1) - 1;
    if (count <= 0) this.#perAddress.delete(address);
    else this.#perAddress.set(address, count);
  }

  /**
   * Starts watching an upgraded connection until it closes (`remove`). Its first ping comes at a random point of the second half
   * of the ping interval: connections opened together (a server's restart, a crowd arriving) are not all pinged in one
   * sweep, which wrote thousands of frames in one turn of the event loop, a stall every table's moves waited for.
   */
  add(connection: Connection): void {
    this.#open.add(connection);
    connection.lastPing = this.#now() - Math.floor(this.#random() * (this.#limits.pingMs / 2));
    const { socket } = connection;
    socket.on('pong', () => (connection.lastSeen = this.#now()));
    if (!this.#timer) {
      this.#timer = setInterval(() => this.sweep(), sweepMs(this.#limits));
      this.#timer.unref();
    }
  }

  /** Stops watching a connection that closed (its socket's close handler calls this). */
  remove(connection: Connection): void {
    this.#open.delete(connection);
  }

  /** Number of open connections. */
  get size(): number {
    return this.#open.size;
  }

  /** Closes those that never said hello, terminates the silent, pings the rest when due, resyncs drained players. */
  sweep(): void {
    const now = this.#now();
    const { helloMs, pingMs, pongTimeoutMs } = this.#limits;
    for (const connection of this.#open) {
      const { socket } = connection;
      if (now - connection.lastSeen >= pongTimeoutMs) {
        // No close handshake with a client that does not answer: the socket goes now, and its seat shows offline.
        socket.terminate();
        continue;
      }
      if (connection.role === null && now - connection.openedAt >= helloMs) {
        socket.close(CLOSE_CODES.policyViolation, `say hello within ${helloMs / 1000} s`);
        continue;
      }
      if (now - connection.lastPing >= pingMs) {
        connection.lastPing = now;
        socket.ping();
      }
      connection.resync();
    }
  }

  /** Stops the sweep (the server is closing). */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}
