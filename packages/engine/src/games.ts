/**
 * Every game the engine has, by id. Each game folder adds its one import and entry here when it lands.
 */
import type { AnyGame, GameId } from './core/game.ts';
import { differenzler } from './differenzler/index.ts';
import { klaberjass } from './klaberjass/index.ts';
import { klapperjas } from './klapperjas/index.ts';

export const GAMES: Partial<Record<GameId, AnyGame>> = {
  differenzler,
  klaberjass,
  klapperjas,
};

export function gameById(id: string): AnyGame | undefined {
  return (GAMES as Record<string, AnyGame | undefined>)[id];
}
