/**
 * A Swiss Klaberjass tournament of 3 on the server (docs/tournaments.md): two-player tables of a whole
 * match each, a bye each round (stored as a won match without a table), nobody at the tables (the
 * computer plays the dropped players). Runs to its end; the standings are the core's of the stored results.
 */
import { TOURNAMENTS_API } from '@stich/protocol';
import { standings } from '@stich/tournament';
import { describe, expect, it } from 'vitest';
import { serve } from './helpers.ts';
import { account, req, storedResults, tpath, until } from './tournaments.ts';

const A = TOURNAMENTS_API;

describe('a Swiss tournament of 3 (sqlite)', () => {
  const srv = serve('sqlite', { GRACE_SECONDS: '1' });

  it('pairs, gives byes, plays whole matches and ranks as the core does', async () => {
    const org = await account(srv.url, 'Org Swiss');
    const field = await Promise.all(['Sw 1', 'Sw 2', 'Sw 3'].map((n) => account(srv.url, n)));
    const made = await req(srv.url, org, 'POST', A.list, {
      name: 'Swiss Cup',
      public: true,
      settings: { format: 'swiss', game: 'klaberjass', rounds: 2, seed: 'swiss' },
    });
    expect(made.status).toBe(201);
    const id = made.body.id;
    for (const p of field) expect((await req(srv.url, p, 'POST', tpath(A.players, id), {})).status).toBe(200);
    expect((await req(srv.url, org, 'POST', tpath(A.start, id))).body.status).toBe('running');
    const end = await until(srv.url, org, id, (d) => d.status === 'finished', 120_000);
    expect(end.rounds.map((r) => [r.status, r.tables.length, r.tables[0].seats.length])).toEqual([
      ['done', 1, 2],
      ['done', 1, 2],
    ]);
    // Nobody has a second bye while another has none.
    const byes = end.rounds.map((r) => r.bye);
    expect(new Set(byes).size).toBe(2);
    const results = await storedResults(srv.db.env, id);
    expect(results).toHaveLength(4);
    const byId = new Map(field.map((p) => [p.id, p.name]));
    const expected = standings(
      'swiss',
      'klaberjass',
      field.map((p) => p.id),
      results,
    ).map((x) => ({ ...x, player: byId.get(x.player) }));
    expect(end.standings).toEqual(expected);
  });
});
