/** GET /api/games: the engine's description of every registered game, in GAME_IDS order, as the protocol types it. */
import { GAME_IDS, GAME_META, GAMES, type GameMeta } from '@stich/engine';
import type { GamesResponse } from '@stich/protocol';

export function gamesResponse(): GamesResponse {
  const games: GameMeta[] = [];
  for (const id of GAME_IDS) {
    if (!(id in GAMES)) continue;
    const meta = GAME_META[id];
    // Every registered game has one (engine test meta.test.ts); a missing one would be a build error to see.
    if (!meta) throw new Error(`game ${id} has no description (GAME_META)`);
    games.push(meta);
  }
  return { games };
}
