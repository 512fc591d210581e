// The server's VAPID key pair in one process's data folder: `vapid.json`, made at the first start.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import webpush from 'web-push';

import { isVapidKeys, type VapidKeys } from '../../push/vapid-keys.js';

/** The key pair of `vapid.json` in the data folder, made (readable by the owner only) if it is not there. */
export function fileVapidKeys(dataDir: string): VapidKeys {
  if (dataDir === ':memory:') return webpush.generateVAPIDKeys();
  const path = join(dataDir, 'vapid.json');
  if (existsSync(path)) {
    const kept: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (!isVapidKeys(kept)) throw new Error(`${path} holds no VAPID key pair; remove it to make a new one`);
    return kept;
  }
  const keys = webpush.generateVAPIDKeys();
  // Written aside and renamed, so a crash never leaves half a file.
  writeFileSync(`${path}.tmp`, JSON.stringify(keys), { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
  return keys;
}
