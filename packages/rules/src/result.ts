// Errors as values: library functions return a Result instead of throwing on bad user data.

/** A rules error code: every one the rules library returns (`bad-record`: a game record text that cannot be read, docs/rules.md section 9). */
export type RulesErrorCode =
  'unknown-variant' | 'bad-option' | 'bad-position' | 'bad-move-text' | 'illegal-move' | 'game-over' | 'bad-record';

/** A coded error with a message that names the bad value and what was expected. */
export interface RulesError {
  readonly code: RulesErrorCode; // 'illegal-move'
  readonly message: string; // 'd4-d6: d6 is not linked to d4'
}

/** Either a value or a coded error. */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: RulesError };

/** Wraps a value as a success. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Builds a failure with a code and message. */
export function fail<T = never>(code: RulesErrorCode, message: string): Result<T> {
  return { ok: false, error: { code, message } };
}
