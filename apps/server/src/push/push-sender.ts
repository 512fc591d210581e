// Sends push messages off the move path (docs/protocol.md): `notify` only queues and returns; a few
// deliveries run at a time, each encrypted (aes128gcm, RFC 8291) and signed (VAPID, RFC 8292) by `web-push`,
// sent by push-request.ts; a push service that is busy or down is tried again with growing pauses, and one that
// answers 404 or 410 has lost the subscription, which is then deleted. The queue is fair: seats are served in
// turn, and each seat and each push host has a cap of deliveries in flight and waiting, so one seat's many
// subscriptions or one slow host hold up nobody else's pushes.
import type { PushPayload } from '@fg/protocol';
import { opponent, type Side, SIDES } from '@fg/rules';
import webpush from 'web-push';

import { pushHostAllowed } from './push-hosts.js';
import { postPush } from './push-request.js';
import type { PushSubscriptions, StoredSubscription } from './push-subscriptions.js';
import type { VapidKeys } from './vapid-keys.js';

/** Settings and seams of the sender. */
export interface PushSenderOptions {
  readonly subscriptions: PushSubscriptions;
  readonly keys: VapidKeys;
  readonly subject: string; // 'mailto:…' or 'https://…': whom a push service may contact (RFC 8292)
  readonly hosts: readonly string[]; // PUSH_HOSTS
  readonly onError?: (error: unknown, what: string) => void;
  readonly concurrency?: number; // deliveries in flight at once; 8
  readonly maxQueued?: number; // deliveries waiting; past it the longest-waiting seat's oldest is dropped; 10 000
  readonly perHost?: Partial<Caps>; // a push host's deliveries: 4 in flight, 2 000 waiting (more are dropped)
  readonly perSeat?: Partial<Caps>; // a seat's: 1 in flight, 20 waiting (past it the seat's oldest is dropped)
  readonly retryMs?: readonly number[]; // the pause before each retry; [1 s, 5 s, 30 s, 2 min]
  readonly timeoutMs?: number; // one request; 10 s
  readonly connectMs?: number; // its connection, TLS included; 3 s
}

/** A cap of deliveries in flight and waiting. */
export interface Caps {
  readonly inFlight: number;
  readonly queued: number;
}

/** One message to one subscription, with the tries it has had. */
interface Delivery {
  readonly table: string;
  readonly side: Side;
  readonly seat: string; // 'table/side': the queue's unit of fairness
  readonly host: string; // the push service's host and port
  readonly subscription: StoredSubscription;
  readonly payload: string;
  readonly urgency: 'high' | 'normal';
  tries: number;
}

/** The host (with its port) of an endpoint: whose deliveries in flight and waiting are capped. */
const hostOf = (endpoint: string): string => {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
};

/** Adds `by` to a count in a map, deleting it at zero. */
const count = (map: Map<string, number>, key: string, by: number): void => {
  const n = (map.get(key) ?? 0) + by;
  if (n > 0) map.set(key, n);
  else map.delete(key);
};

/** How long a message waits at the push service for a browser that is offline: a day. */
const TTL_SECONDS = 86_400;

/** The queue and its workers. */
export class PushSender {
  readonly #o: PushSenderOptions;
  readonly #concurrency: number;
  readonly #maxQueued: number;
  readonly #retryMs: readonly number[];
  readonly #timeoutMs: number;
  readonly #connectMs: number;
  readonly #perHost: Caps;
  readonly #perSeat: Caps;
  readonly #seats = new Map<string, Delivery[]>(); // seat -> its deliveries waiting, oldest first
  readonly #turns: string[] = []; // the seats with deliveries waiting, in the order they are served
  #queued = 0;
  readonly #hostWaiting = new Map<string, number>();
  readonly #hostBusy = new Map<string, number>(); // host -> deliveries in flight
  readonly #seatBusy = new Map<string, number>(); // seat -> deliveries in flight
  readonly #retries = new Set<NodeJS.Timeout>();
  readonly #idle: (() => void)[] = [];
  #active = 0; // deliveries (and seat look-ups) in flight
  #closed = false;
  /** Counts, for tests and logs. */
  readonly stats = { sent: 0, retried: 0, dropped: 0, removed: 0 };

