// The computer seats with a real authority, store and thread pool: who plays where, and leaving finished tables.
import type { ServerMessage } from '@fg/protocol';
import { afterEach, describe, expect, it } from 'vitest';

import { MemoryStore } from '../store/memory-store.js';
import { Authority } from '../tables/authority.js';
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

describe('ComputerSeats', () => {
  it('sits down at a new computer table, and leaves it once the game is over and nobody is there', async () => {
    computers = new ComputerSeats(new ThinkPool(1), { thinkMs: 20, onError: () => undefined });
    const authority = new Authority(new MemoryStore(), {
      abandonSeconds: 60,
      waitingHours: 24,
      observers: [computers],
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

  it('resumes only unfinished computer tables', async () => {
    computers = new ComputerSeats(new ThinkPool(1), { onError: () => undefined });
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
