/**
 * Stored ratings (src/ratings-store.ts) and the leaderboard (src/leaderboard.ts) on SQLite, and on
 * PostgreSQL when STICH_TEST_DATABASE_URL is set: rating match by match as matches finish equals the full
 * recomputation, also when matches finish at once; a match is rated once; the leaderboard's rows, markers
 * and typed errors.
 */
import type { LeaderboardResponse } from '@stich/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { context } from '../src/context.ts';
import type { Db } from '../src/db.ts';
import {
  ACTIVE_DAYS,
  BOT_RATINGS,
  displayOf,
  keyOf,
  MIN_MATCHES,
  type RatedMatch,
  rateAll,
} from '../src/ratings.ts';
import { simMatches } from '../src/ratings-sim.ts';
import {
  playerRatings,
  ratedMatches,
  ratingHistory,
  recomputeRatings,
  recordMatch,
  storedRatings,
} from '../src/ratings-store.ts';
import { api, DB_KINDS, serve } from './helpers.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A mixed run: deal- and match-shaped events, bots at some seats, a hinted match, a redealt-only match. */
function mixed(seed: string): RatedMatch[] {
  const base = Date.now() - 30 * DAY;
  const deals = simMatches({
    shape: 'parties',
    players: 6,
    matchesPerPlayer: 12,
    deals: 4,
    step: 0.3,
    noise: 1,
    seed,
  });
  const duels = simMatches({
    shape: 'duel',
    players: 5,
    matchesPerPlayer: 8,
    deals: 8,
    step: 0.3,
    noise: 1,
    seed,
  });
  const out: RatedMatch[] = [];
  const n = Math.max(deals.length, duels.length);
  for (let i = 0; i < n; i++) {
    if (i < deals.length) {
      const m = deals[i];
      // Every third Doppelkopf match has the computer at a seat: its members become a bot level.
      const events =
        i % 3 === 0
          ? m.events.map((e) => ({
              teams: e.teams.map((t) => ({
                ...t,
                members: t.members.map((x) => (x === 'p005' ? { bot: 'search' as const } : x)),
              })),
            }))
          : m.events;
      out.push({
        ...m,
        id: `d${i}`,
        events,
        preset: i % 2 ? 'ddv' : 'house',
        hinted: i === 4 ? ['p001'] : [],
      });
    }
    if (i < duels.length) out.push({ ...duels[i], id: `k${i}`, preset: 'hoyle' });
  }
  out.push({
    id: 'redeal',
    at: iso(base),
    game: 'doppelkopf',
    preset: 'ddv',
    events: [
      {
        teams: [
          { members: ['p000'], rank: 1 },
          { members: ['p001'], rank: 1 },
        ],
      },
    ],
    hinted: [],
  });
  return out.map((m, i) => ({ ...m, at: iso(base + i * 60_000) }));
}

async function clear(db: Db) {
  for (const t of ['rated_matches', 'ratings', 'rating_history', 'accounts'] as const)
    await db.deleteFrom(t).execute();
}

