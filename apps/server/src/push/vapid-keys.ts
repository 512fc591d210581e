// The server's VAPID key pair (RFC 8292): made at the first start and kept, so subscriptions made against its
// public key stay valid across restarts; in the data folder (SQLite mode) or in Redis (shared by every instance).
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Redis } from 'ioredis';
import webpush from 'web-push';

/** A VAPID key pair, base64url (the public key is the uncompressed P-256 point, 65 bytes). */
export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/** The Redis key every instance reads the one key pair from. */
const VAPID_REDIS_KEY = 'fg:push:vapid';

const isKeys = (value: unknown): value is VapidKeys =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as VapidKeys).publicKey === 'string' &&
  typeof (value as VapidKeys).privateKey === 'string';

/** The key pair of `vapid.json` in the data folder, made (readable by the owner only) if it is not there. */
export function fileVapidKeys(dataDir: string): VapidKeys {
  if (dataDir === ':memory:') return webpush.generateVAPIDKeys();
  const path = join(dataDir, 'vapid.json');
  if (existsSync(path)) {
    const kept: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (!isKeys(kept)) throw new Error(`${path} holds no VAPID key pair; remove it to make a new one`);
    return kept;
  }
  const keys = webpush.generateVAPIDKeys();
  // Written aside and renamed, so a crash never leaves half a file.
  writeFileSync(`${path}.tmp`, JSON.stringify(keys), { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
  return keys;
}

/** The key pair in Redis: the first instance to start sets it (SET NX), every instance reads the one that won. */
export async function redisVapidKeys(redis: Redis): Promise<VapidKeys> {
  await redis.set(VAPID_REDIS_KEY, JSON.stringify(webpush.generateVAPIDKeys()), 'NX');
  const kept: unknown = JSON.parse((await redis.get(VAPID_REDIS_KEY)) ?? 'null');
  if (!isKeys(kept)) throw new Error(`Redis key ${VAPID_REDIS_KEY} holds no VAPID key pair`);
  return kept;
}
