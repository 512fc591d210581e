// The computer's lease in Redis: `SET fg:computer:<id> <instance> NX PX 10000`, renewed by its holder with a
// compare-and-pexpire, given back with a compare-and-delete, so only the holder can renew or release it.
import type { Redis } from 'ioredis';

import type { ComputerLease } from '../../computer/computer-lease.js';
import { computerLeaseKey, defineScript, type Script } from './redis-keys.js';

/** How long a lease lasts without renewal: an instance that died hands its tables over after this. */
const LEASE_MS = 10_000;
/** How often the holder renews (and others ask): three tries before it lapses. */
const RENEW_MS = 3_000;

// KEYS: lease. ARGV: instance, ms. Taken when free; renewed only by its holder. 1: held by this instance.
const HOLD = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;

// KEYS: lease. ARGV: instance.
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** The computer's leases of one instance (`instance`: the bus's id) on a shared Redis connection. */
export class RedisComputerLease implements ComputerLease {
  readonly shared = true;
  readonly renewMs = RENEW_MS;
  readonly #instance: string;
  readonly #hold: Script;
  readonly #release: Script;

  constructor(redis: Redis, instance: string) {
    this.#instance = instance;
    this.#hold = defineScript(redis, 'fgComputerHold', 1, HOLD);
    this.#release = defineScript(redis, 'fgComputerRelease', 1, RELEASE);
  }

  async hold(tableId: string): Promise<boolean> {
    return (await this.#hold(computerLeaseKey(tableId), this.#instance, LEASE_MS)) === 1;
  }

  async release(tableId: string): Promise<void> {
    await this.#release(computerLeaseKey(tableId), this.#instance);
  }
}
