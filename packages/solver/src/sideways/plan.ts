// One level's units with the place of each unit's first set, so that every thread (and every round)
// finds a set's level-local records at the same place.
import { levelUnits, type Unit, unitSize } from '../levels.js';
import { countsKey } from './kernel.js';

/** The units of a level, where each starts, and how many sets the level holds. */
export interface LevelPlan {
  readonly units: readonly Unit[];
  readonly firsts: Int32Array; // place of each unit's first set
  readonly size: number; // sets in the level
  readonly bases: ReadonlyMap<number, number>; // countsKey(row counts) -> the first unit with those counts
}

const cache = new Map<string, LevelPlan>();

/** The plan of one level of tier k (cached: every round asks again). */
export function levelPlan(k: number, level: number): LevelPlan {
  const key = `${k}:${level}`;
  let plan = cache.get(key);
  if (!plan) {
    const units = levelUnits(k, level);
    const firsts = new Int32Array(units.length);
    const bases = new Map<number, number>();
    let size = 0;
    units.forEach((u, i) => {
      firsts[i] = size;
      size += unitSize(u);
      if (u.fixed === 0) bases.set(countsKey(u.counts), i);
    });
    plan = { units, firsts, size, bases };
    if (cache.size > 256) cache.clear();
    cache.set(key, plan);
  }
  return plan;
}
