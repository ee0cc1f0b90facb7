/**
 * The one interface every game implements (after OpenSpiel's `State`/`Game`).
 *
 * Choice: `apply` is pure. It returns a new state and never changes its input, so a server keeps the
 * old state on error, a replay can keep every state, and a search can branch without `clone()`.
 * States may share unchanged parts; treat every state as read-only.
 *
 * Chance is explicit: a state that `awaitsDeal` is a chance node. The deal (the shuffled deck, and
 * where chance picks it, the trump) comes in from outside through `applyDeal`: drawn from a seeded or
 * cryptographic `Rng` by `randomDeal`, or read from a record by `parseDeal`. Rules never draw randomness.
 *
 * A match is one state: it runs from the first deal to the match result, deal after deal.
 */
import type { Result } from './result.ts';
import type { Rng } from './rng.ts';

export const GAME_IDS = ['klapperjas', 'differenzler', 'klaberjass', 'doppelkopf'] as const;
export type GameId = (typeof GAME_IDS)[number];

/** Seats are numbered 0..n-1 in the order of play: the next seat to play after seat i is seat (i + 1) % n. */
export type Seat = number;
export const SPECTATOR = 'spectator';
export type Viewer = Seat | typeof SPECTATOR;

/** One value per seat, indexed by seat. */
export type BySeat<T> = readonly T[];

/** Every action is a plain JSON object tagged by `t`. */
export interface Action {
  readonly t: string;
}

/**
 * What every view holds; games add their own fields. `Id` is the game's id: a registered game's (`GameId`),
 * or another string for a game that is not registered (the test-only games of packages/engine/test/games).
 */
export interface BaseView<Id extends string = GameId> {
  readonly game: Id;
  readonly viewer: Viewer;
  readonly seats: number;
  readonly phase: string;
  readonly toAct: readonly Seat[];
}

/** What every outcome holds; games add their own fields (per-deal breakdowns, dice, parties). */
export interface BaseOutcome {
  /** One entry per finished deal, in order. */
  readonly deals: readonly object[];
  /** Match score by seat (partners share their party's score). Its meaning is the game's (Differenzler: lower is better). */
  readonly scores: BySeat<number>;
  readonly over: boolean;
  /** The seats that won the match; empty until it is over. */
  readonly winners: readonly Seat[];
}

export interface Game<
  Config = unknown,
  State = unknown,
  A extends Action = Action,
  Deal = unknown,
  View extends BaseView<string> = BaseView,
  Outcome extends BaseOutcome = BaseOutcome,
  Id extends string = GameId,
> {
  readonly id: Id;
  /** Validates unchecked setup input: player count, rules preset, options. */
  parseConfig(input: unknown): Result<Config>;
  /** A new match waiting for its first deal; `dealer` deals first. */
  start(config: Config, dealer: Seat): State;
  config(state: State): Config;
  seats(state: State): number;
  /** A short name of the current phase, e.g. `deal`, `orgi`, `play`, `over`. */
  phase(state: State): string;
  /** True when the next step is a deal: a chance node. */
  awaitsDeal(state: State): boolean;
  /** Seats that may act now; several at once where the rules allow (Kontra, secret estimates). Empty at a chance node or when over. */
  toAct(state: State): readonly Seat[];
  isOver(state: State): boolean;
  /** The next deal drawn from `rng`: the shuffled deck, and the trump where chance picks it. */
  randomDeal(state: State, rng: Rng): Deal;
  /** Validates an explicit deal from a record (hands, stock, ...). */
  parseDeal(state: State, input: unknown): Result<Deal>;
  applyDeal(state: State, deal: Deal): Result<State>;
  /** Every action `seat` may take now; empty when it may not act. */
  legalActions(state: State, seat: Seat): readonly A[];
  /** Validates an unchecked action's shape (not its legality). */
  parseAction(input: unknown): Result<A>;
  /** The state after `seat` takes `action`, or a typed error; the input state never changes. */
  apply(state: State, seat: Seat, action: A): Result<State>;
  /** Exactly what `viewer` may know: own hand, public cards and history, never another seat's hidden cards. */
  viewFor(state: State, viewer: Viewer): View;
  outcome(state: State): Outcome;
}

/**
 * A game of any type parameters: by default a registered one; `AnyGame<string>` also takes a game that is
 * not registered (what the drivers of core/play.ts and core/record.ts and the conformance suite take).
 */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds games of different type parameters.
export type AnyGame<Id extends string = GameId> = Game<any, any, any, any, any, any, Id>;
