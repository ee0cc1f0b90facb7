/**
 * Statistics (docs/statistics.md): the stored seat matches equal a full recomputation from the records, a
 * worked record's figures, a record that fails to replay, and GET /api/players/:name on a real server whose
 * finished match shows within seconds. SQLite, and PostgreSQL with STICH_TEST_DATABASE_URL.
 */
import { readFileSync } from 'node:fs';
import { GAME_META, type GameRecord, parseRecord, unwrap } from '@stich/engine';
import type { ProfileResponse } from '@stich/protocol';

interface ErrorResponse {
  readonly code: string;
  readonly reason: string;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context } from '../src/context.ts';
import { openDb } from '../src/db.ts';
import { nameKey } from '../src/names.ts';
import { accountByName, playerStats, recomputeStats, storeTable } from '../src/statsdb.ts';
import { Store } from '../src/store.ts';
import {
  api,
  autoplay,
  Conn,
  createTable,
  DB_KINDS,
  guest,
  isState,
  SHORT_OPTIONS,
  serve,
  type TestDb,
  testDb,
} from './helpers.ts';
import { matchRecord, seedMatch } from './statsseed.ts';

async function openStore(t: TestDb): Promise<Store> {
  const { db, driver } = await openDb({
    databaseUrl: t.env.DATABASE_URL ?? null,
    databaseSchema: t.env.DATABASE_SCHEMA ?? 'public',
    sqliteFile: t.env.SQLITE_FILE ?? ':memory:',
  });
  return new Store(db, driver);
}

const worked = (): GameRecord => {
  const r = unwrap(
    parseRecord(
      readFileSync(
        new URL('../../../examples/klaberjass/schmeiss-accepted-then-played.json', import.meta.url),
        'utf8',
      ),
    ),
  );
  // docs/rules/klaberjass.md "Worked deal" (146 against 40) ends a match played to 100.
  return { ...r, config: { players: 2, options: { target: 100 } } };
};

