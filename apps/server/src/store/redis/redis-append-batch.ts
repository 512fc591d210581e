// The moves stored while one batch is on its way to Redis go together in the next one, as one script call: each
// move is still its own compare-and-set on the ply and publishes its own event, in the order asked, but ioredis's
// cost of a call (its command object and timer, the reply) is paid once a batch instead of once a move. A move's
// promise settles only after Redis has answered for it, so a `moved` still goes out only after its write.
import type { Redis } from 'ioredis';

import { TurnFlush } from '../turn-flush.js';
import { APPEND_MOVES_COMMAND, defineScript, type Script, UNFINISHED_KEY } from './redis-keys.js';

// KEYS: unfinished, then for each move: table, moves, shared, presence, times.
// ARGV: keep ms, then for each move: id, ply, move, result ('' if none), event, channel, stored at (ms).
// Returns 1 (stored) or 0 (refused: no such table, finished, or another ply) for each move.
const APPEND_MOVES = `
local stored = {}
for m = 0, (#ARGV - 1) / 7 - 1 do
  local k, a = 1 + m * 5, 1 + m * 7
  stored[m + 1] = 0
  if redis.call('EXISTS', KEYS[k + 1]) == 1 and redis.call('HEXISTS', KEYS[k + 1], 'result') == 0
      and redis.call('LLEN', KEYS[k + 2]) == tonumber(ARGV[a + 2]) then
    redis.call('RPUSH', KEYS[k + 2], ARGV[a + 3])
    redis.call('RPUSH', KEYS[k + 5], ARGV[a + 7])
    if ARGV[a + 4] ~= '' then
      redis.call('HSET', KEYS[k + 1], 'result', ARGV[a + 4], 'endedAt', ARGV[a + 7])
      redis.call('ZREM', KEYS[1], ARGV[a + 1])
    end
    -- Kept for the keeping time after the last move: a game both players left for good does not stay for ever.
    for i = 1, 5 do redis.call('PEXPIRE', KEYS[k + i], ARGV[1]) end
    redis.call('PUBLISH', ARGV[a + 6], ARGV[a + 5])
    stored[m + 1] = 1
  end
end
return stored`;

/** At most this many moves a call, so a backlog (Redis back after a pause) goes as several short scripts. */
const MOST_A_CALL = 256;

/** One move to store: the table's five keys and the move's seven values, in the script's order. */
export interface MoveToStore {
  readonly keys: readonly [string, string, string, string, string];
  readonly values: readonly [string, number, string, string, string, string, number];
}

interface Waiting {
  readonly move: MoveToStore;
  readonly resolve: (stored: boolean) => void;
  readonly reject: (error: unknown) => void;
}

/** Stores moves in Redis, as many a script call as were asked while the previous call was answered. */
export class AppendBatch {
  readonly #append: Script;
  readonly #keepMs: number;
  #queued: Waiting[] = [];
  // When a call goes: as the SQLite group commit's (first ask of a turn at once, later ones of that turn together),
  // and held while a call is on its way, so what is asked meanwhile goes in the next one.
  readonly #turn = new TurnFlush(() => this.#send());

  constructor(redis: Redis, keepMs: number) {
    this.#append = defineScript(redis, APPEND_MOVES_COMMAND, null, APPEND_MOVES);
    this.#keepMs = keepMs;
  }

  /** Resolves with whether the move was stored (false: refused by the compare-and-set); rejects if Redis failed. */
  add(move: MoveToStore): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.#queued.push({ move, resolve, reject });
      this.#turn.request();
    });
  }

  #send(): void {
    this.#turn.started();
    if (this.#queued.length === 0) return;
    const batch = this.#queued.splice(0, MOST_A_CALL);
    this.#turn.hold();
    const keys: string[] = [UNFINISHED_KEY];
    const values: (string | number)[] = [this.#keepMs];
    for (const { move } of batch) {
      keys.push(...move.keys);
      values.push(...move.values);
    }
    void this.#append(keys.length, ...keys, ...values)
      .then((reply) => {
        if (!Array.isArray(reply) || reply.length !== batch.length)
          throw new Error(`redis answered ${JSON.stringify(reply)} for ${batch.length} moves`);
        batch.forEach((waiting, i) => waiting.resolve(reply[i] === 1));
      })
      .catch((error: unknown) => batch.forEach((waiting) => waiting.reject(error)))
      .finally(() => {
        // What was asked meanwhile goes at once, as ioredis sends its next pipeline when the last one is answered.
        this.#turn.started();
        if (this.#queued.length > 0) this.#send();
      });
  }
}
