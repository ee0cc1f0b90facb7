/** Which player answers a request: a table of games and levels. Games without a player of a level get `random`. */
import type { GameAction, GameId } from '@stich/engine';
import { seeded } from '@stich/engine';
import { differenzlerPlayers } from './games/differenzler.ts';
import { doppelkopfOptional, doppelkopfPlayers } from './games/doppelkopf.ts';
import { klaberjassPlayers } from './games/klaberjass.ts';
import { klapperjasPlayers } from './games/klapperjas.ts';
import type { BotLevel, BotRequest } from './index.ts';

export type Player = (req: BotRequest) => GameAction;
export type Players = Partial<Record<BotLevel, Player>>;

const randomPlayer: Player = (req) => req.legal[seeded(`${req.seed}/random`).int(req.legal.length)];

// Every game has its entry: a new game that forgets its bots fails to compile.
const PLAYERS: Record<GameId, Players> = {
  differenzler: differenzlerPlayers,
  doppelkopf: doppelkopfPlayers,
  klapperjas: klapperjasPlayers,
  klaberjass: klaberjassPlayers,
};

export function botFor(game: GameId, level: BotLevel): Player {
  return PLAYERS[game][level] ?? randomPlayer;
}

/** An optional actor's decision: an action, or null to say nothing (index.ts `decideOptional`). */
type OptionalPlayer = (req: BotRequest) => GameAction | null;

/**
 * Games whose bots make optional calls (a seat listed in `toAct` after the seat to act). Only Doppelkopf's
 * announcements so far. The `random` level makes none: asked at every step while a call is open, a uniform
 * choice would call almost surely, unlike its play at its own turn.
 */
const OPTIONAL: Readonly<Record<GameId, OptionalPlayer | null>> = {
  differenzler: null,
  doppelkopf: doppelkopfOptional,
  klaberjass: null,
  klapperjas: null,
};

export function optionalFor(game: GameId, level: BotLevel): OptionalPlayer | null {
  if (level === 'random') return null;
  return OPTIONAL[game];
}
