/**
 * Computer players. A bot sees exactly what its seat sees (the game's view for that seat) and the list
 * of its legal actions, and returns one of them. `decide` is synchronous and deterministic for a seed;
 * `BotPool` runs it on worker threads so that a server never blocks on a search.
 */
import type { BotLevel, GameAction, GameId, GameView, Seat } from '@stich/engine';
import { gameById } from '@stich/engine';
import { botFor, optionalFor } from './levels.ts';

export { BOT_LEVELS, type BotLevel } from '@stich/engine';

export interface BotRequest {
  game: GameId;
  level: BotLevel;
  seat: Seat;
  /** The game's view for `seat`: exactly `game.viewFor(state, seat)`. */
  view: GameView;
  /** The game's legal actions for `seat`: exactly `game.legalActions(state, seat)`. */
  legal: readonly GameAction[];
  seed: string;
}

/** One of `req.legal`, chosen by the level's player; the same request always gives the same action. */
export function decide(req: BotRequest): GameAction {
  if (req.legal.length === 0) throw new Error(`bot for seat ${req.seat}: no legal action to choose from`);
  if (req.legal.length === 1) return req.legal[0];
  const action = botFor(req.game, req.level)(req);
  // A bot must never answer with something it was not offered; fall back loudly in tests, safely in play.
  if (!req.legal.includes(action))
    throw new Error(`bot (${req.game}, ${req.level}) chose an action it was not offered`);
  return action;
}

/**
 * Whether `level` is asked about optional calls in `game`: a seat that `toAct` lists after the seat to act
 * (a Doppelkopf announcement or reply while another seat is to play). The server and the arena ask only these.
 */
export const makesOptionalCalls = (game: GameId, level: BotLevel): boolean =>
  optionalFor(game, level) !== null;

/**
 * An optional actor's decision (the request of a seat listed in `toAct` after the seat to act): one of
 * `req.legal` that the level makes now, or null to say nothing. Deterministic for a request, like `decide`.
 */
export function decideOptional(req: BotRequest): GameAction | null {
  const f = optionalFor(req.game, req.level);
  if (f === null || req.legal.length === 0) return null;
  const action = f(req);
  if (action !== null && !req.legal.includes(action))
    throw new Error(`bot (${req.game}, ${req.level}) chose an optional action it was not offered`);
  return action;
}

/** The request a seat's bot gets, built only from the seat's view and legal actions. */
export function requestFor<S>(game: GameId, state: S, seat: Seat, level: BotLevel, seed: string): BotRequest {
  const g = gameById(game);
  if (!g) throw new Error(`unknown game ${game}`);
  // `AnyGame` erases the view's type; `viewFor` of every registered game returns its member of GameView.
  const view = g.viewFor(state, seat) as GameView;
  // Likewise `legalActions`: each registered game's are its member of GameAction.
  const legal = g.legalActions(state, seat) as readonly GameAction[];
  return { game, level, seat, view, legal, seed };
}

export { BotPool } from './pool.ts';
export { legalOf, viewOf } from './view.ts';
