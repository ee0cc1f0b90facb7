/** Which player answers a request: a table of games and levels. Games without a player of a level get `random`. */
import type { Action, GameId } from '@stich/engine';
import { seeded } from '@stich/engine';
import { differenzlerPlayers } from './games/differenzler.ts';
import { doppelkopfPlayers } from './games/doppelkopf.ts';
import { klaberjassPlayers } from './games/klaberjass.ts';
import { klapperjasPlayers } from './games/klapperjas.ts';
import type { BotLevel, BotRequest } from './index.ts';

export type Player = (req: BotRequest) => Action;
export type Players = Partial<Record<BotLevel, Player>>;

export const randomPlayer: Player = (req) => req.legal[seeded(`${req.seed}/random`).int(req.legal.length)];

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
