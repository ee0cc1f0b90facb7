/**
 * Statistics in the database (docs/statistics.md): `match_stats` holds each human seat's finished match as
 * stats.ts `seatMatches` makes it, written when the match ends (`matchEnded`, called by the table) and, for
 * any finished match of a player still missing (a write lost to a crash, matches from before migration 008),
 * when the player's profile is opened (`playerStats`). Both come from the record through the same code path,
 * and test/stats.test.ts checks the stored rows against `recomputeStats`, which ignores them.
 */
import { createEndpoint } from '@colyseus/core';
import { GAME_META, type GameRecord, parseRecord } from '@stich/engine';
import { accountNameSchema, type GameStats, type ProfileResponse, STATS_API } from '@stich/protocol';
import type { Logger } from 'pino';
import { context } from './context.ts';
import type { Db } from './db.ts';
import { nameKey } from './names.ts';
import type { RatedMatch } from './ratings.ts';
import { finishedMatchOf, ratedMatch } from './ratings-events.ts';
import { playerRatings, ratingHistory, recordMatch } from './ratings-store.ts';
import { buildRecord, toRow } from './records.ts';
import type { RouteKit } from './replay.ts';
import { aggregate, type FinishedTable, type SeatMatch, seatMatches } from './stats.ts';
import type { Store } from './store.ts';

/** A table's record and what stats.ts reads besides, if the table is finished. */
async function finishedTable(
  store: Store,
  tableId: string,
): Promise<{ t: FinishedTable; record: GameRecord } | undefined> {
  const db = store.db;
  // One read of the table's row: its setup and, in `updated_at`, when it changed last.
  const stored = await db.selectFrom('tables').selectAll().where('id', '=', tableId).executeTakeFirst();
  if (stored?.status !== 'over') return undefined;
  const row = toRow(stored);
  const [steps, holders, hints] = await Promise.all([
    store.steps(tableId),
    store.holders(tableId),
    db.selectFrom('hint_uses').select('seat').where('table_id', '=', tableId).execute(),
  ]);
  const record = parseRecord(buildRecord(row, steps, holders));
  if (!record.ok) return undefined;
  return {
    record: record.value,
    t: {
      id: row.id,
      game: row.game,
      preset: typeof row.config.preset === 'string' ? row.config.preset : null,
      setup: row.setup,
      // The status 'over' is written with the last step; the table's time of change is the match's end.
      endedAt: stored.updated_at,
      holders: holders.map((h) => ({ seat: h.seat, playerId: h.playerId })),
      hints: hints.map((h) => ({ seat: Number(h.seat) })),
    },
  };
}

/** Each human seat's match of a finished table, computed from its record (nothing read from match_stats). */
async function computeTable(
  store: Store,
  tableId: string,
): Promise<SeatMatch[] | { failed: string } | undefined> {
  return (await computeRated(store, tableId))?.seats;
}

/** As `computeTable`, with the match as ratings-events.ts offers it for rating (one replay for both). */
async function computeRated(
  store: Store,
  tableId: string,
): Promise<{ seats: SeatMatch[] | { failed: string }; rated?: RatedMatch } | undefined> {
  const f = await finishedTable(store, tableId);
  if (!f) return undefined;
  const r = seatMatches(f.t, f.record);
  return r.ok
    ? { seats: r.value, rated: ratedMatch(finishedMatchOf(f.t, r.outcome)) }
    : { seats: { failed: r.reason } };
}

/**
 * Stores a finished table's seat matches, unless stored already, and offers the match for rating
 * (ratings-store.ts rates each match once). A record that fails to replay is stored as failed for each
 * holder (it would fail the same way again) and counts nothing.
 */
export async function storeTable(store: Store, tableId: string): Promise<void> {
  const c = await computeRated(store, tableId);
  if (c === undefined) return;
  if (c.rated) await recordMatch(store.db, c.rated);
  const r = c.seats;
  const rows =
    'failed' in r
      ? (await store.holders(tableId)).map((h) => ({
          table_id: tableId,
          seat: h.seat,
          player_id: h.playerId,
          ended_at: '',
          data: JSON.stringify({ failed: r.failed }),
        }))
      : r.map((m) => ({
          table_id: m.tableId,
          seat: m.seat,
          player_id: m.playerId,
          ended_at: m.endedAt,
          data: JSON.stringify(m),
        }));
  if (rows.length === 0) return;
  await store.db
    .insertInto('match_stats')
    .values(rows)
    .onConflict((oc) => oc.columns(['table_id', 'seat']).doNothing())
    .execute();
}

