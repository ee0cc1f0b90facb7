/**
 * Stored ratings (docs/ratings.md): `rated_matches` (every finished match offered for rating, in the order
 * it was rated, with its events), `ratings` (the current rating per game, preset and player or bot level)
 * and `rating_history` (a player's rating after each rated match). `recordMatch` rates one finished match
 * on top of the stored ratings; `recomputeRatings` rebuilds both tables from `rated_matches` in order with
 * `rateAll`, and a test proves the two equal on both databases.
 */
import type { GameId } from '@stich/engine';
import type { LeaderboardRow, Rating, RatingPoint } from '@stich/protocol';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './db.ts';
import {
  ACTIVE_DAYS,
  BOT_RATINGS,
  botOf,
  displayOf,
  type HistoryPoint,
  keyOf,
  type MatchRating,
  MIN_MATCHES,
  memberId,
  PARAMS,
  type PlayerRating,
  type RatedMatch,
  type RatingParams,
  rateAll,
  rateMatch,
  Z,
} from './ratings.ts';
import type { RatingsTable } from './ratings-tables.ts';

/** PostgreSQL: one advisory lock serialises rating updates over the cluster (a match end is rare). */
const LOCK = 5_737_001;
const isPg = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** What `recordMatch` did: rated (or skipped, with why), or nothing because the match was recorded before. */
export type Recorded =
  | (MatchRating & { readonly seq: number })
  | { readonly rated: false; readonly reason: 'recorded' };

/**
 * Rates a finished match on top of the stored ratings, in one transaction: its row in `rated_matches`
 * (once: a second call for the same table changes nothing), the new ratings and the history points.
 */
export async function recordMatch(db: Db, m: RatedMatch, params: RatingParams = PARAMS): Promise<Recorded> {
  return db.transaction().execute(async (trx) => {
    if (isPg(db)) await sql`SELECT pg_advisory_xact_lock(${LOCK})`.execute(trx);
    // Inserting first takes SQLite's write lock, so that no other process rates between our read and write.
    const ins = await trx
      .insertInto('rated_matches')
      .values({
        id: m.id,
        game: m.game,
        preset: m.preset,
        seq: -1,
        at: m.at,
        rated: 0,
        reason: null,
        data: '',
      })
      .onConflict((c) => c.column('id').doNothing())
      .executeTakeFirst();
    if (Number(ins.numInsertedOrUpdatedRows ?? 0) === 0) return { rated: false, reason: 'recorded' } as const;
    const top = await trx
      .selectFrom('rated_matches')
      .select((e) => e.fn.max('seq').as('seq'))
      .executeTakeFirst();
    const seq = Number(top?.seq ?? 0) + 1;
    const ids = [...new Set(m.events.flatMap((e) => e.teams.flatMap((t) => t.members.map(memberId))))];
    const rows =
      ids.length === 0
        ? []
        : await trx
            .selectFrom('ratings')
            .selectAll()
            .where('game', '=', m.game)
            .where('preset', '=', m.preset)
            .where('player_id', 'in', ids)
            .execute();
    const before = new Map(rows.map((r) => [keyOf(r.game, r.preset, r.player_id), fromRow(r)]));
    const r = rateMatch(m, (k) => before.get(k), params);
    await trx
      .updateTable('rated_matches')
      .set({
        seq,
        rated: r.rated ? 1 : 0,
        reason: r.rated ? null : r.reason,
        data: JSON.stringify({ events: m.events, hinted: m.hinted, ...(m.program ? { program: true } : {}) }),
      })
      .where('id', '=', m.id)
      .execute();
    if (r.rated) await writeRatings(trx, r.updates, r.history, () => seq);
    return { ...r, seq };
  });
}

const fromRow = (r: Pick<RatingsTable, 'mu' | 'sigma' | 'matches' | 'last_played'>): PlayerRating => ({
  mu: Number(r.mu),
  sigma: Number(r.sigma),
  matches: Number(r.matches),
  lastPlayed: r.last_played,
});

async function writeRatings(
  trx: Db,
  updates: ReadonlyMap<string, PlayerRating>,
  history: readonly HistoryPoint[],
  seqOf: (match: string) => number,
): Promise<void> {
  for (const [key, v] of updates) {
    const [game, preset, player_id] = key.split('\n');
    const row = { mu: v.mu, sigma: v.sigma, matches: v.matches, last_played: v.lastPlayed };
    await trx
      .insertInto('ratings')
      .values({ game, preset, player_id, ...row })
      .onConflict((c) => c.columns(['game', 'preset', 'player_id']).doUpdateSet(row))
      .execute();
  }
  // In chunks: PostgreSQL takes at most 65535 parameters per statement.
  for (let i = 0; i < history.length; i += 1000)
    await trx
      .insertInto('rating_history')
      .values(
        history.slice(i, i + 1000).map((h) => ({
          player_id: h.player,
          game: h.game,
          preset: h.preset,
          seq: seqOf(h.match),
          match_id: h.match,
          at: h.at,
          mu: h.mu,
          sigma: h.sigma,
        })),
      )
      .execute();
}

