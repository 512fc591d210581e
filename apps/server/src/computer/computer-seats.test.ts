// The computer seats with a real authority, store and thread pool: who plays where, and leaving finished tables.
import { chooseMove } from '@fg/engine';
import type { ServerMessage, ServerMessageOf } from '@fg/protocol';
import { getVariant, newGame, playMoveText } from '@fg/rules';
import { afterEach, describe, expect, it } from 'vitest';

import { MemoryBus } from '../store/memory/memory-bus.js';
import { MemoryChatLog } from '../store/memory/memory-chat-log.js';
import { SOLE_LEASE } from '../store/memory/memory-computer-lease.js';
import { MemoryStore } from '../store/memory/memory-store.js';
import { Authority } from '../tables/authority.js';
import type { TableObserver } from '../tables/table-observer.js';
import { ComputerSeats } from './computer-seats.js';
import { ThinkPool } from './think-pool.js';

/** A member of a table as the authority takes it. */
type Member = Parameters<Authority['join']>[1];

/** A member that keeps what it is sent. */
const member = (): Member & { messages: ServerMessage[] } => {
  const messages: ServerMessage[] = [];
  return { messages, send: (text) => messages.push(JSON.parse(text) as ServerMessage) };
};

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(check()).toBe(true);
};

let computers: ComputerSeats | null = null;
afterEach(async () => computers?.close());

/** The game's moves as a member was told them: those of its welcome, then each one played since. */
const movesHeard = ({ messages }: { messages: ServerMessage[] }): string[] => {
  const welcome = messages.find((m): m is ServerMessageOf<'welcome'> => m.type === 'welcome');
  const since = messages.filter((m): m is ServerMessageOf<'moved'> => m.type === 'moved').map((m) => m.move);
  return [...(welcome?.table.moves ?? []), ...since];
};

