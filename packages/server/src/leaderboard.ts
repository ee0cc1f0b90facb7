/**
 * `GET /api/leaderboard/:game?preset=&offset=&limit=` (docs/ratings.md): the rated players of a game and
 * preset with a rated match in the last ACTIVE_DAYS, and the computer players' levels with their fixed
 * ratings, best first. Without `preset`, the game's default (first) preset. An unknown game or preset is
 * `not-found`; a bad offset or limit `malformed`.
 */
import { createEndpoint } from '@colyseus/core';
import { GAME_META, type GameId } from '@stich/engine';
import { type LeaderboardResponse, STATS_API } from '@stich/protocol';
import { context } from './context.ts';
import type { Db } from './db.ts';
import { TABLE_GAMES } from './games.ts';
import { ACTIVE_DAYS, MIN_MATCHES } from './ratings.ts';
import { leaderboardRows } from './ratings-store.ts';
import type { RouteKit } from './replay.ts';

/** Rows per answer at most (and by default). */
const LEADERBOARD_ROWS = 100;

type LeaderboardQuery =
  | { readonly ok: true; readonly game: GameId; readonly preset: string; offset: number; limit: number }
  | { readonly ok: false; readonly code: 'not-found' | 'malformed'; readonly reason: string };

/** Checks the path's game and the query against the games this server seats people at. */
function leaderboardQuery(game: string, query: Record<string, unknown> | undefined): LeaderboardQuery {
  const meta = (TABLE_GAMES as readonly string[]).includes(game) ? GAME_META[game as GameId] : undefined;
  if (!meta) return { ok: false, code: 'not-found', reason: `no game ${game.slice(0, 32)}` };
  const p = query?.preset;
  const presets = meta.presets.map((x) => x.id);
  const preset = p === undefined || p === '' ? presets[0] : String(p);
  if (!presets.includes(preset))
    return {
      ok: false,
      code: 'not-found',
      reason: `${game} has no preset ${preset.slice(0, 32)} (presets: ${presets.join(', ')})`,
    };
  const int = (v: unknown, def: number) =>
    v === undefined ? def : /^\d{1,9}$/.test(String(v)) ? Number(v) : Number.NaN;
  const offset = int(query?.offset, 0);
  const limit = int(query?.limit, LEADERBOARD_ROWS);
  if (!Number.isFinite(offset) || !Number.isFinite(limit) || limit < 1 || limit > LEADERBOARD_ROWS)
    return {
      ok: false,
      code: 'malformed',
      reason: `offset must be a whole number ≥ 0 and limit 1 to ${LEADERBOARD_ROWS}`,
    };
  return { ok: true, game: meta.id, preset, offset, limit };
}

/** The answer for a checked query. */
export async function leaderboard(
  db: Db,
  q: Extract<LeaderboardQuery, { ok: true }>,
  now = new Date(),
): Promise<LeaderboardResponse> {
  return {
    game: q.game,
    preset: q.preset,
    minMatches: MIN_MATCHES,
    activeDays: ACTIVE_DAYS,
    rows: await leaderboardRows(db, q.game, q.preset, now, q.offset, q.limit),
  };
}

export function leaderboardRoute(kit: Pick<RouteKit, 'json' | 'fail'>) {
  return {
    leaderboard: createEndpoint(STATS_API.leaderboard, { method: 'GET' }, async (ctx) => {
      const q = leaderboardQuery(String(ctx.params.game), ctx.query as Record<string, unknown> | undefined);
      if (!q.ok) return kit.fail(q.code, q.reason);
      return kit.json(await leaderboard(context().store.db, q));
    }),
  };
}
