// Seat tokens: random secrets handed to a seat's holder; only their hashes are stored.
import { createHash, timingSafeEqual } from 'node:crypto';

import { nanoid } from 'nanoid';

/** Length of a seat token (protocol: at least 21). */
const TOKEN_LENGTH = 24;
/** Length of a table id (protocol: at least 10). */
const TABLE_ID_LENGTH = 12;

/** A new table id. */
export function newTableId(): string {
  return nanoid(TABLE_ID_LENGTH);
}

/** A new seat token. */
export function newToken(): string {
  return nanoid(TOKEN_LENGTH);
}

/** The stored form of a token: its SHA-256 in hex, so a copy of the data holds no usable secret. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a token belongs to a stored hash, compared in constant time over equal-length buffers. */
export function tokenMatches(token: string, storedHash: string | null): boolean {
  if (storedHash === null) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * The token of a player's seat at the rematch of a table, derived from its token there, so any instance can
 * hand it out again after a reconnect without ever storing a token in the clear; it depends on the finished
 * table (not the rematch's id), so each asker's seat hash is known before the rematch table exists.
 */
export function rematchToken(oldToken: string, finishedTableId: string): string {
  return createHash('sha256')
    .update(`rematch:${finishedTableId}:${oldToken}`)
    .digest('base64url')
    .slice(0, TOKEN_LENGTH);
}
