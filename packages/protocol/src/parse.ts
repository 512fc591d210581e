// Parsers that turn untrusted text into typed messages, returning errors as values.
import type { z } from 'zod';

import { clientMessageSchema, POINT_NAME, serverMessageSchema } from './schemas.js';
import type { ClientMessage, MoveMessage, ServerMessage } from './types.js';
import { MAX_FRAME_BYTES } from './vocabulary.js';

/** A parsed value, or why the input is not one. */
export type Parsed<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: { readonly code: 'bad-message'; readonly message: string } };

const bad = (message: string): Parsed<never> => ({ ok: false, error: { code: 'bad-message', message } });

/** Says what a zod error found, naming the field (or `root` for the whole value) and what was expected. */
export function describeIssues(error: z.ZodError, root = 'message'): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : root}: ${issue.message}`)
    .join('; ');
}

/** Parses JSON text against a schema; never throws. `quick` may accept a common value first, as the schema would. */
function parseJsonWith<T>(
  schema: z.ZodType<T>,
  text: string,
  what: string,
  quick?: (data: unknown) => T | null,
): Parsed<T> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return bad(`${what} is not JSON`);
  }
  const accepted = quick?.(data);
  if (accepted) return { ok: true, value: accepted };
  const checked = schema.safeParse(data);
  if (!checked.success) return bad(`bad ${what}: ${describeIssues(checked.error)}`);
  return { ok: true, value: checked.data };
}

/** Whether text takes more than 4 KiB in UTF-8; counts bytes only when its length cannot decide. */
export function exceedsFrameLimit(text: string): boolean {
  if (text.length > MAX_FRAME_BYTES) return true; // every character takes at least one byte
  if (text.length * 3 <= MAX_FRAME_BYTES) return false; // a UTF-16 unit takes at most three bytes
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A surrogate pair (4 bytes) is two units of 2 bytes each here: the same total.
    bytes += unit < 0x80 ? 1 : unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 2 : 3;
  }
  return bytes > MAX_FRAME_BYTES;
}

/**
 * A well-formed move as the schema would give it (only its three fields), checked by hand: moves are most of what
 * clients send, and the schema's walk costs several times more. Null for anything else, which the schema then
 * decides and explains.
 */
export function quickMove(data: unknown): MoveMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, ply, path } = data as { type?: unknown; ply?: unknown; path?: unknown };
  if (type !== 'move' || !Number.isSafeInteger(ply) || (ply as number) < 0) return null;
  if (!Array.isArray(path) || path.length < 2 || path.length > 64) return null;
  for (const point of path as unknown[]) if (typeof point !== 'string' || !POINT_NAME.test(point)) return null;
  return { type: 'move', ply: ply as number, path: path.slice() as string[] };
}

/** Parses one client frame: at most 4 KiB of JSON, one known message. */
export function parseClientMessage(text: string): Parsed<ClientMessage> {
  if (exceedsFrameLimit(text)) return bad(`message too large; at most ${MAX_FRAME_BYTES} bytes`);
  return parseJsonWith(clientMessageSchema, text, 'message', quickMove);
}

/** Parses one server frame, as a client receives it. */
export function parseServerMessage(text: string): Parsed<ServerMessage> {
  return parseJsonWith(serverMessageSchema, text, 'server message');
}
