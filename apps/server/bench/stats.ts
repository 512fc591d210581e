// Summaries of latency samples: the figures the benchmark prints.

/** p50, p99 and max of a set of samples (milliseconds), with their count. */
export interface Summary {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/** The value at quantile q (0..1) of ascending sorted samples, by the nearest-rank rule. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Summarises samples; an empty set gives NaN figures, which print as "-". */
export function summarize(samples: readonly number[]): Summary {
  const sorted = Float64Array.from(samples).sort();
  const list = Array.from(sorted);
  return {
    count: list.length,
    p50: quantile(list, 0.5),
    p99: quantile(list, 0.99),
    max: list.length ? list[list.length - 1]! : Number.NaN,
  };
}
