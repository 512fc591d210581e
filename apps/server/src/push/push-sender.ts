// Sends push messages off the move path (docs/protocol.md): `notify` only queues and returns; a few
// deliveries run at a time, each encrypted (aes128gcm, RFC 8291) and signed (VAPID, RFC 8292) by `web-push`,
// sent with fetch; a push service that is busy or down is tried again with growing pauses, and one that answers
// 404 or 410 has lost the subscription, which is then deleted.
import type { PushPayload } from '@fg/protocol';
import { opponent, type Side, SIDES } from '@fg/rules';
import webpush from 'web-push';

import { pushHostAllowed } from './push-hosts.js';
import type { PushSubscriptions, StoredSubscription } from './push-subscriptions.js';
import type { VapidKeys } from './vapid-keys.js';

/** Settings and seams of the sender. */
export interface PushSenderOptions {
  readonly subscriptions: PushSubscriptions;
  readonly keys: VapidKeys;
  readonly subject: string; // 'mailto:…' or 'https://…': whom a push service may contact (RFC 8292)
  readonly hosts: readonly string[]; // PUSH_HOSTS
  readonly onError?: (error: unknown, what: string) => void;
  readonly concurrency?: number; // deliveries in flight at once; 4
  readonly maxQueued?: number; // deliveries waiting; past it the oldest is dropped; 10 000
  readonly retryMs?: readonly number[]; // the pause before each retry; [1 s, 5 s, 30 s, 2 min]
  readonly timeoutMs?: number; // one request; 10 s
}

/** One message to one subscription, with the tries it has had. */
interface Delivery {
  readonly table: string;
  readonly side: Side;
  readonly subscription: StoredSubscription;
  readonly payload: string;
  readonly urgency: 'high' | 'normal';
  tries: number;
}

/** How long a message waits at the push service for a browser that is offline: a day. */
const TTL_SECONDS = 86_400;

/** The queue and its workers. */
export class PushSender {
  readonly #o: PushSenderOptions;
  readonly #concurrency: number;
  readonly #maxQueued: number;
  readonly #retryMs: readonly number[];
  readonly #timeoutMs: number;
  readonly #queue: Delivery[] = [];
  readonly #retries = new Set<NodeJS.Timeout>();
  readonly #idle: (() => void)[] = [];
  #active = 0; // deliveries (and seat look-ups) in flight
  #closed = false;
  /** Counts, for tests and logs. */
  readonly stats = { sent: 0, retried: 0, dropped: 0, removed: 0 };

  constructor(options: PushSenderOptions) {
    this.#o = options;
    this.#concurrency = options.concurrency ?? 4;
    this.#maxQueued = options.maxQueued ?? 10_000;
    this.#retryMs = options.retryMs ?? [1_000, 5_000, 30_000, 120_000];
    this.#timeoutMs = options.timeoutMs ?? 10_000;
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
          for (const subscription of subscriptions)
            this.#enqueue({ table, side, subscription, payload: text, urgency, tries: 0 });
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
    if (this.#active === 0 && this.#queue.length === 0 && this.#retries.size === 0) return;
    await new Promise<void>((resolve) => this.#idle.push(resolve));
  }

  /** Stops: queued messages and retries are dropped. */
  close(): void {
    this.#closed = true;
    this.#queue.length = 0;
    for (const timer of this.#retries) clearTimeout(timer);
    this.#retries.clear();
    this.#wakeIdle();
  }

  #enqueue(delivery: Delivery): void {
    if (this.#closed) return;
    this.#queue.push(delivery);
    if (this.#queue.length > this.#maxQueued) {
      this.#queue.shift();
      this.stats.dropped += 1;
    }
    this.#pump();
  }

  #pump(): void {
    while (this.#active < this.#concurrency && this.#queue.length > 0) {
      const delivery = this.#queue.shift()!;
      this.#active += 1;
      this.#deliver(delivery)
        .catch((error: unknown) => this.#o.onError?.(error, 'push'))
        .finally(() => this.#finished());
    }
  }

  #finished(): void {
    this.#active -= 1;
    this.#pump();
    this.#wakeIdle();
  }

  #wakeIdle(): void {
    if (this.#active === 0 && this.#queue.length === 0 && this.#retries.size === 0)
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
      const response = await fetch(details.endpoint, {
        method: 'POST',
        headers: details.headers as Record<string, string>,
        body: details.body as unknown as ArrayBuffer, // a Buffer: fetch takes any ArrayBufferView
        redirect: 'manual', // a push service never redirects: following one would send the request elsewhere
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      status = response.status;
      const after = Number(response.headers.get('retry-after'));
      if (Number.isFinite(after) && after > 0) retryAfter = after * 1000;
      await response.body?.cancel();
    } catch {
      status = 0; // no answer: the network or the service is down
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
