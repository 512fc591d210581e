// Two authorities over one store and one bus hub stand for two instances: every member hears every message once
// and in order, a lost race reloads, presence and offers are table-wide, a failing store answers `unavailable`.
import type { ServerMessage } from '@fg/protocol';
import { describe, expect, it } from 'vitest';

import { MemoryBus, MemoryHub } from '../store/memory/memory-bus.js';
import { MemoryChatLog } from '../store/memory/memory-chat-log.js';
import { MemoryStore } from '../store/memory/memory-store.js';
import { Authority } from './authority.js';
import type { Member } from './member.js';
import { PRESENCE_MS } from './table-runner.js';

const member = (): Member & { messages: ServerMessage[] } => {
  const messages: ServerMessage[] = [];
  return { messages, send: (text) => messages.push(JSON.parse(text) as ServerMessage) };
};

const presenceSent = () => new Promise((resolve) => setTimeout(resolve, PRESENCE_MS + 50));
const settled = () => new Promise((resolve) => setTimeout(resolve, 10));

/** A store whose calls reject while `failing` is set, as a full disk or a lost Redis would. */
class FailingStore extends MemoryStore {
  failing = false;
  override async appendMove(...args: Parameters<MemoryStore['appendMove']>): Promise<boolean> {
    if (this.failing) throw new Error('disk full');
    return super.appendMove(...args);
  }
  override async loadTable(id: string): ReturnType<MemoryStore['loadTable']> {
    if (this.failing) throw new Error('disk full');
    return super.loadTable(id);
  }
}

/** A bus whose reads of the shared facts are taken when asked but answered only once `hold` resolves, as a Redis
 * reply may reach the instance after an event published later (the events come on another connection). */
class LateReadBus extends MemoryBus {
  hold: Promise<void> = Promise.resolve();
  override async shared(tableId: string): ReturnType<MemoryBus['shared']> {
    const facts = await super.shared(tableId);
    await this.hold;
    return facts;
  }
}

const setUp = async (
  now: () => number = Date.now,
  busOfA: (hub: MemoryHub) => MemoryBus = (hub) => new MemoryBus(hub),
) => {
  const store = new FailingStore();
  const hub = new MemoryHub();
  const chat = new MemoryChatLog(); // shared, as the store is
  const options = { abandonSeconds: 60, waitingHours: 24, pickSide: () => 'fox' as const, now, chat };
  const a = new Authority(store, { ...options, bus: busOfA(hub) });
  const b = new Authority(store, { ...options, bus: new MemoryBus(hub) });
  const created = await a.createTable({ variant: 'standard' });
  if (!created.ok) throw new Error(created.error.message);
  const id = created.value.table.id;
  const seat = await b.takeSeat(id, 'geese');
  if (!seat.ok) throw new Error(seat.error.message);
  const tokens = { fox: created.value.seat.token, geese: seat.value.seat.token };
  const fox = member();
  const geese = member();
  await a.join(id, fox, tokens.fox);
  await b.join(id, geese, tokens.geese);
  return { store, hub, a, b, id, tokens, fox, geese, options };
};

const types = (m: Member & { messages: ServerMessage[] }, type: ServerMessage['type']) =>
  m.messages.filter((message) => message.type === type);

