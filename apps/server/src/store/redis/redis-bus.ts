// The shared bus: a pub/sub channel per table on a connection of its own, the table-wide facts in a hash per
// table, and a sign of life of each instance every few seconds, so the presence of a killed instance expires.
import type { Side } from '@fg/rules';
import type { Redis } from 'ioredis';
import { nanoid } from 'nanoid';

import type { BusListener, BusMessage, OfferKind, RematchAsked, SharedFacts, TableBus } from '../../tables/bus.js';
import type { InstancePresence, Offer, TableEvent } from '../../tables/events.js';
import { CHANNEL_PREFIX, defineScript, INSTANCES_KEY, LEASE_PREFIX, type Script, tableKeys } from './redis-keys.js';

/** How often an instance shows it is alive, and after how long without a sign it counts as gone. */
const HEARTBEAT_MS = 3_000;
const LIVE_MS = 10_000;
/** How long the table-wide facts of a table nobody touches stay (a finished table's keys expire with it). */
const SHARED_KEEP_MS = 2 * 86_400_000;

// KEYS: shared. ARGV: side, token hash, keep ms. Returns added, fox, geese.
const ASK_REMATCH = `
local added = redis.call('HSETNX', KEYS[1], 'ask:' .. ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local asks = redis.call('HMGET', KEYS[1], 'ask:fox', 'ask:geese')
return {added, asks[1] or '', asks[2] or ''}`;

// KEYS: shared. ARGV: field, the offer ('' to drop it), '1' to compare first, the offer expected ('' for none),
// keep ms. Returns 1 when stored, 0 when the stored offer was not the one expected.
const SET_OFFER = `
if ARGV[3] == '1' and (redis.call('HGET', KEYS[1], ARGV[1]) or '') ~= ARGV[4] then return 0 end
if ARGV[2] == '' then redis.call('HDEL', KEYS[1], ARGV[1]) else redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

// KEYS: lease. ARGV: owner, ms.
const LEASE = `
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

// KEYS: presence. ARGV: instance, its presence ('' once it has no connection there), keep ms, channel, message.
const SET_PRESENCE = `
if ARGV[2] == '' then redis.call('HDEL', KEYS[1], ARGV[1])
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
redis.call('PUBLISH', ARGV[4], ARGV[5])`;

/** A TableBus on Redis: `redis` is the command connection (shared with the store), `subscriber` its own. */
export class RedisBus implements TableBus {
  readonly instance = nanoid(10);
  readonly #redis: Redis;
  readonly #subscriber: Redis;
  readonly #ownPrefix = `{"origin":"${this.instance}"`; // how this instance's own events begin
  readonly #seen = new Map<string, number>(); // instance -> when it last showed a sign of life (ms)
  readonly #askRematch: Script;
  readonly #setOffer: Script;
  readonly #lease: Script;
  readonly #setPresence: Script;
  readonly #heartbeat: ReturnType<typeof setInterval>;
  #listener: BusListener = () => undefined;
  #resumed: () => void = () => undefined;

