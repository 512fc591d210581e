// Errors as values: what the authority answers instead of throwing.
import type { HttpErrorCode, SocketErrorCode } from '@fg/protocol';

/** A code of the protocol (socket or HTTP) and a message naming the bad value. */
export interface AuthorityError {
  readonly code: SocketErrorCode | HttpErrorCode;
  readonly message: string;
}

/** Either a value or an authority error. */
export type Outcome<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AuthorityError };

/** A success. */
export const done = <T>(value: T): Outcome<T> => ({ ok: true, value });

/** A failure with its protocol code. */
export const refuse = <T = never>(code: AuthorityError['code'], message: string): Outcome<T> => ({
  ok: false,
  error: { code, message },
});
