// Where a seat's push subscriptions are kept (docs/protocol.md): with the seat, in the same store as the
// table (SQLite, or Redis in Redis mode), at most MAX_PUSH_SUBSCRIPTIONS per seat, the oldest giving way.
import { MAX_PUSH_SUBSCRIPTIONS } from '@fg/protocol';
import type { Side } from '@fg/rules';

/** One browser's subscription, as the push service gave it. */
export interface StoredSubscription {
  readonly endpoint: string; // 'https://fcm.googleapis.com/fcm/send/…'
  readonly p256dh: string; // the browser's P-256 public key, base64url
  readonly auth: string; // its 16-byte auth secret, base64url
  readonly createdAt: number; // ms
}

/** The subscriptions of every seat. */
export interface PushSubscriptions {
  /** Adds (or renews) a subscription of a seat; past the limit the oldest of that seat is dropped. */
  add(table: string, side: Side, subscription: StoredSubscription): Promise<void>;
  /** Removes a seat's subscription with this endpoint, if there is one. */
  remove(table: string, side: Side, endpoint: string): Promise<void>;
  /** A seat's subscriptions, oldest first. */
  list(table: string, side: Side): Promise<StoredSubscription[]>;
}

/** Keeps the newest `MAX_PUSH_SUBSCRIPTIONS` of a list, oldest first; a renewed endpoint replaces its old entry. */
export function withSubscription(list: readonly StoredSubscription[], added: StoredSubscription): StoredSubscription[] {
  const rest = list.filter((s) => s.endpoint !== added.endpoint);
  return [...rest, added].sort((a, b) => a.createdAt - b.createdAt).slice(-MAX_PUSH_SUBSCRIPTIONS);
}
