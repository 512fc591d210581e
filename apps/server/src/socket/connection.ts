// One WebSocket as the server keeps it: its role, when it was last heard from, and what it may still queue.
import type { Role } from '@fg/protocol';
import type { WebSocket } from 'ws';

import type { Member, Outgoing } from '../tables/member.js';

const OPEN = 1;

/** Close code "try again later": the client reconnects and gets the whole table again in `welcome`. */
const TRY_AGAIN_LATER = 1013;

/** A player's queue may grow past the cap by this factor (moves are never dropped) before it is closed too. */
const PLAYER_HARD_FACTOR = 4;

/** Messages are serialized with `type` first (tables/messages.ts), so presence is known by its opening. */
const isPresence = (text: string): boolean => text.startsWith('{"type":"presence"');

/** The part of ws's sender that writes a whole frame; ws has no public call to send a frame built elsewhere. */
interface FrameSender {
  readonly _state: number; // 0: idle; others only while compressing or reading a Blob, which this server never does
  sendFrame(list: readonly Buffer[]): void;
}

/** Writes a prebuilt text frame to the socket in one write, or hands its payload to ws when ws is mid-frame. */
function writeFrame(socket: WebSocket, outgoing: Outgoing): void {
  const sender = (socket as unknown as { _sender?: FrameSender })._sender;
  if (sender?._state === 0 && typeof sender.sendFrame === 'function') sender.sendFrame([outgoing.frame]);
  else socket.send(outgoing.text); // the sender is busy (a close or ping in progress): it frames the text itself
}

/** A connection: the member the authority sends to, plus what the socket layer needs to keep it healthy. */
export class Connection implements Member {
  readonly socket: WebSocket;
  readonly address: string;
  readonly openedAt: number;
  role: Role | null = null; // null until a hello succeeded
  lastSeen: number; // ms; the last pong or message from the client
  lastPing: number; // ms; when the last ping went out
  #latestPresence: string | null = null; // kept while dropped, sent once the socket drains
  readonly #maxQueuedBytes: number;

  constructor(socket: WebSocket, address: string, maxQueuedBytes: number, now: number) {
    this.socket = socket;
    this.address = address;
    this.openedAt = now;
    this.lastSeen = now;
    this.lastPing = now;
    this.#maxQueuedBytes = maxQueuedBytes;
  }

  /**
   * Queues a message unless the client has stopped reading: then a spectator (or a socket not yet joined) is
   * closed with 1013, and a player's presence is dropped in favour of the latest one once its queue drains.
   */
  send(text: string, outgoing?: Outgoing): void {
    if (this.socket.readyState !== OPEN) return;
    const queued = this.socket.bufferedAmount + (outgoing ? outgoing.length : Buffer.byteLength(text));
    const player = this.role === 'fox' || this.role === 'geese';
    const presence = outgoing ? outgoing.message.type === 'presence' : isPresence(text);
    if (player && presence && (queued > this.#maxQueuedBytes || this.#latestPresence !== null)) {
      this.#latestPresence = text;
      return;
    }
    if (queued > this.#maxQueuedBytes * (player ? PLAYER_HARD_FACTOR : 1)) {
      this.socket.close(TRY_AGAIN_LATER, 'too far behind; reconnect to resync');
      return;
    }
    // The frame built once for the whole table, written as it is: no encoding or framing per recipient.
    if (outgoing) writeFrame(this.socket, outgoing);
    else this.socket.send(text);
  }

  /** Sends the latest dropped presence once the queue has room again; called by the liveness sweep. */
  resync(): void {
    const text = this.#latestPresence;
    if (text === null || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount + Buffer.byteLength(text) > this.#maxQueuedBytes) return;
    this.#latestPresence = null;
    this.socket.send(text);
  }
}