/** Every match offered for rating, in the order it was rated. */
export async function ratedMatches(db: Db): Promise<{ seq: number; match: RatedMatch }[]> {
  const rows = await db.selectFrom('rated_matches').selectAll().orderBy('seq').execute();
  return rows.map((r) => {
    const d = JSON.parse(r.data) as Pick<RatedMatch, 'events' | 'hinted' | 'program'>;
    return {
      seq: Number(r.seq),
      match: { id: r.id, at: r.at, game: r.game as GameId, preset: r.preset, ...d },
    };
  });
}

/**
 * Rebuilds `ratings` and `rating_history` from `rated_matches` in order (after a change of the method's
 * parameters, or to check the stored ratings): the same result `recordMatch` reached match by match.
 */
export async function recomputeRatings(db: Db, params: RatingParams = PARAMS): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (isPg(db)) await sql`SELECT pg_advisory_xact_lock(${LOCK})`.execute(trx);
    await trx.deleteFrom('rating_history').execute();
    await trx.deleteFrom('ratings').execute();
    const all = await ratedMatches(trx);
    const seqs = new Map(all.map((x) => [x.match.id, x.seq]));
    const { ratings, history } = rateAll(
      all.map((x) => x.match),
      params,
    );
    await writeRatings(trx, ratings, history, (id) => seqs.get(id)!);
  });
}

/** The stored ratings of the whole table, by key (tests compare them with `rateAll`). */
export async function storedRatings(db: Db): Promise<Map<string, PlayerRating>> {
  const rows = await db.selectFrom('ratings').selectAll().execute();
  return new Map(rows.map((r) => [keyOf(r.game, r.preset, r.player_id), fromRow(r)]));
}

/** A rating as the protocol shows it. Bots show their fixed rating and are never provisional. */
export function ratingOf(game: GameId, id: string, r: PlayerRating): Rating {
  const level = botOf(id);
  const fixed = level ? BOT_RATINGS[game][level] : r;
  return {
    mu: fixed.mu,
    sigma: fixed.sigma,
    display: displayOf(fixed),
    matches: r.matches,
    provisional: level === undefined && r.matches < MIN_MATCHES,
  };
}

/** A player's ratings by game and preset (the profile's `GameStats.rating`). */
export async function playerRatings(
  db: Db,
  playerId: string,
): Promise<{ game: GameId; preset: string; rating: Rating }[]> {
  const rows = await db
    .selectFrom('ratings')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('game')
    .orderBy('preset')
    .execute();
  return rows.map((r) => ({
    game: r.game as GameId,
    preset: r.preset,
    rating: ratingOf(r.game as GameId, r.player_id, fromRow(r)),
  }));
}

/** A player's rating after each rated match, oldest first (the profile's `ratingHistory`). */
export async function ratingHistory(db: Db, playerId: string): Promise<RatingPoint[]> {
  const rows = await db
    .selectFrom('rating_history')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    at: r.at,
    game: r.game as GameId,
    preset: r.preset,
    display: displayOf({ mu: Number(r.mu), sigma: Number(r.sigma) }),
  }));
}

/**
 * The leaderboard rows of a game and preset: accounts that are not deleted and bot levels, each with a
 * rated match in the last ACTIVE_DAYS, best displayed rating first; equal displays share a place.
 */
export async function leaderboardRows(
  db: Db,
  game: GameId,
  preset: string,
  now: Date,
  offset: number,
  limit: number,
): Promise<LeaderboardRow[]> {
  const since = new Date(now.getTime() - ACTIVE_DAYS * 86_400_000).toISOString();
  // Bot rows hold the fixed rating they were rated with, so one order serves both (recompute after a
  // change of BOT_RATINGS).
  const rows = await db
    .selectFrom('ratings')
    .leftJoin('accounts', 'accounts.player_id', 'ratings.player_id')
    .select([
      'ratings.player_id',
      'ratings.mu',
      'ratings.sigma',
      'ratings.matches',
      'ratings.last_played',
      'accounts.name',
    ])
    .where('ratings.game', '=', game)
    .where('ratings.preset', '=', preset)
    .where('ratings.last_played', '>=', since)
    .where((e) =>
      e.or([
        e('ratings.player_id', 'like', 'bot:%'),
        e.and([e('accounts.name', 'is not', null), e('accounts.deleted_at', 'is', null)]),
      ]),
    )
    .orderBy(sql`ratings.mu - ${Z} * ratings.sigma`, 'desc')
    .orderBy('ratings.player_id')
    .limit(offset + limit)
    .execute();
  const shown = rows.map((r) => {
    const level = botOf(r.player_id);
    return {
      name: level ? `Bot (${level})` : (r.name ?? ''),
      ...(level ? { bot: level } : {}),
      rating: ratingOf(game, r.player_id, fromRow(r)),
      lastPlayed: r.last_played,
    };
  });
  let place = 0;
  return shown
    .map((r, i) => {
      if (i === 0 || shown[i - 1].rating.display !== r.rating.display) place = i + 1;
      return { place, ...r };
    })
    .slice(offset);
}