describe('two instances', () => {
  it('tell every member of a table each move once and in order, wherever it is connected', async () => {
    const { a, b, id, fox, geese } = await setUp();
    const watchers = [member(), member()];
    await a.join(id, watchers[0]!);
    await b.join(id, watchers[1]!);
    const moves = [
      [a, fox, ['d4', 'd5']],
      [b, geese, ['c3', 'c4']],
      [a, fox, ['d5', 'd6']],
      [b, geese, ['e3', 'e4']],
    ] as const;
    for (const [ply, [authority, player, path]] of moves.entries()) {
      expect(await authority.play(player, { type: 'move', ply, path: [...path] })).toEqual({
        ok: true,
        value: undefined,
      });
      await settled();
    }
    for (const m of [fox, geese, ...watchers])
      expect(types(m, 'moved').map((message) => message.type === 'moved' && message.move)).toEqual([
        'd4-d5',
        'c3-c4',
        'd5-d6',
        'e3-e4',
      ]);
    expect((await b.view(id))!.moves).toEqual((await a.view(id))!.moves);
    // Each instance's kept view, advanced by what it heard on the bus and told its members, is the built one.
    await a.play(fox, { type: 'draw-offer' });
    await settled();
    await b.play(geese, { type: 'resign' });
    await settled();
    for (const authority of [a, b]) expect(await authority.view(id)).toEqual(await authority.builtView(id));
    expect((await b.view(id))!.result).toEqual({ winner: 'fox', reason: 'resignation' });
  });

  it('acknowledge one of two moves for one ply and answer the other stale-ply; both agree afterwards', async () => {
    for (let round = 0; round < 20; round++) {
      const { a, b, id, tokens, fox } = await setUp();
      const foxOnB = member();
      await b.join(id, foxOnB, tokens.fox);
      const outcomes = await Promise.all([
        a.play(fox, { type: 'move', ply: 0, path: ['d4', 'd5'] }),
        b.play(foxOnB, { type: 'move', ply: 0, path: ['d4', 'c4'] }),
      ]);
      expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.code)).sort()).toEqual(['ok', 'stale-ply']);
      await settled();
      const views = [await a.view(id), await b.view(id)];
      expect(views[0]!.moves).toHaveLength(1);
      expect(views[1]!.moves).toEqual(views[0]!.moves);
      expect(types(fox, 'moved')).toEqual(types(foxOnB, 'moved'));
      expect(types(fox, 'moved')).toHaveLength(1);
    }
  });

  it('count presence and spectators over both instances, at most one presence per table per 250 ms', async () => {
    const { a, b, id, fox, geese } = await setUp();
    for (let i = 0; i < 5; i++) await a.join(id, member());
    for (let i = 0; i < 3; i++) await b.join(id, member());
    await presenceSent();
    await presenceSent();
    expect(fox.messages.at(-1)).toEqual({
      type: 'presence',
      seats: { fox: { taken: true, online: true }, geese: { taken: true, online: true } },
      spectators: 8,
    });
    expect(geese.messages.at(-1)).toEqual(fox.messages.at(-1));
    // Eight joins within a moment: the leading presence and one with the latest counts, not eight.
    expect(types(fox, 'presence').length).toBeLessThanOrEqual(3);
    b.leave(geese);
    await presenceSent();
    expect(fox.messages.at(-1)).toMatchObject({ seats: { geese: { online: false } }, spectators: 8 });
  });

  it('keep a seat that went offline offline when a reload read the presence before it left and answered after', async () => {
    let late: LateReadBus | null = null;
    const { a, b, id, fox, geese } = await setUp(Date.now, (hub) => (late = new LateReadBus(hub)));
    await presenceSent();
    let answer = () => undefined as void;
    late!.hold = new Promise<void>((resolve) => (answer = resolve));
    // A move ahead of A's cache makes A reload the table: its read sees the geese online on B.
    const reloaded = a.play(fox, { type: 'move', ply: 5, path: ['d4', 'd5'] });
    await settled();
    b.leave(geese); // B reports the geese gone (within its 250 ms); A hears it before its read is answered
    await presenceSent();
    answer();
    expect(await reloaded).toMatchObject({ ok: false, error: { code: 'stale-ply' } });
    await presenceSent();
    const watcher = member();
    await a.join(id, watcher);
    expect(watcher.messages[0]).toMatchObject({ type: 'welcome', table: { seats: { geese: { online: false } } } });
    expect(fox.messages.at(-1)).toMatchObject({ type: 'presence', seats: { geese: { online: false } } });
  });

  it('share draw offers and rematch requests', async () => {
    const { a, b, id, fox, geese } = await setUp();
    await a.play(fox, { type: 'draw-offer' });
    await settled();
    expect(geese.messages.at(-1)).toEqual({ type: 'draw-offered', side: 'fox' });
    expect((await b.view(id))!.drawOffer).toBe('fox');
    expect(await b.play(geese, { type: 'draw-accept' })).toEqual({ ok: true, value: undefined });
    await settled();
    expect(fox.messages.at(-1)).toEqual({ type: 'ended', result: { winner: null, reason: 'draw-agreed' } });
    await a.play(fox, { type: 'rematch' });
    await settled();
    expect(geese.messages.at(-1)).toEqual({ type: 'rematch-offered', side: 'fox' });
    await b.play(geese, { type: 'rematch' });
    await settled();
    const [foxSeat, geeseSeat] = [fox.messages.at(-1), geese.messages.at(-1)];
    expect(foxSeat).toMatchObject({ type: 'rematch', seat: { side: 'geese' } });
    expect(geeseSeat).toMatchObject({ type: 'rematch', seat: { side: 'fox' } });
    if (foxSeat?.type !== 'rematch' || geeseSeat?.type !== 'rematch') throw new Error('no rematch');
    expect(foxSeat.table).toBe(geeseSeat.table);
    // The seats handed out hold the new table, each on either instance.
    expect(await b.join(foxSeat.table, member(), foxSeat.seat!.token)).toEqual({ ok: true, value: 'geese' });
    expect(await a.join(foxSeat.table, member(), geeseSeat.seat!.token)).toEqual({ ok: true, value: 'fox' });
  });

  it('decide abandonment table-wide: a seat away on every instance for the time may be claimed on either', async () => {
    let clock = 1_000_000;
    const { store, hub, a, b, id, fox, geese, options } = await setUp(() => clock);
    a.leave(fox);
    await presenceSent();
    clock += 30_000;
    // A spectator on a third instance loads the table late: that must not restart the fox's time away.
    const c = new Authority(store, { ...options, bus: new MemoryBus(hub) });
    expect(await c.join(id, member())).toEqual({ ok: true, value: 'spectator' });
    await presenceSent();
    expect(await b.play(geese, { type: 'claim-victory' })).toMatchObject({
      ok: false,
      error: { code: 'not-abandoned' },
    });
    clock += 31_000;
    expect(await b.play(geese, { type: 'claim-victory' })).toEqual({ ok: true, value: undefined });
    await settled();
    expect((await a.view(id))!.result).toEqual({ winner: 'geese', reason: 'abandoned' });
  });

  it('answer unavailable while the store fails, roll back, and carry on once it answers again', async () => {
    const { store, a, b, id, fox, geese } = await setUp();
    store.failing = true;
    expect(await a.play(fox, { type: 'move', ply: 0, path: ['d4', 'd5'] })).toMatchObject({
      ok: false,
      error: { code: 'unavailable' },
    });
    expect(types(geese, 'moved')).toEqual([]);
    // A table that failed to load is not remembered as missing.
    const other = await a.createTable({ variant: 'standard' }).catch(() => null);
    expect(other).toMatchObject({ ok: true });
    if (!other?.ok) throw new Error();
    expect(await b.join(other.value.table.id, member())).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    store.failing = false;
    expect(await b.join(other.value.table.id, member())).toEqual({ ok: true, value: 'spectator' });
    expect(await a.play(fox, { type: 'move', ply: 0, path: ['d4', 'd5'] })).toEqual({ ok: true, value: undefined });
    await settled();
    expect(types(geese, 'moved')).toHaveLength(1);
    expect((await b.view(id))!.moves).toEqual(['d4-d5']);
  });
});
