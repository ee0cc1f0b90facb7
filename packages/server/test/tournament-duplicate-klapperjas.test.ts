/**
 * A duplicate Klapper-Jas tournament of 8 on the server (docs/tournaments.md, "Duplicate tables in
 * parts"): two people (who never come: the computer plays their seats after the grace period) and six
 * computer entrants (`fill`), two rounds of four deals at two tables. Klapper-Jas's match runs to a points
 * target, so each deal is a part of its own: a fresh one-deal match, deal p dealt by seat p mod 4 at every
 * table, with the round's cards for deal p, seat s holding hand (s + rotation) mod 4.
 *
 * Checks: the tournament runs to its end; every table of a round holds the same cards for each deal, seats
 * rotated; a finished part's record is withheld while the round plays on; the standings answered are the
 * core's `standings` of the stored results.
 */
import { type TableResponse, TOURNAMENTS_API, type TournamentDetail } from '@stich/protocol';
import { standings } from '@stich/tournament';
import { describe, expect, it } from 'vitest';
import { tournamentOfTable } from '../src/tournaments-tables.ts';
import { DB_KINDS, serve } from './helpers.ts';
import { account, req, storedResults, tpath, until, withDb } from './tournaments.ts';

const A = TOURNAMENTS_API;
const ROUNDS = 2;
const DEALS = 4;

