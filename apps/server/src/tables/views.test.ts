// One transition: what every member makes of the messages it is sent (its welcome advanced by applyServerMessage,
// as the web app does) and the view a new member is welcomed with equal the view built from the table's facts,
// after every kind of server message and over random games of every variant, with and without clocks.
import type { ServerMessage, TableView } from '@fg/protocol';
import { applyServerMessage } from '@fg/protocol/apply-message';
import { opponent, replayRecord, SIDES, VARIANT_IDS, type VariantId } from '@fg/rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MemoryBus } from '../store/memory/memory-bus.js';
import { MemoryChatLog } from '../store/memory/memory-chat-log.js';
import { MemoryStore } from '../store/memory/memory-store.js';
import { Authority } from './authority.js';
import type { PlayMessage } from './decide.js';
import type { Member } from './member.js';
import { PRESENCE_MS } from './table-runner.js';

/** A member that keeps what it is sent. */
const member = (): Member & { messages: ServerMessage[] } => {
  const messages: ServerMessage[] = [];
  return { messages, send: (text) => messages.push(JSON.parse(text) as ServerMessage) };
};

/** What a client makes of what it was sent: its welcome, advanced by each message after it. */
const folded = (messages: readonly ServerMessage[]): TableView | null =>
  messages.reduce<TableView | null>((view, message) => applyServerMessage(view, message), null);

/** A seated table with both players and a spectator connected, on a time the test moves. */
async function seated(
  variant: VariantId,
  clock?: { initial: number; increment: number },
  correspondence?: { days: 1 | 2 | 3 | 5 | 7 | 14 },
) {
  const time = { now: 1_700_000_000_000 };
  const store = new MemoryStore();
  const authority = new Authority(store, {
    abandonSeconds: 60,
    bus: new MemoryBus(),
    chat: new MemoryChatLog(),
    waitingHours: 24,
    now: () => time.now,
    pickSide: () => 'fox',
  });
  const control = { ...(clock ? { clock } : {}), ...(correspondence ? { correspondence } : {}) };
  const created = await authority.createTable({ variant, side: 'fox', ...control });
  if (!created.ok) throw new Error(created.error.message);
  const id = created.value.table.id;
  const seat = await authority.takeSeat(id, 'geese');
  if (!seat.ok) throw new Error(seat.error.message);
  const players = { fox: member(), geese: member() };
  const watcher = member();
  await authority.join(id, players.fox, created.value.seat.token);
  await authority.join(id, players.geese, seat.value.seat.token);
  await authority.join(id, watcher);
  const members = [players.fox, players.geese, watcher];
  return { store, authority, id, time, players, members };
}
type Seated = Awaited<ReturnType<typeof seated>>;

/**
 * The view a member is welcomed with equals the built one, and so does each member's view. Presence goes out coalesced (at most one per
 * 250 ms, docs/protocol.md), so unless `presenceSent`, a member's seats and spectators are compared as of now.
 */
async function expectAgreement(table: Seated, presenceSent = false): Promise<TableView> {
  const built = (await table.authority.builtView(table.id))!;
  expect(await table.authority.view(table.id)).toEqual(built);
  for (const { messages } of table.members) {
    const view = folded(messages)!;
    expect(presenceSent ? view : { ...view, seats: built.seats, spectators: built.spectators }).toEqual(built);
  }
  return built;
}

/** The `pick`th legal move (modulo their number) of the side to move, as point names; null once there is none. */
function legalMove(view: TableView, pick: number): string[] | null {
  const game = replayRecord({ variant: view.variant, options: view.options, moves: view.moves });
  if (!game.ok) throw new Error(game.error.message);
  const { legal, variant } = game.value;
  if (legal.length === 0) return null;
  return legal[pick % legal.length]!.map((point) => variant.board.points[point]!.name);
}

const waitPresence = () => new Promise((resolve) => setTimeout(resolve, PRESENCE_MS + 50));

