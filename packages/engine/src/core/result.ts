/**
 * Typed results instead of exceptions: every operation on unchecked input returns `Result`. An error
 * carries a code from `ERROR_CODES` and a readable reason; the input state is never changed.
 */

export const ERROR_CODES = [
  /** Input is not of the expected shape (not JSON, wrong types, unknown fields' values). */
  'malformed',
  /** The options or player count of a game are not valid. */
  'bad-config',
  /** A deal is not a valid distribution of the game's deck (unknown, missing or duplicate cards, sizes). */
  'bad-deal',
  /** The action is not one this game knows. */
  'unknown-action',
  /** The seat does not exist at this table. */
  'bad-seat',
  /** The seat may not act now. */
  'not-your-turn',
  /** The action is known but not allowed now (a card that must not be played, a wrong phase). */
  'illegal-action',
  /** A deal is expected (a chance step) and an action came, or the other way round. */
  'wrong-phase',
  /** The match is over. */
  'game-over',
  /** A record is not valid; the reason names the field or action index. */
  'bad-record',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface GameError {
  readonly code: ErrorCode;
  readonly reason: string;
  /** For records: the index of the offending action (or deal) in the record. */
  readonly index?: number;
}

export type Result<T, E = GameError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = (code: ErrorCode, reason: string, index?: number): Result<never, GameError> => ({
  ok: false,
  error: index === undefined ? { code, reason } : { code, reason, index },
});

/** Unwraps a result or throws; for tests and tools that have already validated their input. */
export function unwrap<T>(r: Result<T>): T {
  if (r.ok) return r.value;
  throw new Error(`${r.error.code}: ${r.error.reason}`);
}

/** A plain object, as every parser of unchecked input asks first (not null, not an array). */
export const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
