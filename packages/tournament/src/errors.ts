/**
 * Typed errors of the tournament core: every operation on unchecked input returns a `Result` whose
 * error carries one of these codes and a readable reason; the tournament it was given never changes.
 */
import type { Result } from '@stich/engine';

export const TOURNEY_ERRORS = [
  /** The input is not of the expected shape (types, ranges, unknown fields' values). */
  'malformed',
  /** No such format, or the format does not take the named game. */
  'unknown-format',
  /** The number of players cannot be seated in this format (too few, too many, not a fitting count). */
  'bad-players',
  /** The player is registered already. */
  'already-registered',
  /** The player is not registered (unregistering). */
  'not-registered',
  /** Registration is closed: the start time has passed or the tournament has started. */
  'late-registration',
  /** The tournament has started: its settings and field are fixed. */
  'started',
  /** The tournament holds its maximum number of entrants. */
  'full',
  /** A result does not fit the tournament's plan (unknown round, table or player, wrong size). */
  'bad-result',
] as const;
export type TourneyErrorCode = (typeof TOURNEY_ERRORS)[number];

export interface TourneyError {
  readonly code: TourneyErrorCode;
  readonly reason: string;
}

export type TResult<T> = Result<T, TourneyError>;

export const fail = (code: TourneyErrorCode, reason: string): TResult<never> => ({
  ok: false,
  error: { code, reason },
});

export const done = <T>(value: T): TResult<T> => ({ ok: true, value });