describe('the kept view', () => {
  const kinds: [kind: ServerMessage['type'], act: (table: Seated) => Promise<unknown>][] = [
    [
      'welcome',
      async (t) => {
        const newcomer = member();
        t.members.push(newcomer);
        return t.authority.join(t.id, newcomer);
      },
    ],
    [
      'moved',
      async (t) => {
        t.time.now += 1500; // a clock runs: the move is charged
        return t.authority.play(t.players.fox, { type: 'move', ply: 0, path: ['d4', 'd5'] });
      },
    ],
    [
      'presence',
      async (t) => {
        t.members.splice(t.members.indexOf(t.players.geese), 1); // gone: it hears no more
        return t.authority.leave(t.players.geese);
      },
    ],
    ['ended', async (t) => t.authority.play(t.players.geese, { type: 'resign' })],
    ['draw-offered', async (t) => t.authority.play(t.players.fox, { type: 'draw-offer' })],
    [
      'draw-declined',
      async (t) => {
        await t.authority.play(t.players.fox, { type: 'draw-offer' });
        return t.authority.play(t.players.geese, { type: 'draw-decline' });
      },
    ],
    [
      'draw-offered',
      async (t) => {
        // The decliner's own offer takes the place of the offer it declined.
        await t.authority.play(t.players.fox, { type: 'draw-offer' });
        await t.authority.play(t.players.geese, { type: 'draw-decline' });
        return t.authority.play(t.players.geese, { type: 'draw-offer' });
      },
    ],
    [
      'moved',
      async (t) => {
        // A draw declined holds through the offerer's own move and lapses with the decliner's.
        await t.authority.play(t.players.fox, { type: 'draw-offer' });
        await t.authority.play(t.players.geese, { type: 'draw-decline' });
        await t.authority.play(t.players.fox, { type: 'move', ply: 0, path: ['d4', 'd5'] });
        await expectAgreement(t);
        return t.authority.play(t.players.geese, { type: 'move', ply: 1, path: ['a3', 'a4'] });
      },
    ],
    [
      'takeback-declined',
      async (t) => {
        // A takeback and a draw declined at one ply, both held.
        await t.authority.play(t.players.fox, { type: 'move', ply: 0, path: ['d4', 'd5'] });
        await t.authority.play(t.players.fox, { type: 'takeback-offer' });
        await t.authority.play(t.players.geese, { type: 'takeback-decline' });
        await t.authority.play(t.players.fox, { type: 'draw-offer' });
        return t.authority.play(t.players.geese, { type: 'draw-decline' });
      },
    ],
    [
      'rematch-offered',
      async (t) => {
        await t.authority.play(t.players.fox, { type: 'resign' });
        return t.authority.play(t.players.fox, { type: 'rematch' });
      },
    ],
    [
      'rematch',
      async (t) => {
        await t.authority.play(t.players.fox, { type: 'resign' });
        await t.authority.play(t.players.fox, { type: 'rematch' });
        return t.authority.play(t.players.geese, { type: 'rematch' });
      },
    ],
    // Refused actions: the sender alone gets an `error`, which changes no view.
    ['error', async (t) => t.authority.play(t.players.geese, { type: 'move', ply: 0, path: ['a3', 'a4'] })],
  ];

  it.each(kinds)('agrees with the built view after a %s', async (kind, act) => {
    for (const [clock, days] of [[undefined], [{ initial: 60, increment: 2 }], [undefined, { days: 2 }]] as const) {
      const table = await seated('standard', clock, days);
      const before = await expectAgreement(table);
      const sent = table.members.map((m) => m.messages.length);
      await act(table);
      if (kind === 'presence') await waitPresence();
      const after = await expectAgreement(table, kind === 'presence');
      const kinds = table.members.flatMap((m, i) => m.messages.slice(sent[i]).map((message) => message.type));
      if (kind === 'error') {
        expect(after).toEqual(before);
        expect(kinds).toEqual([]);
      } else {
        expect(kinds).toContain(kind);
        if (kind !== 'draw-declined') expect(after).not.toEqual(before); // a declined offer is gone again
      }
      table.authority.close();
    }
  });

  it('builds the view afresh when the store lost moves its members were told of (Redis without fsync)', async () => {
    const table = await seated('standard');
    await table.authority.play(table.players.fox, { type: 'move', ply: 0, path: ['d4', 'd5'] });
    await table.authority.play(table.players.geese, { type: 'move', ply: 1, path: ['a3', 'a4'] });
    const stored = (await table.store.loadTable(table.id))!;
    await table.store.insertTable({
      ...stored,
      moves: stored.moves.slice(0, 1),
      moveTimes: stored.moveTimes!.slice(0, 1),
    });
    // The next move finds the store behind this cache: the table reloads, the lost move is gone, nobody is told.
    const refused = await table.authority.play(table.players.fox, { type: 'move', ply: 2, path: ['d5', 'd6'] });
    expect(refused.ok || refused.error.code).toBe('stale-ply');
    const built = (await table.authority.builtView(table.id))!;
    expect(built.moves).toEqual(['d4-d5']);
    expect(await table.authority.view(table.id)).toEqual(built);
    table.authority.close();
  });

  it('leaves every view as it was after a pong', () => {
    const view = { id: 'x' } as TableView;
    expect(applyServerMessage(view, { type: 'pong' })).toBe(view);
  });
});

