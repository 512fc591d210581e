// Errors as values: what the authority answers instead of throwing, each with a code of the edge it goes to
// (a socket `error` or an HTTP error body), so neither edge casts.
import type { HttpErrorCode, SocketErrorCode } from '@fg/protocol';

/** A refusal: a code of one edge and a message naming the bad value. */
export interface Refusal<C extends SocketErrorCode | HttpErrorCode> {
  readonly code: C;
  readonly message: string;
}

/** Either a value or a refusal with a code of type C. */
export type Answer<T, C extends SocketErrorCode | HttpErrorCode> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: Refusal<C> };

/** A success. */
export const done = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });

/** A failure with its code. */
export const refuse = <C extends SocketErrorCode | HttpErrorCode>(
  code: C,
  message: string,
): { readonly ok: false; readonly error: Refusal<C> } => ({ ok: false, error: { code, message } });
