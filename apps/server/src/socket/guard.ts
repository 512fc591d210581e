// Limits of one connection: a token bucket for its message rate, and strikes for bad input.

/** The limits a connection lives by. */
export interface GuardLimits {
  readonly burst: number; // messages that may arrive at once
  readonly ratePerSecond: number; // messages refilled each second
  readonly maxStrikes: number; // bad inputs within the window that close the connection
  readonly strikeWindowMs?: number; // 60 000 by default
}

/** The limits with their defaults filled in; made once and shared by the guards of every connection. */
const filled = new WeakMap<GuardLimits, Required<GuardLimits>>();
const withDefaults = (limits: GuardLimits): Required<GuardLimits> => {
  let full = filled.get(limits);
  if (!full) filled.set(limits, (full = { strikeWindowMs: 60_000, ...limits }));
  return full;
};

/** Counts one connection's messages and bad inputs; a few numbers a connection, the limits shared. */
export class ConnectionGuard {
  readonly #limits: Required<GuardLimits>;
  readonly #now: () => number;
  #tokens: number;
  #refilledAt: number;
  #strikes: number[] | null = null; // made at the first bad input: most connections never send one

  constructor(limits: GuardLimits, now: () => number = Date.now) {
    this.#limits = withDefaults(limits);
    this.#now = now;
    this.#tokens = limits.burst;
    this.#refilledAt = now();
  }

  /** Whether one more message may be handled now; each admitted message spends a token. */
  admit(): boolean {
    const now = this.#now();
    const { burst, ratePerSecond } = this.#limits;
    this.#tokens = Math.min(burst, this.#tokens + ((now - this.#refilledAt) / 1000) * ratePerSecond);
    this.#refilledAt = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** Gives back the token of a message that turned out to be an accepted move: a game's own pace bounds those. */
  refund(): void {
    this.#tokens = Math.min(this.#limits.burst, this.#tokens + 1);
  }

  /** Records a bad input; true once the connection has had too many within the window. */
  strike(): boolean {
    const now = this.#now();
    const strikes = (this.#strikes ??= []);
    strikes.push(now);
    while (strikes.length && strikes[0]! <= now - this.#limits.strikeWindowMs) strikes.shift();
    return strikes.length >= this.#limits.maxStrikes;
  }
}