  constructor(redis: Redis, subscriber: Redis, onError: (error: unknown, what: string) => void) {
    this.#redis = redis;
    this.#subscriber = subscriber;
    this.#askRematch = defineScript(redis, 'fgAskRematch', 1, ASK_REMATCH);
    this.#setOffer = defineScript(redis, 'fgSetOffer', 1, SET_OFFER);
    this.#lease = defineScript(redis, 'fgLease', 1, LEASE);
    this.#setPresence = defineScript(redis, 'fgSetPresence', 1, SET_PRESENCE);
    subscriber.on('message', (channel: string, text: string) => this.#heard(channel, text, onError));
    let connected = false;
    subscriber.on('ready', () => {
      // ioredis resubscribes on reconnect; a PING answered after it means the channels are back, and every
      // event missed while away is then read from the store by the listener.
      if (connected)
        void subscriber.ping().then(
          () => this.#resumed(),
          (e: unknown) => onError(e, 'resubscribe'),
        );
      connected = true;
    });
    void subscriber.subscribe(INSTANCES_KEY).catch((e: unknown) => onError(e, 'subscribe'));
    const beat = (): void => {
      const now = Date.now();
      this.#redis
        .multi()
        .hset(INSTANCES_KEY, this.instance, now)
        .publish(INSTANCES_KEY, this.instance)
        .exec()
        .catch((e: unknown) => onError(e, 'heartbeat'));
    };
    beat();
    this.#heartbeat = setInterval(beat, HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  #heard(channel: string, text: string, onError: (error: unknown, what: string) => void): void {
    if (channel === INSTANCES_KEY) return void this.#seen.set(text, Date.now());
    if (!channel.startsWith(CHANNEL_PREFIX) || text.startsWith(this.#ownPrefix)) return;
    try {
      const message = JSON.parse(text) as BusMessage;
      this.#seen.set(message.origin, Date.now());
      this.#listener(channel.slice(CHANNEL_PREFIX.length, -1), message);
    } catch (error) {
      onError(error, 'bus message');
    }
  }

  listen(listener: BusListener, resumed: () => void): void {
    this.#listener = listener;
    this.#resumed = resumed;
  }

  async subscribe(tableId: string): Promise<void> {
    await this.#subscriber.subscribe(tableKeys(tableId).channel);
  }

  async unsubscribe(tableId: string): Promise<void> {
    await this.#subscriber.unsubscribe(tableKeys(tableId).channel);
  }

  async publish(tableId: string, event: TableEvent): Promise<void> {
    await this.#redis.publish(tableKeys(tableId).channel, JSON.stringify({ origin: this.instance, ...event }));
  }

  async shared(tableId: string): Promise<SharedFacts> {
    const k = tableKeys(tableId);
    const [fields, presence, instances] = await Promise.all([
      this.#redis.hgetall(k.shared),
      this.#redis.hgetall(k.presence),
      this.#redis.hgetall(INSTANCES_KEY),
    ]);
    for (const [instance, at] of Object.entries(instances))
      this.#seen.set(instance, Math.max(this.#seen.get(instance) ?? 0, Number(at)));
    const live = new Map<string, InstancePresence>();
    for (const [instance, text] of Object.entries(presence))
      if (this.isLive(instance)) live.set(instance, JSON.parse(text) as InstancePresence);
    return {
      drawOffer: fields.drawOffer ? (JSON.parse(fields.drawOffer) as Offer) : null,
      takebackOffer: fields.takebackOffer ? (JSON.parse(fields.takebackOffer) as Offer) : null,
      rematchAsks: { fox: fields['ask:fox'] ?? null, geese: fields['ask:geese'] ?? null },
      presence: live,
    };
  }

  async setOffer(tableId: string, kind: OfferKind, offer: Offer | null, expected?: Offer | null): Promise<boolean> {
    const text = (o: Offer | null | undefined): string => (o ? JSON.stringify(o) : '');
    const compare = expected === undefined ? '0' : '1';
    const args = [`${kind}Offer`, text(offer), compare, text(expected), SHARED_KEEP_MS];
    return (await this.#setOffer(tableKeys(tableId).shared, ...args)) === 1;
  }

  async dropRematchAsk(tableId: string, side: Side): Promise<void> {
    await this.#redis.hdel(tableKeys(tableId).shared, `ask:${side}`);
  }

  async askRematch(tableId: string, side: Side, tokenHash: string): Promise<RematchAsked> {
    const reply = (await this.#askRematch(tableKeys(tableId).shared, side, tokenHash, SHARED_KEEP_MS)) as [
      number,
      string,
      string,
    ];
    return { added: reply[0] === 1, asks: { fox: reply[1] || null, geese: reply[2] || null } };
  }

  async setPresence(tableId: string, presence: InstancePresence): Promise<void> {
    // One script rather than a MULTI of four commands: a table's joins and leaves write this several times a game.
    const k = tableKeys(tableId);
    const empty = presence.fox + presence.geese + presence.spectators === 0;
    const message = JSON.stringify({ origin: this.instance, type: 'presence', ply: -1, presence });
    const stored = empty ? '' : JSON.stringify(presence);
    await this.#setPresence(k.presence, this.instance, stored, SHARED_KEEP_MS, k.channel, message);
  }

  isLive(instance: string): boolean {
    return instance === this.instance || Date.now() - (this.#seen.get(instance) ?? 0) < LIVE_MS;
  }

  async lease(name: string, ms: number): Promise<boolean> {
    return (await this.#lease(LEASE_PREFIX + name, this.instance, ms)) === 1;
  }

  async readiness(): Promise<{ ready: boolean; reason?: string }> {
    if (this.#subscriber.status !== 'ready')
      return { ready: false, reason: `redis subscriber ${this.#subscriber.status}` };
    return { ready: true };
  }

  async close(): Promise<void> {
    clearInterval(this.#heartbeat);
    await this.#redis.hdel(INSTANCES_KEY, this.instance).catch(() => undefined);
    this.#subscriber.disconnect();
  }
}
