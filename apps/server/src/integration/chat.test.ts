// Chat at a table over real sockets (docs/protocol.md): who writes and reads each room, the words kept, the
// errors, the limits, the history a joiner is welcomed with, and a restart. protocol-redis.test.ts runs it again
// in Redis mode; scale-out.test.ts across two instances.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { ServerMessageOf } from '@fg/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { joinTable, seatedTable, startServer, type TestClient, type TestServer } from '../testing/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ maxStrikes: 1000 });
});
afterAll(async () => server.close());

type Chat = ServerMessageOf<'chat'>;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The next chat a client gets, its time checked and left out. */
async function nextChat(client: TestClient): Promise<Omit<Chat, 'at'>> {
  const { at, ...rest } = await client.next('chat');
  expect(at).toMatch(ISO);
  return rest;
}

/** A seated table with a spectator, each welcomed. */
async function tableWithSpectator() {
  const table = await seatedTable(server);
  const spectator = await joinTable(server, table.id);
  return { ...table, spectator };
}

describe('chat rooms', () => {
  it("a player's message goes to both players (the sender too), never to a spectator", async () => {
    const t = await tableWithSpectator();
    t.fox.send({ type: 'chat', room: 'players', text: 'good luck' });
    const expected = { type: 'chat', room: 'players', side: 'fox', text: 'good luck' };
    expect(await nextChat(t.fox)).toEqual(expected);
    expect(await nextChat(t.geese)).toEqual(expected);
    // The spectators' room after it: the spectator gets that one, and got nothing before it.
    t.spectator.send({ type: 'chat', room: 'spectators', text: 'hi all' });
    expect(await nextChat(t.spectator)).toEqual({ type: 'chat', room: 'spectators', text: 'hi all' });
    expect(t.spectator.all('chat').map((m) => m.room)).toEqual(['spectators']);
  });

  it("a spectator's message goes to everyone at the table, with no side", async () => {
    const t = await tableWithSpectator();
    const other = await joinTable(server, t.id);
    t.spectator.send({ type: 'chat', room: 'spectators', text: 'nice move' });
    const expected = { type: 'chat', room: 'spectators', text: 'nice move' };
    for (const client of [t.spectator, other, t.fox, t.geese]) expect(await nextChat(client)).toEqual(expected);
  });

  it.each([
    ['a spectator in the players room', 'spectator', { room: 'players', text: 'psst' }, 'not-a-player'],
    ["a player in the spectators' room", 'fox', { room: 'spectators', text: 'hello' }, 'bad-message'],
    ['an empty message', 'fox', { room: 'players', text: '' }, 'bad-message'],
    ['spaces only', 'fox', { room: 'players', text: ' \n\t ' }, 'bad-message'],
    ['141 characters', 'fox', { room: 'players', text: 'x'.repeat(141) }, 'bad-message'],
    ['an unknown room', 'fox', { room: 'lobby', text: 'hello' }, 'bad-message'],
    ['no text', 'fox', { room: 'players' }, 'bad-message'],
  ] as const)('refuses %s: %s', async (_what, who, body, code) => {
    const t = await tableWithSpectator();
    const sender = who === 'spectator' ? t.spectator : t.fox;
    sender.send({ type: 'chat', ...body });
    expect((await sender.next('error')).code).toBe(code);
    // Nothing reached anyone.
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const client of [t.fox, t.geese, t.spectator]) expect(client.all('chat')).toEqual([]);
  });

  it.each([
    ['spaces trimmed and runs of white space made one', '  well \n\n played\t ', 'well played'],
    ['140 characters counted as characters, not UTF-16 units', '🦊'.repeat(140), '🦊'.repeat(140)],
    ['a link kept as text', 'see https://example.com/<b>', 'see https://example.com/<b>'],
  ])('keeps the words: %s', async (_what, text, kept) => {
    const t = await seatedTable(server);
    t.geese.send({ type: 'chat', room: 'players', text });
    expect((await nextChat(t.fox)).text).toBe(kept);
  });

  it('a seat may say 5 at once, then one every 2 s; the sixth is rate-limited and reaches nobody', async () => {
    const t = await seatedTable(server);
    for (let n = 1; n <= 6; n++) t.fox.send({ type: 'chat', room: 'players', text: `m${n}` });
    expect(await t.fox.next('error')).toMatchObject({ type: 'error', code: 'rate-limited' });
    for (let n = 1; n <= 5; n++) expect((await nextChat(t.geese)).text).toBe(`m${n}`);
    // The other seat has its own allowance.
    t.geese.send({ type: 'chat', room: 'players', text: 'mine' });
    expect((await nextChat(t.geese)).text).toBe('mine');
    expect(t.fox.socket.readyState).toBe(t.fox.socket.OPEN);
  });
});