/** Called by a table when its match is over: its statistics are stored in the background. Never throws. */
export function matchEnded(store: Store, tableId: string, log: Logger): void {
  storeTable(store, tableId).catch((e: unknown) =>
    log.warn({ table: tableId, err: String(e) }, 'match statistics not stored; the profile computes them'),
  );
}

/** Finished tables where the player held a seat whose statistics are not stored. */
async function missingTables(db: Db, playerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('seats')
    .innerJoin('tables', 'tables.id', 'seats.table_id')
    .leftJoin('match_stats', (j) =>
      j.onRef('match_stats.table_id', '=', 'seats.table_id').onRef('match_stats.seat', '=', 'seats.seat'),
    )
    .select('seats.table_id')
    .where('seats.player_id', '=', playerId)
    .where('tables.status', '=', 'over')
    .where('match_stats.table_id', 'is', null)
    .execute();
  return [...new Set(rows.map((r) => r.table_id))];
}

/** A player's statistics from the stored seat matches, the missing ones computed and stored first. */
export async function playerStats(store: Store, playerId: string): Promise<ReturnType<typeof aggregate>> {
  for (const id of await missingTables(store.db, playerId)) await storeTable(store, id);
  const rows = await store.db
    .selectFrom('match_stats')
    .select('data')
    .where('player_id', '=', playerId)
    .execute();
  const matches: SeatMatch[] = [];
  for (const r of rows) {
    const m = JSON.parse(r.data) as SeatMatch | { failed: string };
    if (!('failed' in m)) matches.push(m);
  }
  return aggregate(matches);
}

/** A player's statistics recomputed from every finished record, without `match_stats` (the reference). */
export async function recomputeStats(store: Store, playerId: string): Promise<ReturnType<typeof aggregate>> {
  const tables = await store.db
    .selectFrom('seats')
    .innerJoin('tables', 'tables.id', 'seats.table_id')
    .select('seats.table_id')
    .where('seats.player_id', '=', playerId)
    .where('tables.status', '=', 'over')
    .execute();
  const matches: SeatMatch[] = [];
  for (const id of new Set(tables.map((t) => t.table_id))) {
    const r = await computeTable(store, id);
    if (r !== undefined && !('failed' in r)) matches.push(...r.filter((m) => m.playerId === playerId));
  }
  return aggregate(matches);
}

/**
 * The account of a name, unless deleted. Names are unique by their key (docs/accounts.md); this compares
 * their keys (NFKC, case, look-alikes: names.ts).
 */
export async function accountByName(
  db: Db,
  name: string,
): Promise<{ playerId: string; name: string; since: string } | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select(['player_id', 'name', 'created_at'])
    .where('name_key', '=', nameKey(name))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { playerId: row.player_id, name: row.name, since: row.created_at } : undefined;
}

/** GET /api/players/:name: a public profile, by account name. */
export function profileRoute(kit: Pick<RouteKit, 'json' | 'fail'>) {
  return {
    profile: createEndpoint(STATS_API.profile, { method: 'GET' }, async (ctx) => {
      let raw = String(ctx.params.name);
      try {
        raw = decodeURIComponent(raw);
      } catch {
        return kit.fail('malformed', 'name: not a valid URL path segment');
      }
      const name = accountNameSchema.safeParse(raw);
      if (!name.success) return kit.fail('malformed', `name: ${name.error.issues[0].message}`);
      const { store } = context();
      const account = await accountByName(store.db, name.data);
      if (!account) return kit.fail('not-found', 'no player with this name');
      const { games, recent } = await playerStats(store, account.playerId);
      const [ratings, history] = await Promise.all([
        playerRatings(store.db, account.playerId),
        ratingHistory(store.db, account.playerId),
      ]);
      // Ratings name the preset a table without one played (the game's first).
      const presetOf = (g: GameStats) => g.preset ?? GAME_META[g.game]?.presets[0]?.id ?? '';
      const body: ProfileResponse = {
        player: { name: account.name, since: account.since },
        games: games.map((g) => ({
          ...g,
          rating: ratings.find((r) => r.game === g.game && r.preset === presetOf(g))?.rating ?? null,
        })),
        recent,
        ratingHistory: history,
      };
      return kit.json(body);
    }),
  };
}
