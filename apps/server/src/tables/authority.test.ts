// The authority alone, over the memory store: ordering of concurrent actions and the sweep of waiting tables.
import type { ServerMessage } from '@fg/protocol';
import { describe, expect, it } from 'vitest';

import { MemoryBus } from '../store/memory/memory-bus.js';
import { MemoryChatLog } from '../store/memory/memory-chat-log.js';
import { MemoryStore } from '../store/memory/memory-store.js';
import { Authority } from './authority.js';
import type { Member } from './member.js';
import { PRESENCE_MS } from './table-runner.js';

/** A member that keeps what it is sent. */
const member = (): Member & { messages: ServerMessage[] } => {
  const messages: ServerMessage[] = [];
  return { messages, send: (text) => messages.push(JSON.parse(text) as ServerMessage) };
};

/** Waits until a coalesced presence has gone out. */
const presenceSent = () => new Promise((resolve) => setTimeout(resolve, PRESENCE_MS + 50));

const setUp = async (now: () => number = Date.now) => {
  const store = new MemoryStore();
  const authority = new Authority(store, {
    abandonSeconds: 60,
    waitingHours: 24,
    now,
    pickSide: () => 'fox',
    bus: new MemoryBus(),
    chat: new MemoryChatLog(),
  });
  const created = await authority.createTable({ variant: 'standard' });
  if (!created.ok) throw new Error(created.error.message);
  const id = created.value.table.id;
  const seat = await authority.takeSeat(id, 'geese');
  if (!seat.ok) throw new Error(seat.error.message);
  const fox = member();
  const geese = member();
  await authority.join(id, fox, created.value.seat.token);
  await authority.join(id, geese, seat.value.seat.token);
  const tokens = { fox: created.value.seat.token, geese: seat.value.seat.token };
  return { store, authority, id, fox, geese, tokens };
};

