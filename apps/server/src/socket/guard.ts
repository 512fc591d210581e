// Limits of one connection: a token bucket for its message rate, and strikes for bad input.

/** The limits a connection lives by. */
export interface GuardLimits {
  readonly burst: number; // messages that may arrive at once
  readonly ratePerSecond: number; // messages refilled each second
  readonly maxStrikes: number; // bad inputs within the window that close the connection
  readonly strikeWindowMs?: number; // 60 000 by default
}

/** Counts one connection's messages and bad inputs. */
export class ConnectionGuard {
  readonly #limits: Required<GuardLimits>;
  readonly #now: () => number;
  #tokens: number;
  #refilledAt: number;
  readonly #strikes: number[] = [];

  constructor(limits: GuardLimits, now: () => number = Date.now) {
    this.#limits = { strikeWindowMs: 60_000, ...limits };
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
    this.#strikes.push(now);
    while (this.#strikes.length && this.#strikes[0]! <= now - this.#limits.strikeWindowMs) this.#strikes.shift();
    return this.#strikes.length >= this.#limits.maxStrikes;
  }
}