describe('chat limits per address', () => {
  it('one address speaking at many tables at once is held to 20, then two a second', async () => {
    // A server of its own: every client of these tests speaks from one address.
    const own = await startServer();
    const tables = await Promise.all(Array.from({ length: 5 }, () => seatedTable(own)));
    const watchers = await Promise.all(tables.map((t) => joinTable(own, t.id)));
    for (const watcher of watchers)
      for (let n = 0; n < 5; n++) watcher.send({ type: 'chat', room: 'spectators', text: `m${n}` });
    const answers = await Promise.all(
      watchers.map(async (watcher) => {
        const mine: string[] = [];
        for (let n = 0; n < 5; n++) {
          const answer = await watcher.nextWhere(
            (m): m is Chat | ServerMessageOf<'error'> => m.type === 'chat' || m.type === 'error',
          );
          mine.push(answer.type === 'chat' ? 'said' : answer.code);
        }
        return mine;
      }),
    );
    const said = answers.flat().filter((a) => a === 'said').length;
    expect(said).toBeGreaterThanOrEqual(20);
    expect(said).toBeLessThanOrEqual(22); // a refill of two a second while the messages come in
    expect(
      answers
        .flat()
        .filter((a) => a !== 'said')
        .every((a) => a === 'rate-limited'),
    ).toBe(true);
    await own.close();
  });
});

describe('chat history', () => {
  it('a joiner is welcomed with the rooms it reads: a player both, a spectator its own', async () => {
    const t = await tableWithSpectator();
    t.fox.send({ type: 'chat', room: 'players', text: 'one' });
    await t.geese.next('chat');
    t.spectator.send({ type: 'chat', room: 'spectators', text: 'two' });
    await t.geese.next('chat');
    const player = await joinTable(server, t.id, t.tokens.geese);
    const watcher = await joinTable(server, t.id);
    const strip = (list: Chat[] | undefined) => list?.map(({ at: _at, ...rest }) => rest);
    const playerChat = player.all('welcome')[0]!.chat!;
    expect(strip(playerChat.players)).toEqual([{ type: 'chat', room: 'players', side: 'fox', text: 'one' }]);
    expect(strip(playerChat.spectators)).toEqual([{ type: 'chat', room: 'spectators', text: 'two' }]);
    const watcherChat = watcher.all('welcome')[0]!.chat!;
    expect(watcherChat.players).toBeUndefined();
    expect(strip(watcherChat.spectators)).toEqual([{ type: 'chat', room: 'spectators', text: 'two' }]);
  });

  it('a table with no chat welcomes with empty rooms', async () => {
    const t = await tableWithSpectator();
    expect(t.fox.all('welcome')[0]!.chat).toEqual({ players: [], spectators: [] });
    expect(t.spectator.all('welcome')[0]!.chat).toEqual({ spectators: [] });
  });

  it('the chat is stored with the table: a restarted server shows it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fg-chat-restart-'));
    try {
      const first = await startServer({ dataDir });
      const t = await seatedTable(first);
      t.fox.send({ type: 'chat', room: 'players', text: 'before the restart' });
      await t.geese.next('chat');
      await first.close();
      const second = await startServer({ dataDir });
      try {
        const again = await joinTable(second, t.id, t.tokens.geese);
        expect(again.all('welcome')[0]!.chat!.players!.map((m) => m.text)).toEqual(['before the restart']);
        await again.close();
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
