/**
 * Driving a game: random legal play for tests, self-play and benchmarks.
 *
 * Convention of `toAct`: the seat whose turn it is comes first; seats that merely may act (Kontra, Re,
 * announcements) follow. Random play takes the first seat, and another listed seat with probability
 * `optionalRate`, so optional calls happen now and then instead of whenever they are allowed.
 */
import type { Action, AnyGame, Seat } from './game.ts';
import { unwrap } from './result.ts';
import type { Rng } from './rng.ts';

export interface RandomStep {
  readonly seat: Seat;
  readonly action: Action;
}

export function randomStep<S>(game: AnyGame<string>, state: S, rng: Rng, optionalRate = 0.1): RandomStep {
  const seats = game.toAct(state);
  let seat = seats[0];
  if (seats.length > 1 && rng.next() < optionalRate * 4294967296) seat = seats[1 + rng.int(seats.length - 1)];
  const actions = game.legalActions(state, seat);
  if (actions.length === 0)
    throw new Error(`seat ${seat} is to act in phase ${game.phase(state)} but has no legal action`);
  return { seat, action: actions[rng.int(actions.length)] };
}

export interface Observer<S> {
  onDeal?(state: S, deal: unknown): void;
  onAction?(state: S, seat: Seat, action: Action): void;
}

/** Plays from `state` to the end of the match with random deals and random legal actions. */
export function playRandomMatch<S>(
  game: AnyGame<string>,
  state: S,
  rng: Rng,
  observer?: Observer<S>,
  maxSteps = 1_000_000,
): S {
  for (let steps = 0; !game.isOver(state); steps++) {
    if (steps > maxSteps) throw new Error('match did not end');
    if (game.awaitsDeal(state)) {
      const deal = game.randomDeal(state, rng);
      state = unwrap(game.applyDeal(state, deal)) as S;
      observer?.onDeal?.(state, deal);
    } else {
      const { seat, action } = randomStep(game, state, rng);
      state = unwrap(game.apply(state, seat, action)) as S;
      observer?.onAction?.(state, seat, action);
    }
  }
  return state;
}
