/**
 * A whole DDV tournament on the server (docs/tournaments.md, "On the server"): 16 accounts register, the
 * organizer starts it, and nobody comes to the tables: every player drops out when his grace period runs
 * out, and the computer plays his seat (marked `dropped`). Two series of four games at four tables each;
 * the tournament must run to its end by itself, each series drawn when the last table of the one before
 * is done, and the standings it answers must be the core's `standings` of the results it stored.
 */
import { TOURNAMENTS_API, type TournamentDetail } from '@stich/protocol';
import { standings } from '@stich/tournament';
import { describe, expect, it } from 'vitest';
import { DB_KINDS, serve } from './helpers.ts';
import { account, req, storedResults, tpath, until, withDb } from './tournaments.ts';

const A = TOURNAMENTS_API;

describe.each(DB_KINDS)('DDV tournaments (%s)', (kind) => {
  const srv = serve(kind, { GRACE_SECONDS: '1' });

  it('runs two series to the end with computers for the absent, standings as the core computes', async () => {
    const org = await account(srv.url, 'Org DDV');
    const names = Array.from({ length: 16 }, (_, i) => `Spieler ${String(i + 1).padStart(2, '0')}`);
    const field = await Promise.all(names.map((n) => account(srv.url, n)));
    const made = await req(srv.url, org, 'POST', A.list, {
      name: 'DDV Cup',
      public: true,
      settings: { format: 'ddv', rounds: 2, games: 4, seed: 'ddv-test' },
    });
    expect(made.status).toBe(201);
    const id = made.body.id;
    for (const p of field) expect((await req(srv.url, p, 'POST', tpath(A.players, id), {})).status).toBe(200);
    const started = await req(srv.url, org, 'POST', tpath(A.start, id));
    expect(started.body.status).toBe('running');

    // The first series is drawn: four tables of four, every player once.
    const first = await until(srv.url, org, id, (d) => d.rounds.length === 1);
    expect(first.rounds[0].tables.map((t) => t.seats.length)).toEqual([4, 4, 4, 4]);
    expect(first.rounds[0].tables.flatMap((t) => t.seats.map((s) => s.name)).sort()).toEqual(names);

    const end: TournamentDetail = await until(srv.url, org, id, (d) => d.status === 'finished', 120_000);
    expect(end.rounds.map((r) => r.status)).toEqual(['done', 'done']);
    for (const r of end.rounds)
      for (const t of r.tables) expect([t.status, t.played, t.games]).toEqual(['done', 4, 4]);
    // Nobody came: every player dropped out and was played by the computer.
    expect([...end.dropped].sort()).toEqual(names);
    expect(end.rounds[1].tables.every((t) => t.seats.every((s) => s.dropped && !s.bot))).toBe(true);
    // The second series avoids the first one's meetings where it can (16 players: nobody meets twice).
    const met = new Set<string>();
    for (const r of end.rounds)
      for (const t of r.tables)
        for (const a of t.seats)
          for (const b of t.seats)
            if (a.name < b.name) {
              const k = `${a.name}|${b.name}`;
              expect(met.has(k), `${k} met twice`).toBe(false);
              met.add(k);
            }

    // The standings answered are the core's of the stored results (ids mapped to names).
    const results = await storedResults(srv.db.env, id);
    expect(results).toHaveLength(8);
    for (const r of results) expect(r.games).toHaveLength(4);
    const byId = new Map(field.map((p) => [p.id, p.name]));
    const expected = standings(
      'ddv',
      'doppelkopf',
      field.map((p) => p.id),
      results,
    ).map((s) => ({ ...s, player: byId.get(s.player) }));
    expect(end.standings).toEqual(expected);
    expect(end.standings).toHaveLength(16);
    // DDV scores are plus/minus: every game's scores sum to zero, and so do the totals.
    expect(end.standings.reduce((a, s) => a + s.total, 0)).toBe(0);

    // The tables were ordinary tables: their records are published once over (DDV deals are not shared).
    const tableId = end.rounds[0].tables[0].tableId;
    const player = field.find((p) => p.name === end.rounds[0].tables[0].seats[0].name)!;
    const rec = await req(srv.url, player, 'GET', `/api/tables/${tableId}/record`);
    expect(rec.status).toBe(200);
  }, 180_000);

  it('fills a field of 6 with two computers (6 cannot sit at tables of four and five)', async () => {
    const org = await account(srv.url, 'Org Fill');
    const six = await Promise.all(Array.from({ length: 6 }, (_, i) => account(srv.url, `Fill ${i + 1}`)));
    const made = await req(srv.url, org, 'POST', A.list, {
      name: 'Fill Cup',
      public: true,
      settings: { format: 'ddv', rounds: 1, games: 4 },
    });
    const id = made.body.id;
    for (const p of six) await req(srv.url, p, 'POST', tpath(A.players, id), {});
    const started = await req(srv.url, org, 'POST', tpath(A.start, id));
    expect(started.body.players).toEqual([...six.map((p) => p.name), 'Computer 1', 'Computer 2']);
    const end = await until(srv.url, org, id, (d) => d.status === 'finished', 60_000);
    const seats = end.rounds[0].tables.flatMap((t) => t.seats);
    expect(
      seats
        .filter((s) => s.bot)
        .map((s) => s.name)
        .sort(),
    ).toEqual(['Computer 1', 'Computer 2']);
    // Computers never drop out; the six absent people do.
    expect([...end.dropped].sort()).toEqual(six.map((p) => p.name));
    expect(end.standings.map((s) => s.player).sort()).toEqual(
      [...six.map((p) => p.name), 'Computer 1', 'Computer 2'].sort(),
    );
  });

  it('plays a table of five game by game, its dealer sitting out, next to a table of four', async () => {
    const org = await account(srv.url, 'Org Five');
    const nine = await Promise.all(Array.from({ length: 9 }, (_, i) => account(srv.url, `Five ${i + 1}`)));
    const made = await req(srv.url, org, 'POST', A.list, {
      name: 'Five Cup',
      public: true,
      settings: { format: 'ddv', rounds: 2, games: 4, fill: false, seed: 'five' },
    });
    const id = made.body.id;
    for (const p of nine) await req(srv.url, p, 'POST', tpath(A.players, id), {});
    expect((await req(srv.url, org, 'POST', tpath(A.start, id))).body.players).toHaveLength(9);
    const end = await until(srv.url, org, id, (d) => d.status === 'finished', 120_000);
    for (const r of end.rounds)
      expect(r.tables.map((t) => [t.seats.length, t.status, t.played, t.games])).toEqual([
        [4, 'done', 4, 4],
        [5, 'done', 5, 5],
      ]);
    const results = await storedResults(srv.db.env, id);
    // Game i: the player at seat i mod 5 sat out (null), the other four scored.
    for (const r of results.filter((x) => x.players.length === 5))
      r.games.forEach((g, i) => {
        expect(g.scores.map((x) => x === null)).toEqual([0, 1, 2, 3, 4].map((s) => s === i % 5));
        expect((g.scores as number[]).filter((x) => x !== null).reduce((a, x) => a + x, 0)).toBe(0);
      });
    const byId = new Map(nine.map((p) => [p.id, p.name]));
    const expected = standings(
      'ddv',
      'doppelkopf',
      nine.map((p) => p.id),
      results,
    ).map((x) => ({ ...x, player: byId.get(x.player) }));
    expect(end.standings).toEqual(expected);
    // Everyone played as many games: 4 a series.
    expect(end.standings.map((x) => x.games)).toEqual(Array(9).fill(8));
  }, 150_000);

  it('plays the house preset (004) at a table of four and one of five, standings as the core computes', async () => {
    const org = await account(srv.url, 'Org House');
    const nine = await Promise.all(Array.from({ length: 9 }, (_, i) => account(srv.url, `House ${i + 1}`)));
    const made = await req(srv.url, org, 'POST', A.list, {
      name: 'House Cup',
      public: true,
      settings: { format: 'ddv', preset: 'house', rounds: 1, games: 4, fill: false, seed: 'house' },
    });
    expect(made.status).toBe(201);
    const id = made.body.id;
    for (const p of nine) await req(srv.url, p, 'POST', tpath(A.players, id), {});
    const started = await req(srv.url, org, 'POST', tpath(A.start, id));
    expect([started.status, started.body.settings?.preset]).toEqual([200, 'house']);
    const end = await until(srv.url, org, id, (d) => d.status === 'finished', 120_000);
    expect(end.rounds[0].tables.map((t) => [t.seats.length, t.status, t.played, t.games])).toEqual([
      [4, 'done', 4, 4],
      [5, 'done', 5, 5],
    ]);
    // Every table (and every part of the table of five) was set up with the house preset.
    const configs = await withDb(srv.db.env, async (db) => {
      const ids = [
        ...(await db
          .selectFrom('tournament_tables')
          .select('table_id')
          .where('tournament_id', '=', id)
          .execute()),
        ...(await db
          .selectFrom('tournament_parts')
          .select('table_id')
          .where('tournament_id', '=', id)
          .execute()),
      ].map((r) => r.table_id);
      const rows = await db.selectFrom('tables').select(['id', 'config']).where('id', 'in', ids).execute();
      return rows.map((r) => (typeof r.config === 'string' ? JSON.parse(r.config) : r.config));
    });
    // The table of four and the five parts (the row points at the last part, counted once).
    expect(configs).toHaveLength(6);
    for (const c of configs) expect(c.preset).toBe('house');
    const results = await storedResults(srv.db.env, id);
    const byId = new Map(nine.map((p) => [p.id, p.name]));
    const expected = standings(
      'ddv',
      'doppelkopf',
      nine.map((p) => p.id),
      results,
    ).map((x) => ({ ...x, player: byId.get(x.player) }));
    expect(end.standings).toEqual(expected);
    expect(end.standings.map((x) => x.games)).toEqual(Array(9).fill(4));
  }, 150_000);
});
