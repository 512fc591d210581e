// Seeded randomness, so that every choice the engine makes by chance can be replayed in a test.

/** A random source: each call returns a number in [0, 1). */
export type Random = () => number;

/** A small, fast seeded generator (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [0, n) from a random source. */
export function randomIndex(random: Random, n: number): number {
  return Math.floor(random() * n);
}
