// decide and evolve against the real stores: every event `decide` returns is one the store takes (its
// compare-and-set holds), and the facts `evolve` makes from it are what the store then loads, field for field,
// over random games of every variant with takebacks, offers and endings (SQLite in memory; Redis mode is
// covered through the same writes by the socket suites and takeback.test.ts).
import { opponent, SIDES, VARIANT_IDS } from '@fg/rules';
import { getVariant } from '@fg/rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MemoryBus } from '../store/memory/memory-bus.js';
import { SqliteStore } from '../store/sqlite/sqlite-store.js';
import { decide, type DecideContext, type PlayMessage } from './decide.js';
import { evolve } from './evolve.js';
import { newStoredTable } from './new-table.js';
import { hashToken } from './seat-tokens.js';
import { deriveGame, factsOf, type TableFacts } from './table-state.js';
import { writeEvent } from './write-event.js';

const CONTEXT: DecideContext = { tableId: 'x', abandonMs: 60_000, isOnline: () => true, offlineSince: () => 0 };
const TOKENS = { fox: 'fox-token-000000000000000', geese: 'geese-token-0000000000000' };

const stepArbitrary = fc.record({
  kind: fc.constantFrom('move', 'move', 'move', 'move', 'takeback', 'answer', 'draw', 'resign', 'rematch'),
  side: fc.constantFrom(...SIDES),
  pick: fc.nat(),
});

describe('decide -> write -> evolve', () => {
  it('gives facts equal to what the store loads after every event, and never an event the store refuses', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...VARIANT_IDS),
        fc.array(stepArbitrary, { maxLength: 60 }),
        async (id, steps) => {
          const store = new SqliteStore(':memory:');
          const bus = new MemoryBus();
          const variant = getVariant(id, {});
          if (!variant.ok) throw new Error(variant.error.message);
          const seats = { fox: hashToken(TOKENS.fox), geese: hashToken(TOKENS.geese) };
          const stored = newStoredTable('tableDecide1', variant.value, seats, 1_000, {
            clock: { initial: 60, increment: 1 },
          });
          await store.insertTable(stored);
          await bus.subscribe(stored.id);
          let facts: TableFacts = factsOf(stored, await bus.shared(stored.id));
          let now = 2_000;
          for (const step of steps) {
            const derived = deriveGame(facts.stored)!;
            const turn = derived.game.position.turn;
            const legal = derived.game.legal;
            const names = (i: number) =>
              legal[i % legal.length]!.map((p) => derived.game.variant.board.points[p]!.name);
            const actor = step.kind === 'move' ? turn : step.kind === 'answer' ? opponent(step.side) : step.side;
            const messages: Record<string, PlayMessage> = {
              move: {
                type: 'move',
                ply: facts.stored.moves.length,
                path: legal.length ? names(step.pick) : ['a1', 'a2'],
              },
              takeback: { type: 'takeback-offer' },
              answer: { type: step.pick % 2 ? 'takeback-accept' : 'takeback-decline' },
              draw: { type: step.pick % 2 ? 'draw-offer' : 'draw-accept' },
              resign: { type: 'resign' },
              rematch: { type: step.pick % 2 ? 'rematch' : 'rematch-decline' },
            };
            now += 1 + (step.pick % 5000);
            const decision = decide(
              facts,
              derived,
              { side: actor, token: TOKENS[actor] },
              messages[step.kind]!,
              now,
              CONTEXT,
            );
            if (decision.kind !== 'event') continue;
            const event = decision.event;
            const written = await writeEvent(store, bus, stored.id, event, facts);
            expect(written.ok || event.type === 'rematch-ask').toBe(true);
            if (!written.ok) continue;
            const next = evolve(facts, event);
            expect(typeof next).toBe('object');
            facts = next as TableFacts;
            const loaded = (await store.loadTable(stored.id))!;
            for (const field of ['moves', 'moveTimes', 'result', 'endedAt', 'seats', 'seatedAt'] as const)
              expect(loaded[field]).toEqual(facts.stored[field]);
            expect(loaded.takebacks ?? []).toEqual(facts.stored.takebacks ?? []);
            const shared = await bus.shared(stored.id);
            expect(shared.rematchAsks).toEqual(facts.rematchAsks);
            expect([shared.drawOffer, shared.takebackOffer]).toEqual([facts.drawOffer, facts.takebackOffer]);
          }
          await store.close();
        },
      ),
      { numRuns: 60 },
    );
  });
});