/** The human plays a beginner's move on its turn and waits for the computer's answer. */
async function playRound(authority: Authority, human: Member & { messages: ServerMessage[] }): Promise<void> {
  const variant = getVariant('standard', {});
  if (!variant.ok) throw new Error(variant.error.message);
  let game = newGame(variant.value);
  for (const move of movesHeard(human)) {
    const next = playMoveText(game, move);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  const ply = game.moves.length;
  const choice = chooseMove(game, { level: 1, seed: ply + 1 });
  expect(await authority.play(human, { type: 'move', ply, path: choice.points })).toEqual({
    ok: true,
    value: undefined,
  });
  await until(() => movesHeard(human).length === ply + 2);
}

describe('ComputerSeats', () => {
  it('sits down at a new computer table, and leaves it once the game is over and nobody is there', async () => {
    computers = new ComputerSeats(new ThinkPool(1), { thinkMs: 20, onError: () => undefined, lease: SOLE_LEASE });
    const authority = new Authority(new MemoryStore(), {
      abandonSeconds: 60,
      waitingHours: 24,
      observers: [computers],
      bus: new MemoryBus(),
      chat: new MemoryChatLog(),
    });
    computers.bind(authority);
    const created = await authority.createTable({ variant: 'standard', side: 'geese', computer: { level: 1 } });
    if (!created.ok) throw new Error(created.error.message);
    expect(computers.playing).toBe(1);

    const human = member();
    await authority.join(created.value.table.id, human, created.value.seat.token);
    await authority.play(human, { type: 'resign' });
    expect(human.messages.at(-1)).toEqual({ type: 'ended', result: { winner: 'fox', reason: 'resignation' } });
    expect(computers.playing).toBe(1); // the player is still there: it may want a rematch
    authority.leave(human);
    await until(() => computers!.playing === 0);
  });

  it("thinks one address's games one after another: another address's game waits for one of its thinks, not all", async () => {
    computers = new ComputerSeats(new ThinkPool(1), { thinkMs: 150, onError: () => undefined, lease: SOLE_LEASE });
    const answered: string[] = []; // tables in the order the computer's first move reached them
    const firstMoves: Member & TableObserver = {
      send: () => undefined,
      changed: ({ stored }) => {
        if (stored.moves.length === 1 && !answered.includes(stored.id)) answered.push(stored.id);
      },
    };
    const authority = new Authority(new MemoryStore(), {
      abandonSeconds: 60,
      waitingHours: 24,
      observers: [computers, firstMoves],
      bus: new MemoryBus(),
      chat: new MemoryChatLog(),
    });
    computers.bind(authority);
    /** A level-8 game where the computer (the fox) moves first, made from `address`. */
    const make = async (address: string): Promise<string> => {
      const created = await authority.createTable({ variant: 'standard', side: 'geese', computer: { level: 8 } });
      if (!created.ok) throw new Error(created.error.message);
      computers!.claim(created.value.table.id, address);
      return created.value.table.id;
    };
    const crowd = [];
    for (let i = 0; i < 12; i++) crowd.push(await make('198.51.100.7'));
    const other = await make('203.0.113.9');
    expect(computers.playingFor('198.51.100.7')).toBe(12);
    expect(computers.playingFor('203.0.113.9')).toBe(1);

    for (let i = 0; i < 400 && answered.length < 13; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    // Every game got its move; the other address's came after the crowd's first think, not after all twelve.
    expect([...answered].sort()).toEqual([...crowd, other].sort());
    expect(answered.indexOf(other)).toBeLessThanOrEqual(2);
  }, 30_000);

  it('leaves a running game nobody has been at for a while, so the table leaves memory; plays on when the player is back, also after a restart', async () => {
    let now = Date.now();
    const store = new MemoryStore();
    const start = () => {
      computers = new ComputerSeats(new ThinkPool(1), {
        thinkMs: 20,
        aloneMs: 200,
        onError: () => undefined,
        lease: SOLE_LEASE,
      });
      const options = {
        abandonSeconds: 60,
        waitingHours: 24,
        now: () => now,
        observers: [computers],
        bus: new MemoryBus(),
        chat: new MemoryChatLog(),
      };
      const authority = new Authority(store, options);
      computers.bind(authority);
      return authority;
    };
    let authority = start();
    // The human is the fox, who moves first in the standard game; the computer plays the geese.
    const created = await authority.createTable({ variant: 'standard', side: 'fox', computer: { level: 1 } });
    if (!created.ok) throw new Error(created.error.message);
    const { table, seat } = created.value;
    expect(table.turn).toBe('fox');
    let human = member();
    await authority.join(table.id, human, seat.token);
    await playRound(authority, human);
    expect(authority.tablesHeld).toBe(1);

    // The tab is closed for good: the computer leaves once the alone time is up, and the idle table is swept.
    authority.leave(human);
    await until(() => computers!.playing === 0);
    now += 11 * 60_000;
    await authority.sweep();
    expect(authority.tablesHeld).toBe(0);

    // The player comes back by the link: the table is loaded again, the computer sits down and answers.
    human = member();
    await authority.join(table.id, human, seat.token);
    expect(computers!.playing).toBe(1);
    await playRound(authority, human);
    expect(movesHeard(human)).toHaveLength(4);
    authority.leave(human);

    // A restart: the computer sits down at the unfinished table, leaves it when nobody comes, plays when one does.
    await computers!.close();
    authority.close();
    authority = start();
    expect(computers!.resume(await store.listUnfinished())).toBe(1);
    expect(computers!.playing).toBe(1);
    await until(() => computers!.playing === 0);
    human = member();
    await authority.join(table.id, human, seat.token);
    await playRound(authority, human);
    expect(movesHeard(human)).toHaveLength(6);
    authority.leave(human);
    authority.close();
  });

  it('resumes only unfinished computer tables', async () => {
    computers = new ComputerSeats(new ThinkPool(1), { onError: () => undefined, lease: SOLE_LEASE });
    const base = { variant: 'standard', options: {}, seats: { fox: null, geese: null }, moves: [], rematch: null };
    const seat = { side: 'fox' as const, level: 1, token: 't'.repeat(24) };
    const tables = [
      { ...base, id: 'aaaaaaaaaa', result: null, createdAt: 1, computer: seat },
      {
        ...base,
        id: 'bbbbbbbbbb',
        result: { winner: null, reason: 'draw-agreed' as const },
        createdAt: 1,
        computer: seat,
      },
      { ...base, id: 'cccccccccc', result: null, createdAt: 1, computer: null },
    ];
    // Not bound to an authority yet: it counts the tables it would sit at, and starts no player.
    expect(computers.resume(tables)).toBe(1);
    expect(computers.playing).toBe(0);
  });
});