  constructor(options: PushSenderOptions) {
    this.#o = options;
    this.#concurrency = options.concurrency ?? 8;
    this.#maxQueued = options.maxQueued ?? 10_000;
    this.#perHost = { inFlight: 4, queued: 2_000, ...options.perHost };
    this.#perSeat = { inFlight: 1, queued: 20, ...options.perSeat };
    this.#retryMs = options.retryMs ?? [1_000, 5_000, 30_000, 120_000];
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#connectMs = options.connectMs ?? 3_000;
  }

  /** Queues a message for every subscription of a seat; returns at once, never throws. */
  notify(table: string, side: Side, payload: PushPayload): void {
    if (this.#closed) return;
    this.#active += 1;
    // The seat's subscriptions are read after this turn of the event loop, never on the caller's path.
    setImmediate(() => {
      this.#o.subscriptions
        .list(table, side)
        .then((subscriptions) => {
          const text = JSON.stringify(payload);
          const urgency = payload.type === 'your-move' ? 'high' : 'normal';
          const seat = `${table}/${side}`;
          for (const subscription of subscriptions) {
            const host = hostOf(subscription.endpoint);
            this.#enqueue({ table, side, seat, host, subscription, payload: text, urgency, tries: 0 });
          }
        })
        .catch((error: unknown) => this.#o.onError?.(error, 'push subscriptions'))
        .finally(() => this.#finished());
    });
  }

  /**
   * a rematch: each player's subscriptions follow it to its seat at the new table (the sides swap: the fox's
   * go to the geese seat), then `then` runs (the rematch's first pushes). Off the caller's path, never throws.
   */
  carryOver(from: string, to: string, then: () => void): void {
    if (this.#closed) return;
    this.#active += 1;
    setImmediate(() => {
      const { subscriptions } = this.#o;
      const carried = SIDES.map(async (side) => {
        for (const subscription of await subscriptions.list(from, side))
          await subscriptions.add(to, opponent(side), subscription);
      });
      Promise.all(carried)
        .then(then)
        .catch((error: unknown) => this.#o.onError?.(error, 'push subscriptions'))
        .finally(() => this.#finished());
    });
  }

  /** Resolves once nothing is queued, in flight or waiting for a retry (tests). */
  async idle(): Promise<void> {
    if (this.#active === 0 && this.#queued === 0 && this.#retries.size === 0) return;
    await new Promise<void>((resolve) => this.#idle.push(resolve));
  }

  /** Stops: queued messages and retries are dropped. */
  close(): void {
    this.#closed = true;
    this.#seats.clear();
    this.#turns.length = 0;
    this.#hostWaiting.clear();
    this.#queued = 0;
    for (const timer of this.#retries) clearTimeout(timer);
    this.#retries.clear();
    this.#wakeIdle();
  }

  /** Queues a delivery behind its seat's; a seat or host past its cap, or a full queue, drops one. */
  #enqueue(delivery: Delivery): void {
    if (this.#closed) return;
    if ((this.#hostWaiting.get(delivery.host) ?? 0) >= this.#perHost.queued) {
      this.stats.dropped += 1;
      return;
    }
    let waiting = this.#seats.get(delivery.seat);
    if (!waiting) {
      this.#seats.set(delivery.seat, (waiting = []));
      this.#turns.push(delivery.seat);
    }
    waiting.push(delivery);
    this.#queued += 1;
    count(this.#hostWaiting, delivery.host, 1);
    // A seat's newest message says more than its oldest (a later move, the end): the oldest goes.
    if (waiting.length > this.#perSeat.queued) this.#drop(delivery.seat);
    if (this.#queued > this.#maxQueued) this.#drop(this.#longestSeat());
    this.#pump();
  }

  /** Drops the oldest waiting delivery of a seat. */
  #drop(seat: string): void {
    const waiting = this.#seats.get(seat)!;
    const dropped = waiting.shift()!;
    this.#queued -= 1;
    count(this.#hostWaiting, dropped.host, -1);
    this.stats.dropped += 1;
    if (waiting.length === 0) this.#forgetSeat(seat);
  }

  /** The seat with the most deliveries waiting. */
  #longestSeat(): string {
    let longest = this.#turns[0]!;
    for (const seat of this.#turns)
      if (this.#seats.get(seat)!.length > this.#seats.get(longest)!.length) longest = seat;
    return longest;
  }

  #forgetSeat(seat: string): void {
    this.#seats.delete(seat);
    this.#turns.splice(this.#turns.indexOf(seat), 1);
  }

  /** Starts deliveries while there is room: seats in turn, each seat and host within its cap in flight. */
  #pump(): void {
    while (this.#active < this.#concurrency) {
      const at = this.#turns.findIndex((seat) => {
        if ((this.#seatBusy.get(seat) ?? 0) >= this.#perSeat.inFlight) return false;
        return (this.#hostBusy.get(this.#seats.get(seat)![0]!.host) ?? 0) < this.#perHost.inFlight;
      });
      if (at < 0) return;
      const seat = this.#turns[at]!;
      const waiting = this.#seats.get(seat)!;
      const delivery = waiting.shift()!;
      // The seat goes to the back of the turns: the others are served before its next delivery.
      this.#turns.splice(at, 1);
      if (waiting.length > 0) this.#turns.push(seat);
      else this.#seats.delete(seat);
      this.#queued -= 1;
      count(this.#hostWaiting, delivery.host, -1);
      count(this.#seatBusy, seat, 1);
      count(this.#hostBusy, delivery.host, 1);
      this.#active += 1;
      this.#deliver(delivery)
        .catch((error: unknown) => this.#o.onError?.(error, 'push'))
        .finally(() => {
          count(this.#seatBusy, seat, -1);
          count(this.#hostBusy, delivery.host, -1);
          this.#finished();
        });
    }
  }

  #finished(): void {
    this.#active -= 1;
    this.#pump();
    this.#wakeIdle();
  }

  #wakeIdle(): void {
    if (this.#active === 0 && this.#queued === 0 && this.#retries.size === 0)
      for (const wake of this.#idle.splice(0)) wake();
  }

  async #deliver(d: Delivery): Promise<void> {
    const { subscription } = d;
    // Checked again at sending: a subscription stored before PUSH_HOSTS changed is not sent to.
    if (!pushHostAllowed(subscription.endpoint, this.#o.hosts)) {
      this.stats.dropped += 1;
      return;
    }
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      d.payload,
      {
        vapidDetails: {
          subject: this.#o.subject,
          publicKey: this.#o.keys.publicKey,
          privateKey: this.#o.keys.privateKey,
        },
        TTL: TTL_SECONDS,
        urgency: d.urgency,
        contentEncoding: 'aes128gcm',
      },
    );
    let status: number;
    let retryAfter: number | null = null;
    try {
      const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
      const limits = { connectMs: this.#connectMs, totalMs: this.#timeoutMs };
      ({ status, retryAfterMs: retryAfter } = await postPush(details.endpoint, headers, details.body, limits));
    } catch {
      status = 0; // no answer: the network or the service is down, or too slow to connect or answer
    }
    if (status >= 200 && status < 300) {
      this.stats.sent += 1;
    } else if (status === 404 || status === 410) {
      this.stats.removed += 1;
      await this.#o.subscriptions.remove(d.table, d.side, subscription.endpoint);
    } else if ((status === 0 || status === 429 || status >= 500) && d.tries < this.#retryMs.length) {
      this.#retry(d, retryAfter);
    } else {
      this.stats.dropped += 1;
    }
  }

  #retry(d: Delivery, retryAfter: number | null): void {
    const base = this.#retryMs[d.tries]!;
    d.tries += 1;
    this.stats.retried += 1;
    // The service's Retry-After is heeded, within four times the planned pause.
    const pause = retryAfter === null ? base : Math.min(Math.max(base, retryAfter), base * 4);
    const timer = setTimeout(() => {
      this.#retries.delete(timer);
      this.#enqueue(d);
      this.#wakeIdle();
    }, pause);
    timer.unref();
    this.#retries.add(timer);
  }
}