describe.each(DB_KINDS)('a duplicate Klapper-Jas tournament of 8 (%s)', (kind) => {
  const srv = serve(kind, { GRACE_SECONDS: '1' });

  it('plays each deal as a part, the same cards at both tables, standings as the core computes', async () => {
    const org = await account(srv.url, 'Org KJ');
    const people = await Promise.all(['KJ 1', 'KJ 2'].map((n) => account(srv.url, n)));
    const made = await req(srv.url, org, 'POST', A.list, {
      name: 'Klapper Cup',
      public: true,
      settings: { format: 'duplicate', game: 'klapperjas', rounds: ROUNDS, games: DEALS, seed: 'kj-dup' },
    });
    expect(made.status).toBe(201);
    const id = made.body.id;
    for (const p of people)
      expect((await req(srv.url, p, 'POST', tpath(A.players, id), {})).status).toBe(200);
    const started = await req(srv.url, org, 'POST', tpath(A.start, id));
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('running');
    expect(started.body.players).toHaveLength(8);

    // A finished part (deal 0) of the first person's table is withheld while the round plays on.
    const who = people[0];
    const mine = (d: TournamentDetail) =>
      d.rounds[0]?.tables.find((t) => t.seats.some((s) => s.name === who.name));
    const mid = await until(srv.url, org, id, (d) => (mine(d)?.played ?? 0) >= 1);
    expect(mid.rounds[0].status).toBe('playing');
    const table = mine(mid)!;
    const part0 = await withDb(srv.db.env, (db) =>
      db
        .selectFrom('tournament_parts')
        .select('table_id')
        .where('tournament_id', '=', id)
        .where('round', '=', 0)
        .where('table_no', '=', table.table)
        .where('part', '=', 0)
        .executeTakeFirstOrThrow(),
    );
    expect(part0.table_id).not.toBe(table.tableId);
    const early = await req(srv.url, who, 'GET', `/api/tables/${part0.table_id}/record`);
    expect([early.status, early.body.code]).toEqual([409, 'not-finished']);
    // The finished part's info and the part in play name their tournament (the browser follows it on).
    for (const part of [part0.table_id, table.tableId]) {
      const info = await req<TableResponse>(srv.url, who, 'GET', `/api/tables/${part}`);
      expect([info.status, info.body.table.tournament], part).toEqual([200, id]);
    }

    const end = await until(srv.url, org, id, (d) => d.status === 'finished', 150_000);
    expect(end.rounds.map((r) => r.tables.map((t) => [t.status, t.played, t.games]))).toEqual(
      Array(ROUNDS).fill([
        ['done', DEALS, DEALS],
        ['done', DEALS, DEALS],
      ]),
    );
    expect([...end.dropped].sort()).toEqual(people.map((p) => p.name));

    // Each part's table, its dealer and its first deal (a deal nobody plays is dealt again within the
    // part; the first deal is the round's, the same at every table).
    const parts = await withDb(srv.db.env, async (db) => {
      const rows = await db
        .selectFrom('tournament_parts')
        .innerJoin('tables', 'tables.id', 'tournament_parts.table_id')
        .select(['table_id', 'round', 'table_no', 'part', 'tables.dealer as dealer'])
        .where('tournament_id', '=', id)
        .orderBy('round')
        .orderBy('table_no')
        .orderBy('part')
        .execute();
      return Promise.all(
        rows.map(async (r) => {
          const step = await db
            .selectFrom('steps')
            .select('data')
            .where('table_id', '=', r.table_id)
            .where('kind', '=', 'deal')
            .orderBy('seq')
            .executeTakeFirstOrThrow();
          const data = typeof step.data === 'string' ? JSON.parse(step.data) : step.data;
          return {
            at: [Number(r.round), Number(r.table_no), Number(r.part)],
            table: r.table_id,
            dealer: Number(r.dealer),
            hands: (data as { hands: string[][] }).hands,
          };
        }),
      );
    });
    const at = (r: number, t: number, p: number) =>
      parts.find((x) => x.at[0] === r && x.at[1] === t && x.at[2] === p)!;
    expect(parts).toHaveLength(ROUNDS * 2 * DEALS);
    for (let r = 0; r < ROUNDS; r++)
      for (let p = 0; p < DEALS; p++) {
        const [a, b] = [at(r, 0, p), at(r, 1, p)];
        // Deal p is dealt by seat p mod 4 at every table (as the practice runner deals it).
        expect([a.dealer, b.dealer], `round ${r} deal ${p}`).toEqual([p % 4, p % 4]);
        // Table 1 (rotation 1): seat s holds hand (s + 1) mod 4 of table 0's deal.
        for (let s = 0; s < 4; s++)
          expect([...b.hands[s]].sort(), `round ${r} deal ${p} seat ${s}`).toEqual(
            [...a.hands[(s + 1) % 4]].sort(),
          );
        // Another deal (or round) has other cards.
        if (p > 0) expect(a.hands).not.toEqual(at(r, 0, p - 1).hands);
      }
    expect(at(1, 0, 0).hands).not.toEqual(at(0, 0, 0).hands);

    // A table opened after the people dropped out knows them: their seats there get the short grace
    // (DROPPED_GRACE_MS) instead of the whole period again at every part.
    const dropped = (table: string) =>
      withDb(srv.db.env, async (db) => [...((await tournamentOfTable(db, table))?.dropped ?? [])].sort());
    expect(await dropped(at(ROUNDS - 1, 0, DEALS - 1).table)).toEqual(people.map((p) => p.id).sort());

    // Once the round is done, its parts' records are published.
    const late = await req(srv.url, who, 'GET', `/api/tables/${part0.table_id}/record`);
    expect(late.status).toBe(200);

    // The results: one game per deal, numbered, the tables' rotations; standings: the core's matchpoints.
    const results = await storedResults(srv.db.env, id);
    expect(results.map((x) => [x.round, x.table, x.rotation, x.games.map((g) => g.deal)])).toEqual([
      [0, 0, 0, [0, 1, 2, 3]],
      [0, 1, 1, [0, 1, 2, 3]],
      [1, 0, 0, [0, 1, 2, 3]],
      [1, 1, 1, [0, 1, 2, 3]],
    ]);
    // Klapper-Jas's 4-player deal awards its game points to one party of two: two seats score.
    for (const x of results)
      for (const g of x.games) expect(g.scores.filter((v) => (v ?? 0) > 0)).toHaveLength(2);
    const ids = await withDb(srv.db.env, (db) =>
      db.selectFrom('tournaments').select('players').where('id', '=', id).executeTakeFirstOrThrow(),
    );
    const field = JSON.parse(ids.players) as string[];
    expect(field).toHaveLength(8);
    const names = new Map(people.map((p) => [p.id, p.name]));
    const expected = standings('duplicate', 'klapperjas', field, results).map((x) => ({
      ...x,
      player: names.get(x.player) ?? `Computer ${x.player.slice('computer:'.length)}`,
    }));
    expect(end.standings).toEqual(expected);
    expect(end.standings).toHaveLength(8);
  }, 180_000);
});
