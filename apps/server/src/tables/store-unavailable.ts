// The one error a store rejects with when storage fails (locked, full, damaged, gone): callers answer
// `unavailable` (docs/protocol.md) and the operation changed nothing.

/** A store operation that did not happen because the storage could not do it. */
export class StoreUnavailable extends Error {
  override readonly name = 'StoreUnavailable';
}
