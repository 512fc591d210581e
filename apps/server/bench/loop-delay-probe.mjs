// Preloaded into the server by the computer benchmark (node --import): measures the event loop's delay and, on
// SIGUSR2, writes its percentiles since the last signal to BENCH_LOOP_DELAY_FILE and starts afresh.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const RESOLUTION_MS = 10;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let seq = 0;
  process.on('SIGUSR2', () => {
    // The histogram holds the time between the sampling timer's runs; less its interval, it is how late the loop ran.
    const ms = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
    const figures = {
      seq: ++seq,
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
    };
    writeFileSync(file, JSON.stringify(figures));
    histogram.reset();
  });
}