describe.each(DB_KINDS)('ratings store (%s)', (kind) => {
  const srv = serve(kind);
  let db: Db;
  beforeEach(async () => {
    void srv.url;
    db = context().store.db;
    await clear(db);
  });

  it('rating each match as it finishes equals recomputing from all of them, history included', async () => {
    const all = mixed('store');
    for (const m of all) await recordMatch(db, m);
    const full = rateAll(all);
    expect(await storedRatings(db)).toEqual(full.ratings);
    expect(full.skipped.get('d4')).toBeUndefined();
    expect(full.history.some((h) => h.match === 'd4' && h.player === 'p001')).toBe(false);
    expect(full.skipped.get('redeal')).toBe('no-result');
    // The stored order is the order of recording; skipped matches are kept (counted apart).
    const stored = await ratedMatches(db);
    expect(stored.map((x) => x.match.id)).toEqual(all.map((m) => m.id));
    const skipped = await db
      .selectFrom('rated_matches')
      .select(['id', 'reason'])
      .where('rated', '=', 0)
      .execute();
    expect(new Map(skipped.map((r) => [r.id, r.reason]))).toEqual(full.skipped);
    // Each player's history: one point per rated match, the last equal to the current rating.
    for (const p of ['p000', 'p003']) {
      const h = await ratingHistory(db, p);
      const want = full.history.filter((x) => x.player === p);
      expect(h).toEqual(
        want.map((x) => ({ at: x.at, game: x.game, preset: x.preset, display: displayOf(x) })),
      );
      const cur = full.ratings.get(keyOf('doppelkopf', 'ddv', p))!;
      const last = want.filter((x) => x.game === 'doppelkopf' && x.preset === 'ddv').at(-1)!;
      expect({ mu: last.mu, sigma: last.sigma }).toEqual({ mu: cur.mu, sigma: cur.sigma });
    }
    // The full recomputation in the database gives the same tables.
    const history = await db
      .selectFrom('rating_history')
      .selectAll()
      .orderBy('seq')
      .orderBy('player_id')
      .execute();
    await recomputeRatings(db);
    expect(await storedRatings(db)).toEqual(full.ratings);
    expect(
      await db.selectFrom('rating_history').selectAll().orderBy('seq').orderBy('player_id').execute(),
    ).toEqual(history);
    // The bot's row counts its matches and shows its fixed rating.
    const bot = full.ratings.get(keyOf('doppelkopf', 'house', 'bot:search'))!;
    expect(bot).toMatchObject(BOT_RATINGS.doppelkopf.search);
    expect(bot.matches).toBeGreaterThan(0);
  });

  it('a match is rated once', async () => {
    const [m] = mixed('once');
    const first = await recordMatch(db, m);
    expect(first.rated).toBe(true);
    const before = await storedRatings(db);
    expect(await recordMatch(db, m)).toEqual({ rated: false, reason: 'recorded' });
    expect(await storedRatings(db)).toEqual(before);
  });

  it('matches finishing at once are rated one after another, equal to recomputing in their order', async () => {
    const all = mixed('race').slice(0, 24);
    await Promise.all(all.map((m) => recordMatch(db, m)));
    const order = (await ratedMatches(db)).map((x) => x.match);
    expect(new Set(order.map((m) => m.id))).toEqual(new Set(all.map((m) => m.id)));
    expect(await storedRatings(db)).toEqual(rateAll(order).ratings);
  });

  it("a player's ratings by game and preset, provisional under the minimum", async () => {
    const all = mixed('profile');
    for (const m of all) await recordMatch(db, m);
    const mine = await playerRatings(db, 'p000');
    const full = rateAll(all).ratings;
    expect(mine.map((x) => `${x.game}/${x.preset}`)).toEqual(
      ['doppelkopf/ddv', 'doppelkopf/house', 'klaberjass/hoyle'].filter((k) => {
        const [g, p] = k.split('/');
        return full.has(keyOf(g, p, 'p000'));
      }),
    );
    for (const x of mine) {
      const r = full.get(keyOf(x.game, x.preset, 'p000'))!;
      expect(x.rating).toEqual({
        mu: r.mu,
        sigma: r.sigma,
        display: displayOf(r),
        matches: r.matches,
        provisional: r.matches < MIN_MATCHES,
      });
    }
  });

  it('GET /api/leaderboard/:game lists active accounts and bots, best first, with markers', async () => {
    const now = Date.now();
    const duel = (
      id: string,
      at: number,
      winner: string | { bot: 'rule' },
      loser: string | { bot: 'rule' },
    ) =>
      recordMatch(db, {
        id,
        at: iso(at),
        game: 'klaberjass',
        preset: 'hoyle',
        events: [
          {
            teams: [
              { members: [winner], rank: 1 },
              { members: [loser], rank: 2 },
            ],
          },
        ],
        hinted: [],
      });
    // Anna wins MIN_MATCHES matches against the rule bot; Ben wins once; the guest and the deleted account
    // play too, and Old played long ago.
    for (let i = 0; i < MIN_MATCHES; i++) await duel(`a${i}`, now - DAY + i, 'anna', { bot: 'rule' });
    await duel('b0', now - DAY, 'ben', 'guest');
    await duel('c0', now - DAY, 'gone', 'guest');
    await duel('o0', now - (ACTIVE_DAYS + 1) * DAY, 'old', 'ben');
    const created_at = iso(now);
    await db
      .insertInto('accounts')
      .values([
        {
          player_id: 'anna',
          name: 'Anna',
          name_key: 'anna',
          password_hash: null,
          created_at,
          deleted_at: null,
        },
        { player_id: 'ben', name: 'Ben', name_key: 'ben', password_hash: null, created_at, deleted_at: null },
        { player_id: 'old', name: 'Old', name_key: 'old', password_hash: null, created_at, deleted_at: null },
        {
          player_id: 'gone',
          name: 'Gone',
          name_key: 'gone',
          password_hash: null,
          created_at,
          deleted_at: created_at,
        },
      ])
      .execute();
    const r = await api<LeaderboardResponse>(srv.url, 'GET', '/api/leaderboard/klaberjass');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      game: 'klaberjass',
      preset: 'hoyle',
      minMatches: MIN_MATCHES,
      activeDays: ACTIVE_DAYS,
    });
    const rows = r.body.rows;
    expect(rows.map((x) => x.name)).toEqual(
      [...rows].sort((a, b) => b.rating.display - a.rating.display).map((x) => x.name),
    );
    expect(new Set(rows.map((x) => x.name))).toEqual(new Set(['Anna', 'Ben', 'Bot (rule)']));
    const anna = rows.find((x) => x.name === 'Anna')!;
    const ben = rows.find((x) => x.name === 'Ben')!;
    const bot = rows.find((x) => x.name === 'Bot (rule)')!;
    expect(anna.rating).toMatchObject({ matches: MIN_MATCHES, provisional: false });
    expect(ben.rating).toMatchObject({ matches: 2, provisional: true });
    expect(bot).toMatchObject({
      bot: 'rule',
      rating: { ...BOT_RATINGS.klaberjass.rule, provisional: false },
    });
    expect(bot.rating.display).toBe(displayOf(BOT_RATINGS.klaberjass.rule));
    expect(rows.map((x) => x.place)).toEqual([1, 2, 3]);
    expect(anna.lastPlayed).toBe(iso(now - DAY + MIN_MATCHES - 1));
    // Paging.
    const page = await api<LeaderboardResponse>(
      srv.url,
      'GET',
      '/api/leaderboard/klaberjass?preset=hoyle&offset=1&limit=1',
    );
    expect(page.body.rows).toEqual([rows[1]]);
  });

  it('an unknown game or preset, or a bad page, is a typed error', async () => {
    const game = await api(srv.url, 'GET', '/api/leaderboard/skat');
    expect(game.status).toBe(404);
    expect(game.body).toMatchObject({ code: 'not-found' });
    const preset = await api(srv.url, 'GET', '/api/leaderboard/doppelkopf?preset=hoyle');
    expect(preset.status).toBe(404);
    expect(preset.body).toMatchObject({ code: 'not-found', reason: expect.stringContaining('ddv, house') });
    const page = await api(srv.url, 'GET', '/api/leaderboard/doppelkopf?limit=1000');
    expect(page.status).toBe(400);
    expect(page.body).toMatchObject({ code: 'malformed' });
    const empty = await api<LeaderboardResponse>(srv.url, 'GET', '/api/leaderboard/doppelkopf?preset=house');
    expect(empty.body).toMatchObject({ game: 'doppelkopf', preset: 'house', rows: [] });
  });
});
