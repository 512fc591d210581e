// The computer's lease of one process: nobody else competes for a table, so it is always this process's.
import type { ComputerLease } from '../../computer/computer-lease.js';

/** The lease of a single process: always its own. */
export const SOLE_LEASE: ComputerLease = {
  shared: false,
  renewMs: 0,
  hold: async () => true,
  release: async () => undefined,
};
