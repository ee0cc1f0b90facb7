/** The games this server seats people at, and GET /api/games: the engine's description of each, as the protocol types it. */
import {
  type AnyGame,
  GAME_IDS,
  GAME_META,
  GAMES,
  type GameId,
  type GameMeta,
  gameById,
} from '@stich/engine';
import type { GamesResponse } from '@stich/protocol';

/**
 * Registered in the engine but not yet at the table: Doppelkopf plays in the engine and the command line;
 * its table (web controls, computer players beyond random ones) is issue 14. The server neither lists it nor
 * creates tables of it until then.
 */
const NOT_AT_TABLE: readonly GameId[] = [];

/** Every game tables are made for, in GAME_IDS order. */
export const TABLE_GAMES: readonly GameId[] = GAME_IDS.filter(
  (id) => id in GAMES && !NOT_AT_TABLE.includes(id),
);

/** The game of a new table, or undefined when this server seats nobody at it. */
export function tableGame(id: string): AnyGame | undefined {
  return (TABLE_GAMES as readonly string[]).includes(id) ? gameById(id) : undefined;
}

export function gamesResponse(): GamesResponse {
  const games: GameMeta[] = [];
  for (const id of TABLE_GAMES) {
    const meta = GAME_META[id];
    // Every registered game has one (engine test meta.test.ts); a missing one would be a build error to see.
    if (!meta) throw new Error(`game ${id} has no description (GAME_META)`);
    games.push(meta);
  }
  return { games };
}
