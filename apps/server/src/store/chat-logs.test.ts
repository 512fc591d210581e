// Each chat log on its real storage (memory, an SQLite file, a redis-server): the last 50 of each room, oldest
// first, the rooms apart, and what stays across a reopening.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CHAT_HISTORY } from '@fg/protocol';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ChatEntry, ChatLog } from '../tables/chat-log.js';
import { startRedis, systemProgramSkipReason } from '../testing/redis-process.js';
import { MemoryChatLog } from './memory/memory-chat-log.js';
import { RedisChatLog } from './redis/redis-chat-log.js';
import { SqliteStore } from './sqlite/sqlite-store.js';

const skip = systemProgramSkipReason();
let redis: Awaited<ReturnType<typeof startRedis>> | null = null;
let client: Redis | null = null;
const dir = mkdtempSync(join(tmpdir(), 'fg-chat-'));
let sqlite: SqliteStore;

beforeAll(async () => {
  sqlite = new SqliteStore(dir);
  if (skip) return;
  redis = await startRedis();
  client = new Redis(redis.url);
}, 60_000);
afterAll(async () => {
  await sqlite.close();
  rmSync(dir, { recursive: true, force: true });
  await client?.quit();
  await redis?.stop();
});

const said = (n: number, room: ChatEntry['room'] = 'players'): ChatEntry => ({
  room,
  side: room === 'players' ? (n % 2 ? 'geese' : 'fox') : null,
  text: `message ${n}`,
  at: 1_000 + n,
});

const logs: [string, () => ChatLog | null][] = [
  ['memory', () => new MemoryChatLog()],
  ['SQLite', () => sqlite.chat],
  ['Redis', () => (client ? new RedisChatLog(client, 60_000) : null)],
];

describe.each(logs)('%s chat log', (name, make) => {
  it.skipIf(name === 'Redis' && skip !== null)(
    'keeps the last 50 of each room, oldest first, the rooms apart',
    async () => {
      const log = make()!;
      const table = `table-${name}`;
      for (let n = 0; n < CHAT_HISTORY + 5; n++) await log.add(table, said(n));
      for (const n of [100, 101, 102]) await log.add(table, said(n, 'spectators'));
      const recent = await log.recent(table);
      expect(recent.filter((e) => e.room === 'players')).toEqual(
        Array.from({ length: CHAT_HISTORY }, (_, i) => said(i + 5)),
      );
      expect(recent.filter((e) => e.room === 'spectators')).toEqual([100, 101, 102].map((n) => said(n, 'spectators')));
      expect(await log.recent(`other-${name}`)).toEqual([]);
    },
  );
});

describe('SQLite chat log', () => {
  it('is there after the store is opened again, and goes with a waiting table that is removed', async () => {
    await sqlite.insertTable({
      id: 'waitingtable1',
      variant: 'standard',
      options: {},
      seats: { fox: 'hash', geese: null },
      moves: [],
      result: null,
      rematch: null,
      createdAt: 1,
    });
    await sqlite.chat.add('waitingtable1', said(1));
    await sqlite.chat.add('kepttable123', said(2));
    await sqlite.close();
    sqlite = new SqliteStore(dir);
    expect(await sqlite.chat.recent('waitingtable1')).toEqual([said(1)]);
    expect(await sqlite.removeWaiting(2)).toEqual(['waitingtable1']);
    expect(await sqlite.chat.recent('waitingtable1')).toEqual([]);
    expect(await sqlite.chat.recent('kepttable123')).toEqual([said(2)]);
  });
});
