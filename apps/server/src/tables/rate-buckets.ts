// Token buckets by key (a seat, an address): how many of something each may do at once, and how fast that refills.
// Full buckets are forgotten, so memory holds only the keys that acted lately.

/** A bucket's size and refill. */
export interface BucketLimits {
  readonly burst: number; // actions at once
  readonly perSecond: number; // refilled each second
}

/** Buckets for any number of keys under one limit. */
export class RateBuckets {
  readonly #limits: BucketLimits;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(limits: BucketLimits) {
    this.#limits = limits;
  }

  /** The tokens a key has now. */
  #level(key: string, now: number): number {
    const bucket = this.#buckets.get(key);
    if (!bucket) return this.#limits.burst;
    return Math.min(this.#limits.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.#limits.perSecond);
  }

  /** Whether a key may act now. */
  can(key: string, now: number): boolean {
    return this.#level(key, now) >= 1;
  }

  /** A key acts: it spends a token (`can` said it has one). */
  spend(key: string, now: number): void {
    this.#buckets.set(key, { tokens: this.#level(key, now) - 1, at: now });
    if (this.#buckets.size > 10_000) this.#forgetFull(now);
  }

  #forgetFull(now: number): void {
    for (const key of [...this.#buckets.keys()])
      if (this.#level(key, now) >= this.#limits.burst) this.#buckets.delete(key);
  }
}
