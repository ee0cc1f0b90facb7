/**
 * The kernel's new states (spec.ts `TrickState`) as object literals with every field written out in
 * `start`'s order (game.ts): each state has one shape, and the hottest steps copy no spread.
 */
import type { Seat } from '../core/game.ts';
import type { TrickConfig, TrickState } from './spec.ts';
import type { PlayedCard, TrickView } from './trick.ts';

/**
 * The state after a card: every field written out in `start`'s order, so that every state has one shape
 * (a spread of the hottest step was markedly slower).
 */
export function stepped<C extends TrickConfig, X, R extends object>(
  s: TrickState<C, X, R>,
  held: readonly number[],
  turn: Seat,
  trick: readonly PlayedCard[],
  best: number,
  led: number,
  top: number,
  worth: number,
  tricks: readonly TrickView[],
  points: readonly number[],
  tricksWon: readonly number[],
): TrickState<C, X, R> {
  return {
    config: s.config,
    phase: s.phase,
    dealer: s.dealer,
    dealt: s.dealt,
    held,
    turn,
    trick,
    best,
    led,
    top,
    worth,
    tricks,
    points,
    tricksWon,
    results: s.results,
    scores: s.scores,
    own: s.own,
  };
}

/** `s` with the deal's count, results and scores, written out in `start`'s order like `stepped`. */
export function counts<C extends TrickConfig, X, R extends object>(
  s: TrickState<C, X, R>,
  phase: string,
  dealer: Seat,
  turn: Seat,
  dealt: number,
  results: readonly R[],
  scores: readonly number[],
  own: X,
): TrickState<C, X, R> {
  return {
    config: s.config,
    phase,
    dealer,
    dealt,
    held: s.held,
    turn,
    trick: s.trick,
    best: s.best,
    led: s.led,
    top: s.top,
    worth: s.worth,
    tricks: s.tricks,
    points: s.points,
    tricksWon: s.tricksWon,
    results,
    scores,
    own,
  };
}

/**
 * `values` (by seat) with `x` added at `seat`: the points and tricks a trick taken adds. For two and four
 * seats an array literal, which optimised code allocates inline, where a `slice` is a builtin call.
 */
export function plus(values: readonly number[], seat: Seat, x: number): number[] {
  const out =
    values.length === 2
      ? [values[0], values[1]]
      : values.length === 4
        ? [values[0], values[1], values[2], values[3]]
        : values.slice();
  out[seat] += x;
  return out;
}

/** `s` just dealt: phase `play`, the new hands, nothing played yet (as `stepped`, field by field). */
export function dealtState<C extends TrickConfig, X, R extends object>(
  s: TrickState<C, X, R>,
  held: readonly number[],
  turn: Seat,
  trick: readonly PlayedCard[],
  tricks: readonly TrickView[],
  points: readonly number[],
  tricksWon: readonly number[],
): TrickState<C, X, R> {
  return {
    config: s.config,
    phase: 'play',
    dealer: s.dealer,
    dealt: s.dealt,
    held,
    turn,
    trick,
    best: 0,
    led: -1,
    top: -1,
    worth: 0,
    tricks,
    points,
    tricksWon,
    results: s.results,
    scores: s.scores,
    own: s.own,
  };
}

/**
 * `s` in `phase` with the hands `held`, `turn` and the game's part `own`: a step of a game's own phase
 * (bidding, talk), written out field by field as `stepped` (a spread of the state cost more).
 */
export function phased<C extends TrickConfig, X, R extends object>(
  s: TrickState<C, X, R>,
  phase: string,
  held: readonly number[],
  turn: Seat,
  own: X,
): TrickState<C, X, R> {
  return {
    config: s.config,
    phase,
    dealer: s.dealer,
    dealt: s.dealt,
    held,
    turn,
    trick: s.trick,
    best: s.best,
    led: s.led,
    top: s.top,
    worth: s.worth,
    tricks: s.tricks,
    points: s.points,
    tricksWon: s.tricksWon,
    results: s.results,
    scores: s.scores,
    own,
  };
}
