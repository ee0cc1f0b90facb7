/**
 * One dispatch style for every game: one handler per phase (as OpenSpiel's games do). A game's
 * `legalActions` and `apply` check what every phase shares (seat, turn, match over) and then hand over to
 * `handlers[phase]`; a phase without actions (a chance node, the end) has `NO_HANDLER`.
 *
 * Performance shortcut (the one allowed here): a game may name the handler of its hottest phase (card play)
 * and call it directly when `phase` is that phase, before the table lookup. It is the same handler object
 * as the table's entry, so nothing can differ; the lookup by a varying key is what it saves.
 */
import type { Action, Seat } from '../core/game.ts';
import { err, type Result } from '../core/result.ts';

export interface PhaseHandler<S, A extends Action> {
  /** Every action `seat` may take in this phase (the seat is known to be one that may act). */
  legal(s: S, seat: Seat): readonly A[];
  /** The state after `seat` takes `action` in this phase, or a typed error. */
  apply(s: S, seat: Seat, action: A): Result<S>;
}

export type PhaseHandlers<P extends string, S, A extends Action> = { readonly [K in P]: PhaseHandler<S, A> };

/** The handler of a phase in which nobody acts. */
export const NO_HANDLER: PhaseHandler<never, never> = {
  legal: () => [],
  apply: () => err('wrong-phase', 'nobody acts in this phase'),
};