describe.each(DB_KINDS)('statistics from the records on %s', (kind) => {
  let t: TestDb;
  let store: Store;
  beforeAll(async () => {
    t = testDb(kind);
    store = await openStore(t);
  });
  afterAll(async () => {
    await store.db.destroy();
    await t.cleanup();
  });

  it('counts the worked Klaberjass deal as the rules doc gives it', async () => {
    const anna = (await store.createGuest('Anna')).player.id;
    const id = await seedMatch(store, {
      record: worked(),
      people: { 1: anna },
      level: 'search',
      hints: [1, 1],
    });
    const { games, recent } = await playerStats(store, anna);
    expect(games).toEqual([
      {
        game: 'klaberjass',
        preset: null,
        matches: 1,
        matchesWon: 1,
        matchesLost: 0,
        deals: 1,
        dealsWon: 1,
        dealsLost: 0,
        gamePoints: 146,
        cardPoints: 136,
        cardPointsAll: 136,
        counts: { maker: 1, made: 1, schmeiss: 1, 'schmeiss.accepted': 1 },
        vsBots: { search: { matches: 1, won: 1 } },
        hints: 2,
        histogram: { '146': 1 },
        rating: null,
      },
    ]);
    expect(recent).toEqual([
      expect.objectContaining({
        tableId: id,
        game: 'klaberjass',
        place: 1,
        players: 2,
        score: 146,
        hinted: true,
      }),
    ]);
  });

  it('stores each seat match once and equals a full recomputation from the records', async () => {
    const anna = (await store.createGuest('Anna')).player.id;
    const bob = (await store.createGuest('Bob')).player.id;
    const tables = [
      await seedMatch(store, {
        record: matchRecord('klapperjas', { players: 3, options: { target: 3 } }, 'k3'),
        people: { 1: anna },
        level: 'rule',
      }),
      await seedMatch(store, {
        record: matchRecord('klapperjas', { players: 4, options: { target: 3 } }, 'k4'),
        people: { 0: anna, 2: bob },
      }),
      await seedMatch(store, {
        record: matchRecord('differenzler', { players: 4, options: { rounds: 3 } }, 'd'),
        people: { 0: bob, 2: anna },
        hints: [2],
      }),
      await seedMatch(store, {
        record: matchRecord('doppelkopf', { players: 4, preset: 'house', options: { games: 3 } }, 'dh'),
        people: { 3: anna },
        level: 'search',
      }),
      await seedMatch(store, {
        record: matchRecord(
          'doppelkopf',
          { players: 4, preset: 'ddv', options: { games: 2, pflichtsolo: false } },
          'dd',
        ),
        people: { 0: anna, 1: bob },
      }),
    ];
    // A running match counts nothing.
    await seedMatch(store, {
      record: matchRecord('klaberjass', { players: 2, options: { target: 100 } }, 'kj'),
      people: { 0: anna },
      unfinished: true,
    });
    // Two matches stored by the end-of-match hook, the rest by the profile.
    await storeTable(store, tables[0]);
    await storeTable(store, tables[2]);
    const stored = await playerStats(store, anna);
    const full = await recomputeStats(store, anna);
    expect(stored).toEqual(full);
    expect(stored.games.map((g) => [g.game, g.preset, g.matches])).toEqual([
      ['differenzler', null, 1],
      ['doppelkopf', 'ddv', 1],
      ['doppelkopf', 'house', 1],
      ['klapperjas', null, 2],
    ]);
    expect(stored.recent).toHaveLength(5);
    const kj = stored.games.find((g) => g.game === 'klapperjas')!;
    expect(kj.vsBots).toEqual({ rule: { matches: 1, won: kj.vsBots.rule?.won }, random: expect.anything() });
    expect(kj.matchesWon + kj.matchesLost).toBe(2);
    expect(kj.dealsWon + kj.dealsLost).toBe(kj.deals);
    const diff = stored.games.find((g) => g.game === 'differenzler')!;
    expect(diff.deals).toBe(3);
    expect(diff.counts.distance).toBe(diff.gamePoints);
    expect(diff.hints).toBe(1);
    // The histogram holds every deal once.
    for (const g of stored.games) expect(Object.values(g.histogram).reduce((a, b) => a + b, 0)).toBe(g.deals);
    // Stored again: nothing changes (each seat's row once).
    for (const id of tables) await storeTable(store, id);
    expect(await playerStats(store, anna)).toEqual(full);
    const rows = await store.db
      .selectFrom('match_stats')
      .select('table_id')
      .where('player_id', '=', anna)
      .execute();
    expect(rows).toHaveLength(5);
    expect(await playerStats(store, bob)).toEqual(await recomputeStats(store, bob));
  });

  it('a record that does not replay is stored as failed and counts nothing', async () => {
    const cara = (await store.createGuest('Cara')).player.id;
    const id = await seedMatch(store, {
      record: matchRecord('differenzler', { players: 4, options: { rounds: 1 } }, 'bad'),
      people: { 0: cara },
    });
    await store.db
      .updateTable('steps')
      .set({ data: JSON.stringify({ t: 'nonsense' }) })
      .where('table_id', '=', id)
      .where('kind', '=', 'action')
      .execute();
    expect(await playerStats(store, cara)).toEqual({ games: [], recent: [] });
    const row = await store.db
      .selectFrom('match_stats')
      .select('data')
      .where('table_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.data)).toHaveProperty('failed');
  });

  it('finds an account by its name in any case, not a deleted one', async () => {
    const dora = (await store.createGuest('Dora')).player.id;
    const at = new Date().toISOString();
    await store.db
      .insertInto('accounts')
      .values({
        player_id: dora,
        name: 'Dora',
        name_key: nameKey('Dora'),
        password_hash: null,
        created_at: at,
        deleted_at: null,
      })
      .execute();
    expect(await accountByName(store.db, 'dORA')).toEqual({ playerId: dora, name: 'Dora', since: at });
    // A Cyrillic О reads as the Latin O: the same account.
    expect(await accountByName(store.db, 'D\u041eRA')).toEqual({ playerId: dora, name: 'Dora', since: at });
    await store.db.updateTable('accounts').set({ deleted_at: at }).where('player_id', '=', dora).execute();
    expect(await accountByName(store.db, 'Dora')).toBeUndefined();
  });
});

describe.each(DB_KINDS)('GET /api/players/:name on %s', (kind) => {
  const srv = serve(kind);
  const conns: Conn[] = [];
  afterAll(async () => {
    for (const c of conns) await c.leave();
  });

  async function account(playerId: string, name: string) {
    await context()
      .store.db.insertInto('accounts')
      .values({
        player_id: playerId,
        name,
        name_key: nameKey(name),
        password_hash: null,
        created_at: new Date().toISOString(),
        deleted_at: null,
      })
      .execute();
  }

  it('shows a finished match within seconds of its end, stored by the table itself', async () => {
    const anna = await guest(srv.url, 'Anna');
    await account(anna.id, 'Anna Maria');
    const game = 'klaberjass';
    const players = GAME_META[game]!.players[0];
    const r = await createTable(srv.url, anna.token, {
      game,
      players,
      options: SHORT_OPTIONS[game],
      seats: Array.from({ length: players }, (_, i) =>
        i === 0 ? { kind: 'human' } : { kind: 'bot', level: 'rule' },
      ),
      visibility: 'private',
      seat: 0,
    });
    const c = await Conn.join(srv.url, r.table.id, { token: anna.token });
    conns.push(c);
    autoplay(c, 0);
    await c.waitFor((m) => isState(m) && m.d.outcome?.over === true, 60_000);
    const ended = Date.now();
    // The row written by the end-of-match hook, not by the profile's catch-up.
    const db = context().store.db;
    for (;;) {
      const row = await db
        .selectFrom('match_stats')
        .select('seat')
        .where('table_id', '=', r.table.id)
        .executeTakeFirst();
      if (row) break;
      expect(Date.now() - ended).toBeLessThan(5000);
      await new Promise((res) => setTimeout(res, 50));
    }
    // The row the table stored is the one a full recomputation from the record gives.
    expect(await playerStats(context().store, anna.id)).toEqual(
      await recomputeStats(context().store, anna.id),
    );
    const p = await api<ProfileResponse>(srv.url, 'GET', `/api/players/${encodeURIComponent('anna maria')}`);
    expect(p.status).toBe(200);
    expect(p.body.player.name).toBe('Anna Maria');
    // The match was rated when it ended (against the rule level's fixed rating): one point of history.
    expect(p.body.ratingHistory).toEqual([expect.objectContaining({ game, at: expect.any(String) })]);
    expect(p.body.games).toHaveLength(1);
    const g = p.body.games[0];
    expect(g).toMatchObject({ game, matches: 1, hints: 0 });
    expect(g.rating).toMatchObject({ matches: 1, provisional: true });
    expect(g.rating?.display).toBe(p.body.ratingHistory[0].display);
    expect(g.vsBots.rule?.matches).toBe(1);
    expect(g.deals).toBeGreaterThan(0);
    expect(p.body.recent).toEqual([
      expect.objectContaining({ tableId: r.table.id, players: 2, hinted: false }),
    ]);
  });

  it('answers not-found for an unknown or deleted account and malformed for a bad name', async () => {
    const unknown = await api<ErrorResponse>(srv.url, 'GET', '/api/players/Nobody');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not-found');
    const ben = await guest(srv.url, 'Ben');
    await account(ben.id, 'Ben');
    expect((await api(srv.url, 'GET', '/api/players/Ben')).status).toBe(200);
    await context()
      .store.db.updateTable('accounts')
      .set({ deleted_at: new Date().toISOString() })
      .where('player_id', '=', ben.id)
      .execute();
    const gone = await api<ErrorResponse>(srv.url, 'GET', '/api/players/Ben');
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('not-found');
    for (const bad of ['x', encodeURIComponent('<script>'), '%E0%A4%A', 'a'.repeat(80)]) {
      const r = await api<ErrorResponse>(srv.url, 'GET', `/api/players/${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.code).toBe('malformed');
    }
  });
});
