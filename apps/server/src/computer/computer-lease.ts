// Which instance plays the computer at a table. One process needs no lease; several on one Redis each would seat
// the computer at a restored table, so they hold a lease per table and only its holder thinks (README, computer).

/** The right to play the computer at a table, held by at most one instance at a time. */
export interface ComputerLease {
  /** Whether other instances compete (then a holder renews every `renewMs`, and a loser asks again as often). */
  readonly shared: boolean;
  readonly renewMs: number;
  /** Takes the table's lease, or renews it if this instance holds it: true while this instance holds it. */
  hold(tableId: string): Promise<boolean>;
  /** Gives the lease back, if this instance holds it, so another may take it at once. */
  release(tableId: string): Promise<void>;
}