describe('Authority', () => {
  it('picks the random side through its seam', async () => {
    const { authority } = await setUp();
    const created = await authority.createTable({ variant: 'two-foxes', side: 'random' });
    expect(created.ok && created.value.seat.side).toBe('fox');
  });

  it('runs two moves sent at once for the same ply one after the other: one is stored, the other is stale', async () => {
    const { authority, store, id, fox } = await setUp();
    const outcomes = await Promise.all([
      authority.play(fox, { type: 'move', ply: 0, path: ['d4', 'd5'] }),
      authority.play(fox, { type: 'move', ply: 0, path: ['d4', 'c4'] }),
    ]);
    // A move for a ply the table has passed is stale whoever's turn it is, as between two instances.
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.code))).toEqual(['ok', 'stale-ply']);
    expect((await store.loadTable(id))!.moves).toEqual(['d4-d5']);
  });

  it('broadcasts moved only after the store has written the move', async () => {
    const events: string[] = [];
    class LoggingStore extends MemoryStore {
      override async appendMove(...args: Parameters<MemoryStore['appendMove']>): Promise<boolean> {
        const stored = await super.appendMove(...args);
        events.push(`stored ${args[2]}`);
        return stored;
      }
    }
    const authority = new Authority(new LoggingStore(), {
      abandonSeconds: 60,
      bus: new MemoryBus(),
      chat: new MemoryChatLog(),
      waitingHours: 24,
      pickSide: () => 'fox',
    });
    const created = await authority.createTable({ variant: 'standard' });
    if (!created.ok) throw new Error(created.error.message);
    const { id } = created.value.table;
    await authority.takeSeat(id);
    const fox = member();
    const watcher: Member = { send: (text) => void (text.includes('"moved"') && events.push('moved sent')) };
    await authority.join(id, fox, created.value.seat.token);
    await authority.join(id, watcher);
    await authority.play(fox, { type: 'move', ply: 0, path: ['d4', 'd5'] });
    expect(events).toEqual(['stored d4-d5', 'moved sent']);
    expect(fox.messages.at(-1)).toMatchObject({
      type: 'moved',
      ply: 0,
      move: 'd4-d5',
      side: 'fox',
      turn: 'geese',
      status: 'playing',
    });
  });

  it('sweeps tables that waited longer than the waiting time, and keeps games in play', async () => {
    let now = 0;
    const { authority, id } = await setUp(() => now);
    const waiting = await authority.createTable({ variant: 'standard' });
    if (!waiting.ok) throw new Error();
    now = 24 * 3_600_000 + 1;
    expect(await authority.sweep()).toEqual([waiting.value.table.id]);
    expect(await authority.view(waiting.value.table.id)).toBeNull();
    expect(await authority.view(id)).not.toBeNull();
  });

  it('forgets a table nobody was at for ten minutes, and reads it back from the store', async () => {
    let now = 0;
    const { authority, id, fox, geese } = await setUp(() => now);
    await authority.play(fox, { type: 'move', ply: 0, path: ['d4', 'd5'] });
    authority.leave(fox);
    authority.leave(geese);
    now = 10 * 60_000 + 1;
    expect(await authority.sweep()).toEqual([]);
    expect(await authority.view(id)).toMatchObject({
      ply: 1,
      moves: ['d4-d5'],
      status: 'playing',
      seats: { fox: { online: false } },
    });
  });

  it('a player who says hello again without a token watches instead, and its seat goes offline', async () => {
    const { authority, id, fox, geese } = await setUp();
    expect(await authority.join(id, fox)).toEqual({ ok: true, value: 'spectator' });
    await presenceSent();
    expect(geese.messages.at(-1)).toEqual({
      type: 'presence',
      seats: { fox: { taken: true, online: false }, geese: { taken: true, online: true } },
      spectators: 1,
    });
  });

  it('a member that leaves takes its seat offline', async () => {
    const { authority, fox, geese } = await setUp();
    authority.leave(geese);
    await presenceSent();
    expect(fox.messages.at(-1)).toEqual({
      type: 'presence',
      seats: { fox: { taken: true, online: true }, geese: { taken: true, online: false } },
      spectators: 0,
    });
  });

  it('tells a member welcomed while a presence waited of a seat that went offline again before it went out', async () => {
    const { authority, id, fox, geese, tokens } = await setUp();
    await presenceSent(); // the one the geese's hello waited for goes out
    await presenceSent(); // and the next may go at once
    authority.leave(geese); // told at once: the geese are offline
    const geeseAgain = member();
    const foxTab = member();
    await authority.join(id, geeseAgain, tokens.geese); // online again: told once PRESENCE_MS is up
    await authority.join(id, foxTab, tokens.fox); // welcomed with the geese online
    authority.leave(geeseAgain); // offline again before that presence went out
    await presenceSent();
    const told = {
      type: 'presence',
      seats: { fox: { taken: true, online: true }, geese: { taken: true, online: false } },
      spectators: 0,
    };
    expect(foxTab.messages.map((message) => message.type)).toEqual(['welcome', 'presence']);
    expect(foxTab.messages.at(-1)).toEqual(told);
    expect(fox.messages.at(-1)).toEqual(told);
  });

  it('tells the players of a watcher back again after a takeback sent them the table while a presence waited', async () => {
    const { authority, id, fox, geese } = await setUp();
    await authority.play(fox, { type: 'move', ply: 0, path: ['d4', 'd5'] });
    await authority.play(fox, { type: 'takeback-offer' });
    await presenceSent();
    await presenceSent(); // the next presence may go at once
    const watcher = member();
    await authority.join(id, watcher); // one watcher: told at once
    authority.leave(watcher); // none: told once PRESENCE_MS is up
    await authority.play(geese, { type: 'takeback-accept' }); // the whole table, with no watcher
    expect(fox.messages.at(-1)).toMatchObject({ type: 'taken-back', table: { spectators: 0 } });
    await authority.join(id, member()); // one again, as the last presence said, before the next went out
    await presenceSent();
    expect(fox.messages.at(-1)).toEqual({
      type: 'presence',
      seats: { fox: { taken: true, online: true }, geese: { taken: true, online: true } },
      spectators: 1,
    });
  });
});
