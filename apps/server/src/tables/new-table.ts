// A new table as stored: from a create body (the creator's seat, the computer seat and clock) or a rematch.
import { type CreateTableBody, PERFECT_LEVEL } from '@fg/protocol';
import { getVariant, opponent, type Side, type Variant } from '@fg/rules';

import { type Answer, done, refuse } from './answer.js';
import { hashToken, newTableId, newToken } from './seat-tokens.js';
import type { StoredTable } from './store.js';

/** What a table may be created with besides its seats. */
export type TableExtras = Pick<StoredTable, 'clock' | 'listed' | 'computer' | 'correspondence'>;

/** A new table of a variant, before any move; the seats given are taken at `now`. */
export function newStoredTable(
  id: string,
  variant: Variant,
  seats: StoredTable['seats'],
  now: number,
  extras: TableExtras = {},
): StoredTable {
  return {
    id,
    variant: variant.id,
    options: variant.options,
    seats,
    moves: [],
    result: null,
    rematch: null,
    createdAt: now,
    clock: extras.clock ?? null,
    listed: extras.listed ?? false,
    computer: extras.computer ?? null,
    ...(extras.correspondence ? { correspondence: extras.correspondence } : {}),
    seatedAt: { fox: seats.fox === null ? null : now, geese: seats.geese === null ? null : now },
    moveTimes: [],
    endedAt: null,
  };
}

/** What creating a table asks of the installed solution tables (solution/solutions.ts's Solutions is one). */
export interface SolvedCheck {
  /** The table for a variant with its options applied, or null when none is installed for it. */
  for(variant: Variant): object | null;
  /** The solved option sets in words, for a refusal. */
  describe(): string;
}

/** None installed. */
export const NOTHING_SOLVED: SolvedCheck = { for: () => null, describe: () => 'none is installed here' };

/** A table made from a create body, and the creator's seat; bad variants or options answer `bad-request`. */
export function tableFromBody(
  body: CreateTableBody,
  pickSide: () => Side,
  now: number,
  solved: SolvedCheck = NOTHING_SOLVED,
  dayMs = 86_400_000, // CORRESPONDENCE_DAY_SECONDS
): Answer<{ stored: StoredTable; seat: { side: Side; token: string } }, 'bad-request'> {
  const variant = getVariant(body.variant, body.options ?? {});
  if (!variant.ok) return refuse('bad-request', variant.error.message);
  // The perfect level needs a solution table for the variant and options.
  if (body.computer?.level === PERFECT_LEVEL && !solved.for(variant.value))
    return refuse(
      'bad-request',
      `computer level ${PERFECT_LEVEL} needs a solution table for ${variant.value.id} ${JSON.stringify(variant.value.options)}; solved here: ${solved.describe()}`,
    );
  // A correspondence game's time is its days a move; a clock would be a second time control.
  if (body.correspondence && body.clock)
    return refuse('bad-request', 'a table has a clock or correspondence days a move, not both');
  const side = !body.side || body.side === 'random' ? pickSide() : body.side;
  const token = newToken();
  const hash = hashToken(token);
  // The computer takes the other seat at once, with a token of its own.
  const computer = body.computer ? { side: opponent(side), level: body.computer.level, token: newToken() } : null;
  const seats = { fox: side === 'fox' ? hash : null, geese: side === 'geese' ? hash : null };
  if (computer) seats[computer.side] = hashToken(computer.token);
  const correspondence = body.correspondence ? { days: body.correspondence.days, dayMs } : null;
  const extras = { clock: body.clock ?? null, listed: body.listed ?? false, computer, correspondence };
  return done({ stored: newStoredTable(newTableId(), variant.value, seats, now, extras), seat: { side, token } });
}
