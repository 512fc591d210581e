// Who is at a table: the members connected to this instance, and what other instances report of theirs.
// Presence is table-wide (docs/protocol.md, Scale-out): a seat is online if any live instance holds it.
import type { Seats } from '@fg/protocol';
import { type Side, SIDES } from '@fg/rules';

import type { InstancePresence } from './events.js';
import type { Member, Seating } from './member.js';

// One count for the process rather than a table: the instance id is the process's, so its serials keep rising
// when a table is forgotten here and loaded again.
let reports = 0;

/** The connections of one table, here and elsewhere. */
export class TablePresence {
  readonly #members = new Map<Member, Seating>(); // connected to this instance
  // Instance id -> its last report, one with no connection too (its serial keeps an older one out); made at the first.
  #remote: Map<string, InstancePresence> | null = null;
  readonly #left: Record<Side, number> = { fox: 0, geese: 0 }; // ms; when the seat last went offline, 0: unknown
  readonly #loadedAt: number; // ms; when this instance loaded the table
  #idleSince: number; // ms; when the last local member left

  constructor(now: number) {
    this.#loadedAt = now;
    this.#idleSince = now;
  }

  /** The members connected to this instance, and how each sits. */
  get members(): ReadonlyMap<Member, Seating> {
    return this.#members;
  }

  /** Since when no member has been connected here (ms); meaningful while none is. */
  get idleSince(): number {
    return this.#idleSince;
  }

  readonly #counts: Record<Side | 'spectator', number> = { fox: 0, geese: 0, spectator: 0 }; // of `members`

  /** Connections of one role at this instance. */
  localCount(role: Side | 'spectator'): number {
    return this.#counts[role];
  }

  /** Adds a member (one not at the table). */
  add(member: Member, seating: Seating): void {
    this.#members.set(member, seating);
    this.#counts[seating.role]++;
  }

  /** Removes a member; its seat's offline time starts when its last connection here leaves. */
  remove(member: Member, now: number): void {
    const seating = this.#members.get(member);
    if (!seating) return;
    this.#members.delete(member);
    this.#counts[seating.role]--;
    if (seating.role !== 'spectator' && this.localCount(seating.role) === 0) this.#left[seating.role] = now;
    if (this.#members.size === 0) this.#idleSince = now;
  }

  /** What this instance reports to the others. */
  local(): InstancePresence {
    return {
      fox: this.localCount('fox'),
      geese: this.localCount('geese'),
      spectators: this.localCount('spectator'),
      left: { ...this.#left },
      serial: ++reports,
    };
  }

  /** A seat just taken counts as offline since now, until its player connects. */
  seatTaken(side: Side, now: number): void {
    this.#left[side] = now;
  }

  /**
   * Takes another instance's report; a seat it gave up counts as offline since then. One older than the last taken
   * from that instance is skipped: a reload's read answered after a newer report was heard would undo it.
   */
  setRemote(instance: string, presence: InstancePresence): void {
    const remote = (this.#remote ??= new Map<string, InstancePresence>());
    if (presence.serial < (remote.get(instance)?.serial ?? -Infinity)) return;
    remote.set(instance, presence);
    for (const side of SIDES) this.#left[side] = Math.max(this.#left[side], presence.left[side]);
  }

  /** Drops the reports of instances no longer live; true if one had connections. Their seats went offline now. */
  dropDead(isLive: (instance: string) => boolean, now: number): boolean {
    let dropped = false;
    const remote = this.#remote;
    if (!remote) return false;
    for (const [instance, presence] of remote) {
      if (isLive(instance)) continue;
      remote.delete(instance);
      for (const side of SIDES) if (presence[side] > 0) this.#left[side] = now;
      if (presence.fox + presence.geese + presence.spectators > 0) dropped = true;
    }
    return dropped;
  }

  /** Whether other instances have reported here (with connections or not): the dead check's quick test. */
  get hasRemote(): boolean {
    return (this.#remote?.size ?? 0) > 0;
  }

  /** Whether any connection anywhere holds this side's seat. */
  isOnline(side: Side): boolean {
    if (this.localCount(side) > 0) return true;
    if (this.#remote) for (const presence of this.#remote.values()) if (presence[side] > 0) return true;
    return false;
  }

  /**
   * Since when the seat has had no connection anywhere (ms); meaningful while it is offline. With nothing known
   * (no instance saw it leave), since this instance loaded the table: after a restart the abandonment time starts
   * afresh. Reports carry only what was seen, so another instance loading the table later resets nothing.
   */
  offlineSince(side: Side): number {
    return this.#left[side] || this.#loadedAt;
  }

  /** How many connections watch the table, anywhere. */
  spectators(): number {
    let count = this.localCount('spectator');
    if (this.#remote) for (const presence of this.#remote.values()) count += presence.spectators;
    return count;
  }

  /** Both seats as everyone sees them. */
  seatsView(seats: Readonly<Record<Side, string | null>>): Seats {
    return {
      fox: { taken: seats.fox !== null, online: this.isOnline('fox') },
      geese: { taken: seats.geese !== null, online: this.isOnline('geese') },
    };
  }
}

/** Whether two reports say the same. */
export function samePresence(a: InstancePresence | null, b: InstancePresence): boolean {
  return (
    a !== null &&
    a.fox === b.fox &&
    a.geese === b.geese &&
    a.spectators === b.spectators &&
    a.left.fox === b.left.fox &&
    a.left.geese === b.left.geese
  );
}
