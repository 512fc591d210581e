// Push subscriptions in Redis: one hash per seat, `fg:table:{id}:push:<side>`, endpoint -> JSON; one script adds
// and trims, so two instances adding at once still keep at most MAX_PUSH_SUBSCRIPTIONS.
import { MAX_PUSH_SUBSCRIPTIONS } from '@fg/protocol';
import type { Side } from '@fg/rules';
import type { Redis } from 'ioredis';

import { type PushSubscriptions, type StoredSubscription, withSubscription } from '../../push/push-subscriptions.js';
import { defineScript, type Script } from './redis-keys.js';

/** The hash of a seat's subscriptions (the table's hash tag, so it lives in the table's slot). */
const pushKey = (table: string, side: Side): string => `fg:table:{${table}}:push:${side}`;

// KEYS[1] the seat's hash; ARGV endpoint, JSON, limit, keep-ms. Drops the oldest past the limit.
const ADD = `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
local all = redis.call('HGETALL', KEYS[1])
local n = #all / 2
if n > tonumber(ARGV[3]) then
  local entries = {}
  for i = 1, #all, 2 do
    local at = cjson.decode(all[i + 1]).createdAt
    table.insert(entries, { all[i], at })
  end
  table.sort(entries, function(a, b) if a[2] == b[2] then return a[1] < b[1] end return a[2] < b[2] end)
  for i = 1, n - tonumber(ARGV[3]) do redis.call('HDEL', KEYS[1], entries[i][1]) end
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return n
`;

/** PushSubscriptions in Redis. */
export class RedisPushSubscriptions implements PushSubscriptions {
  readonly #redis: Redis;
  readonly #add: Script;
  readonly #keepMs: number;

  /** `keepMs`: how long a seat's subscriptions outlive their last renewal (the tables' own keeping time). */
  constructor(redis: Redis, keepMs: number) {
    this.#redis = redis;
    this.#keepMs = keepMs;
    this.#add = defineScript(redis, 'fgPushAdd', 1, ADD);
  }

  async add(table: string, side: Side, s: StoredSubscription): Promise<void> {
    const value = JSON.stringify({ p256dh: s.p256dh, auth: s.auth, createdAt: s.createdAt });
    await this.#add(pushKey(table, side), s.endpoint, value, MAX_PUSH_SUBSCRIPTIONS, this.#keepMs);
  }

  async remove(table: string, side: Side, endpoint: string): Promise<void> {
    await this.#redis.hdel(pushKey(table, side), endpoint);
  }

  async list(table: string, side: Side): Promise<StoredSubscription[]> {
    const all = await this.#redis.hgetall(pushKey(table, side));
    let list: StoredSubscription[] = [];
    for (const [endpoint, json] of Object.entries(all)) {
      const { p256dh, auth, createdAt } = JSON.parse(json) as Omit<StoredSubscription, 'endpoint'>;
      list = withSubscription(list, { endpoint, p256dh, auth, createdAt });
    }
    return list;
  }
}
