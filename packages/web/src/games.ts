/**
 * The games this server offers, as the engine describes them (GET /api/games): names, player counts,
 * presets, options with their texts, the rank order a hand is shown in, parties and direction of play.
 * Fetched once per page; the client keeps no copy of any of it.
 */
import type { GameMeta, Texts } from '@stich/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listGames } from './net.ts';

let games: Promise<readonly GameMeta[]> | null = null;

function loadGames(): Promise<readonly GameMeta[]> {
  if (!games)
    games = listGames()
      .then((r) => r.games)
      .catch((e: unknown) => {
        // A failed fetch is tried again by the next caller.
        games = null;
        throw e;
      });
  return games;
}

/** Every game, or null while loading (or after a failure, with `error` set). */
export function useGames(): { games: readonly GameMeta[] | null; error: string | null } {
  const [list, setList] = useState<readonly GameMeta[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let gone = false;
    loadGames()
      .then((g) => !gone && setList(g))
      .catch((e: Error) => !gone && setError(e.message));
    return () => {
      gone = true;
    };
  }, []);
  return { games: list, error };
}

/** One game's description, or null while loading or when the server does not have it. */
export function useGame(id: string | null | undefined): GameMeta | null {
  const { games } = useGames();
  return games?.find((g) => g.id === id) ?? null;
}

/** A text of the engine in the interface language. */
export function useText(): (x: Texts) => string {
  const { i18n } = useTranslation();
  return (x) => (i18n.language === 'en' ? x.en : x.de);
}

/** A game's name by id (the id itself while the games load or for a game this server lacks). */
export const gameName = (
  games: readonly GameMeta[] | null,
  id: string,
  text: (x: GameMeta['name']) => string,
) => {
  const g = games?.find((x) => x.id === id);
  return g ? text(g.name) : id;
};
