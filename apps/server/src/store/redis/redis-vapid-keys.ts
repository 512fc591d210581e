// The server's VAPID key pair in Redis, shared by every instance: the first to start sets it.
import type { Redis } from 'ioredis';
import webpush from 'web-push';

import { isVapidKeys, type VapidKeys } from '../../push/vapid-keys.js';

/** The Redis key every instance reads the one key pair from. */
const VAPID_REDIS_KEY = 'fg:push:vapid';

/** The key pair in Redis: the first instance to start sets it (SET NX), every instance reads the one that won. */
export async function redisVapidKeys(redis: Redis): Promise<VapidKeys> {
  await redis.set(VAPID_REDIS_KEY, JSON.stringify(webpush.generateVAPIDKeys()), 'NX');
  const kept: unknown = JSON.parse((await redis.get(VAPID_REDIS_KEY)) ?? 'null');
  if (!isVapidKeys(kept)) throw new Error(`Redis key ${VAPID_REDIS_KEY} holds no VAPID key pair`);
  return kept;
}
