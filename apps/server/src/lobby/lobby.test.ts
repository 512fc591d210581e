// The lobby over HTTP against a real server: listed and unlisted tables, waiting to playing, most watched first,
// computer tables, expiry by an injected clock, bad bodies, and the live feed.
import { type LobbyResponse, lobbyResponseSchema } from '@fg/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { joinTable, request, startServer, type TestServer } from '../testing/harness.js';
import { openLobbyFeed } from '../testing/lobby-feed.js';
import { LOBBY_READS_PER_MINUTE } from './lobby-routes.js';

let server: TestServer;
let clock = Date.parse('2026-05-01T12:00:00.000Z');
beforeAll(async () => {
  // Many listed tables from one address here; the cap per address has its own test below.
  server = await startServer(
    { computerThreads: 1, computerThinkMs: 20, lobbyTablesPerAddress: 100 },
    { now: () => clock },
  );
});
afterAll(async () => server.close());

const lobby = async (): Promise<LobbyResponse> => {
  const answer = await request(server.base, 'GET', '/api/lobby');
  expect(answer.status).toBe(200);
  // Every answer is what the protocol's schema says.
  return lobbyResponseSchema.parse(answer.body);
};
const create = async (body: object): Promise<{ id: string; token: string }> => {
  const answer = await request(server.base, 'POST', '/api/tables', { variant: 'standard', ...body });
  expect(answer.status).toBe(201);
  return { id: answer.body.table.id as string, token: answer.body.seat.token as string };
};
const ids = (list: LobbyResponse['waiting']): string[] => list.map((t) => t.id);

describe('GET /api/lobby', () => {
  it('lists listed tables only, newest first, with the free side and the time of creation', async () => {
    const older = await create({ side: 'fox', listed: true, options: { geese: 15 } });
    clock += 1000;
    const hidden = await create({ side: 'fox' });
    const unlisted = await create({ side: 'fox', listed: false });
    clock += 1000;
    const newer = await create({ side: 'geese', listed: true });
    const { waiting, playing } = await lobby();
    expect(ids(waiting)).toEqual([newer.id, older.id]);
    expect(ids(waiting)).not.toContain(hidden.id);
    expect(ids(waiting)).not.toContain(unlisted.id);
    expect(playing).toEqual([]);
    expect(waiting[1]).toEqual({
      id: older.id,
      variant: 'standard',
      options: { geese: 15, sideways: false },
      freeSide: 'geese',
      ply: 0,
      spectators: 0,
      createdAt: '2026-05-01T12:00:00.000Z',
    });
    expect(waiting[0]!.freeSide).toBe('fox');
  });

  it('moves a table from waiting to playing when its seat is taken, most watched first, and drops it when it ends', async () => {
    const quiet = await create({ side: 'fox', listed: true });
    const watched = await create({ side: 'fox', listed: true });
    for (const table of [quiet, watched]) {
      expect((await request(server.base, 'POST', `/api/tables/${table.id}/seats`, {})).status).toBe(201);
    }
    const watchers = [await joinTable(server, watched.id), await joinTable(server, watched.id)];
    let now = await lobby();
    expect(ids(now.waiting)).not.toContain(quiet.id);
    expect(ids(now.playing).slice(0, 2)).toEqual([watched.id, quiet.id]);
    expect(now.playing[0]).toMatchObject({ id: watched.id, spectators: 2, ply: 0 });
    expect(now.playing[0]!.freeSide).toBeUndefined();

    const player = await joinTable(server, quiet.id, quiet.token);
    player.send({ type: 'resign' });
    await player.next('ended');
    now = await lobby();
    expect(ids(now.playing)).toEqual([watched.id]);
    await Promise.all([player.close(), ...watchers.map((w) => w.close())]);
  });

  it('never shows a computer table as waiting; a listed one is in play at once', async () => {
    const computer = await create({ side: 'fox', listed: true, computer: { level: 1 } });
    const { waiting, playing } = await lobby();
    expect(ids(waiting)).not.toContain(computer.id);
    expect(playing.find((t) => t.id === computer.id)).toMatchObject({ computer: 1 });
    expect(playing.find((t) => t.id === computer.id)!.freeSide).toBeUndefined();
  });

  it('lets a listed table that waited more than 30 minutes leave the lobby; it comes back once in play', async () => {
    const stale = await create({ side: 'fox', listed: true });
    clock += 29 * 60_000;
    const fresh = await create({ side: 'fox', listed: true });
    expect(ids((await lobby()).waiting)).toContain(stale.id);
    clock += 60_000 + 1;
    const after = await lobby();
    expect(ids(after.waiting)).toContain(fresh.id);
    expect(ids(after.waiting)).not.toContain(stale.id);
    // Still open by its link: a friend takes the seat, and the game shows in play.
    expect((await request(server.base, 'POST', `/api/tables/${stale.id}/seats`, {})).status).toBe(201);
    expect(ids((await lobby()).playing)).toContain(stale.id);
  });

  it.each([
    ['listed not a boolean', { listed: 'yes' }],
    ['computer level 0', { computer: { level: 0 } }],
    ['computer level 9', { computer: { level: 9 } }],
    ['computer level not whole', { computer: { level: 2.5 } }],
    ['computer without level', { computer: {} }],
    ['an unknown field in computer', { computer: { level: 3, lvl: 3 } }],
    ['computer not an object', { computer: 3 }],
  ])('refuses %s with 400 bad-request', async (_name, extra) => {
    const answer = await request(server.base, 'POST', '/api/tables', { variant: 'standard', ...extra });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('bad-request');
  });
});

