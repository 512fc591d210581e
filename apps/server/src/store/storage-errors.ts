// What the adapters make of their storage's failures: the error's code, a few words for it, and a store whose
// every rejection is the core's `StoreUnavailable` (tables/store-unavailable.ts).
import { StoreUnavailable } from '../tables/store-unavailable.js';

/** The `code` of an error (SQLite's `SQLITE_BUSY`, Node's `EMFILE`), or ''. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** What a lock, a full disk or a damaged file means for someone waiting on a write, in a few words. */
export function describeStorageError(error: unknown): string {
  const code = errorCode(error);
  if (code.startsWith('SQLITE_BUSY')) return 'the database is locked by another process';
  if (code.startsWith('SQLITE_FULL') || code === 'ENOSPC' || code === 'EDQUOT') return 'the disk is full';
  if (/^SQLITE_(CORRUPT|NOTADB)/.test(code)) return 'the database file is damaged';
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS') return 'the database cannot be written';
  return error instanceof Error ? error.message : String(error);
}

/**
 * The same store, except that any rejection becomes a `StoreUnavailable` (the original as its cause), so
 * that callers answer `unavailable` for a store whose client rejects with errors of its own (ioredis's).
 */
export function unavailableOnFailure<S extends object>(store: S, what: string): S {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.catch((error: unknown) => {
          if (error instanceof StoreUnavailable) throw error;
          throw new StoreUnavailable(`${what}: ${describeStorageError(error)}`, { cause: error });
        });
      };
    },
  });
}