/** How often each step comes, out of 100: mostly moves, as a game ends soon enough by resignation or timeout. */
const KINDS = [
  ['move', 70],
  ['offer', 75],
  ['decline', 80],
  ['takeback', 84],
  ['takeback-answer', 88],
  ['join', 91],
  ['leave', 94],
  ['stale', 96],
  ['accept', 97],
  ['resign', 98],
  ['late', 100],
] as const;

/** One random step of a game: who acts, what, which legal move, and how many ms pass first (before a move). */
const stepArbitrary = fc.noBias(
  fc.record({
    kind: fc.integer({ min: 0, max: 99 }).map((n) => KINDS.find(([, upTo]) => n < upTo)![0]),
    side: fc.constantFrom(...SIDES),
    pick: fc.nat(),
    wait: fc.nat({ max: 2000 }),
  }),
);
type Step = typeof stepArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** Runs one step at the table, as the authority's callers would; refusals are part of the game. */
async function run(table: Seated, view: TableView, step: Step, clocked: boolean): Promise<void> {
  const { authority, players, time } = table;
  const player = players[step.side];
  const play = (message: PlayMessage) => authority.play(player, message);
  // Now and then the rematch is declined (and asked for again later).
  if (view.status === 'finished')
    return void (await play({ type: step.pick % 3 === 0 ? 'rematch-decline' : 'rematch' }));
  switch (step.kind) {
    case 'move': {
      const path = legalMove(view, step.pick);
      time.now += step.wait;
      if (path) {
        const o = await authority.play(players[view.turn], { type: 'move', ply: view.ply, path });
        if (!o.ok) console.log(o.error.code, o.error.message);
      }
      return;
    }
    case 'offer':
      return void (await play({ type: 'draw-offer' }));
    case 'decline': // mostly by the side offered a draw, sometimes by the offerer (refused)
    case 'accept': {
      const offered = view.drawOffer && step.pick % 4 !== 0 ? players[opponent(view.drawOffer)] : player;
      return void (await authority.play(offered, { type: step.kind === 'decline' ? 'draw-decline' : 'draw-accept' }));
    }
    case 'takeback':
      return void (await play({ type: 'takeback-offer' }));
    case 'takeback-answer': {
      const asked = view.takebackOffer ? players[opponent(view.takebackOffer)] : player;
      return void (await authority.play(asked, { type: step.pick % 2 === 0 ? 'takeback-accept' : 'takeback-decline' }));
    }
    case 'resign':
      return void (await play({ type: 'resign' }));
    case 'late':
      if (!clocked) return;
      time.now += 3_600_000; // past any deadline: the next action ends the game by timeout first
      return void (await play({ type: 'draw-offer' }));
    case 'join': {
      const newcomer = member();
      table.members.push(newcomer);
      return void (await authority.join(table.id, newcomer));
    }
    case 'leave': {
      const leaving = table.members.findLast((m) => m !== players.fox && m !== players.geese);
      if (leaving) table.members.splice(table.members.indexOf(leaving), 1);
      if (leaving) authority.leave(leaving);
      return;
    }
    case 'stale':
      return void (await play({ type: 'move', ply: Math.max(0, view.ply - 1), path: ['a1', 'a2'] }));
  }
}

describe('the kept view over random games', () => {
  const seen = new Set<string>();
  it('equals the built view, and what each member holds, after every step of every variant', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...VARIANT_IDS),
        fc.option(fc.record({ initial: fc.integer({ min: 30, max: 120 }), increment: fc.integer({ min: 0, max: 3 }) })),
        fc.array(stepArbitrary, { maxLength: 120, size: 'max' }),
        async (variant, clock, steps) => {
          const table = await seated(variant, clock ?? undefined);
          try {
            let view = await expectAgreement(table);
            for (const step of steps) {
              await run(table, view, step, clock !== null);
              view = await expectAgreement(table);
              if (view.rematch) break;
            }
            for (const { messages } of table.members) for (const { type } of messages) seen.add(type);
          } finally {
            table.authority.close();
          }
        },
      ),
      // A fixed seed: the list of kinds below must be seen on every run, not on most (it was a flaky CI failure).
      { numRuns: 100, seed: 1 },
    );
    // The games went through every kind of message the table's members hear (presence goes out on a timer).
    expect([...seen].sort()).toEqual([
      'draw-declined',
      'draw-offered',
      'ended',
      'moved',
      'rematch',
      'rematch-declined',
      'rematch-offered',
      'takeback-declined',
      'takeback-offered',
      'taken-back',
      'welcome',
    ]);
  });
});