describe('GET /api/lobby, per address', () => {
  it('answers 429 rate-limited past its reads a minute; the live feed still opens', async () => {
    const limited = await startServer();
    try {
      const statuses = [];
      for (let i = 0; i < LOBBY_READS_PER_MINUTE; i++)
        statuses.push((await request(limited.base, 'GET', '/api/lobby')).status);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      const refused = await request(limited.base, 'GET', '/api/lobby');
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('rate-limited');
      // The feed is another route: an address at its reads a minute still follows the lobby live.
      const feed = await openLobbyFeed(limited.base);
      expect((await feed.next()).waiting).toEqual([]);
      feed.close();
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/lobby/events', () => {
  it('sends the lobby at once, then again when a listed table appears', async () => {
    const feed = await openLobbyFeed(server.base);
    const first = await feed.next();
    clock += 1000;
    const table = await create({ side: 'geese', listed: true });
    expect(ids(first.waiting)).not.toContain(table.id);
    // Earlier tables may still change (the computer's game goes on); the new table comes in one of the next events.
    const next = await feed.next((lobby) => ids(lobby.waiting).includes(table.id));
    expect(next.waiting[0]).toMatchObject({ id: table.id, freeSide: 'fox' });
    feed.close();
  });
});

describe('GET /api/lobby/events, per address', () => {
  it('holds at most the connections an address may hold, and gives the place back when a feed closes', async () => {
    const capped = await startServer({ maxConnectionsPerAddress: 2 });
    try {
      const feeds = [await openLobbyFeed(capped.base), await openLobbyFeed(capped.base)];
      const third = await request(capped.base, 'GET', '/api/lobby/events');
      expect(third.status).toBe(429);
      expect(third.body.error.code).toBe('rate-limited');
      feeds[0]!.close();
      // The place comes back once the server sees the connection close.
      let again: Awaited<ReturnType<typeof openLobbyFeed>> | null = null;
      for (let i = 0; i < 50 && !again; i++) {
        again = await openLobbyFeed(capped.base).catch(() => null);
        if (!again) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(again).not.toBeNull();
      expect((await again!.next()).waiting).toEqual([]);
      again!.close();
      feeds[1]!.close();
    } finally {
      await capped.close();
    }
  });
});

// Last: its tables stay in the waiting list.
describe('GET /api/lobby, clocks', () => {
  it("lists a table's clock (both stores: this suite runs in Redis mode too)", async () => {
    const timed = await create({ side: 'fox', listed: true, clock: { initial: 300, increment: 3 } });
    const untimed = await create({ side: 'fox', listed: true });
    const { waiting } = await lobby();
    expect(waiting.find((t) => t.id === timed.id)?.clock).toEqual({ initial: 300, increment: 3 });
    expect(waiting.find((t) => t.id === untimed.id)).not.toHaveProperty('clock');
  });
});

describe('POST /api/tables listed, per address', () => {
  it('lets one address have so many tables waiting in the lobby; a seat taken (or an unlisted table) does not count', async () => {
    const capped = await startServer({ lobbyTablesPerAddress: 2 });
    try {
      const make = (body: object) => request(capped.base, 'POST', '/api/tables', { variant: 'standard', ...body });
      const first = await make({ side: 'fox', listed: true });
      const second = await make({ side: 'geese', listed: true });
      expect(second.status).toBe(201);
      expect(await make({ side: 'fox', listed: true })).toEqual({
        status: 429,
        body: {
          error: {
            code: 'rate-limited',
            message: 'this address has 2 tables waiting in the lobby; wait for a player to join one first',
          },
        },
      });
      expect((await make({ side: 'fox' })).status).toBe(201); // a private link is no place in the lobby
      expect((await request(capped.base, 'GET', '/api/lobby')).body.waiting).toHaveLength(2);
      // A player sits down at one: it is in play, and the address may list another.
      const seated = await request(capped.base, 'POST', `/api/tables/${first.body.table.id}/seats`, {});
      expect(seated.status).toBe(201);
      const third = await make({ side: 'fox', listed: true });
      expect(third.status).toBe(201);
      // Seated, so no table of this test waits in a lobby the next suite shares (Redis mode).
      for (const made of [second, third])
        expect((await request(capped.base, 'POST', `/api/tables/${made.body.table.id}/seats`, {})).status).toBe(201);
    } finally {
      await capped.close();
    }
  });
});
