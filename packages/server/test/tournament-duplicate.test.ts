/**
 * A duplicate Doppelkopf tournament of 8 on the server (docs/tournaments.md, "On the server"), over the
 * wire: four accounts play as protocol clients (WebSocket, legal actions), four never come (the computer
 * plays their seats once their grace period runs out). Two rounds of four deals at two tables.
 *
 * Hidden state: every table of a round gets the same cards (seats rotated by the table's number); while a
 * table of the round still plays, the finished table's record, replay and analysis answer `not-finished`,
 * and nobody may watch the table still playing; every frame a client receives is exactly its own seat's
 * view of its own table (checked against a replay of that table's record), so no card of another table's
 * hands reaches it, and no other message carries a card but the reveal of its own table's finished deal.
 */
import { type AnyGame, type Card, gameById, isCard, parseRecord, replay } from '@stich/engine';
import { AROUND_API, type ServerMessage, TOURNAMENTS_API, type TournamentDetail } from '@stich/protocol';
import { standings } from '@stich/tournament';
import { describe, expect, it } from 'vitest';
import { autoplay, Conn, isState, serve } from './helpers.ts';
import { type Account, account, req, storedDeals, storedResults, tpath, until } from './tournaments.ts';

const A = TOURNAMENTS_API;

function cardsIn(x: unknown, out = new Set<Card>()): Set<Card> {
  if (typeof x === 'string') {
    if (isCard(x)) out.add(x);
  } else if (Array.isArray(x)) for (const v of x) cardsIn(v, out);
  else if (x && typeof x === 'object') for (const v of Object.values(x)) cardsIn(v, out);
  return out;
}

interface Seated {
  readonly who: Account;
  readonly round: number;
  readonly tableId: string;
  readonly seat: number;
  readonly conn: Conn;
}

describe('a duplicate Doppelkopf tournament of 8 (sqlite)', () => {
  const srv = serve('sqlite', { GRACE_SECONDS: '3' });
  const game = gameById('doppelkopf') as AnyGame;

  it('plays to the end with clients and computers, the same cards at each table, nothing leaked', async () => {
    const org = await account(srv.url, 'Org Dup');
    const field = await Promise.all(Array.from({ length: 8 }, (_, i) => account(srv.url, `Dup ${i + 1}`)));
    const clients = field.slice(0, 4);
    const made = await req(srv.url, org, 'POST', A.list, {
      name: 'Duplicate Cup',
      public: true,
      settings: { format: 'duplicate', game: 'doppelkopf', rounds: 2, games: 4, seed: 'dup-test' },
    });
    const id = made.body.id;
    for (const p of field) expect((await req(srv.url, p, 'POST', tpath(A.players, id), {})).status).toBe(200);
    expect((await req(srv.url, org, 'POST', tpath(A.start, id))).body.status).toBe('running');

    const seated: Seated[] = [];
    const sit = async (d: TournamentDetail, round: number, who: Account): Promise<Seated> => {
      const t = d.rounds[round].tables.find((x) => x.seats.some((s) => s.name === who.name))!;
      const seat = t.seats.findIndex((s) => s.name === who.name);
      const conn = await Conn.join(srv.url, t.tableId, { token: who.token });
      const s = { who, round, tableId: t.tableId, seat, conn };
      seated.push(s);
      return s;
    };

    // Round 0: one client (the first) sits down but holds back; the others play at once.
    const r0 = await until(srv.url, org, id, (d) => d.rounds.length === 1);
    const [held, ...playing] = await Promise.all(clients.map((c) => sit(r0, 0, c)));
    for (const s of playing) autoplay(s.conn, s.seat);
    const other = r0.rounds[0].tables.find((t) => t.tableId !== held.tableId)!;
    await until(srv.url, org, id, (d) => d.rounds[0].tables[other.table].status === 'done');

    // The other table is done, the held one is not: its deals are withheld from everyone.
    const otherPlayer = field.find((p) => p.name === other.seats[0].name)!;
    for (const path of [`/api/tables/${other.tableId}/record`, AROUND_API.replay, AROUND_API.analysis]) {
      const r = await req(srv.url, otherPlayer, 'GET', path.replace(':id', other.tableId));
      expect([r.status, r.body.code], path).toEqual([409, 'not-finished']);
    }
    // Nobody watches the table still playing the round's cards (not even its organizer).
    await expect(Conn.join(srv.url, held.tableId, { token: org.token, spectate: true })).rejects.toThrow(
      /forbidden/,
    );
    expect((await until(srv.url, org, id, () => true)).rounds.length).toBe(1);

    autoplay(held.conn, held.seat);
    const r1 = await until(srv.url, org, id, (d) => d.rounds.length === 2, 90_000);
    expect(r1.rounds[0].status).toBe('done');
    const rec = await req(srv.url, otherPlayer, 'GET', `/api/tables/${other.tableId}/record`);
    expect(rec.status).toBe(200);

    // Round 1: every client plays.
    for (const s of await Promise.all(clients.map((c) => sit(r1, 1, c)))) autoplay(s.conn, s.seat);
    const end = await until(srv.url, org, id, (d) => d.status === 'finished', 90_000);
    for (const s of seated) await s.conn.leave();

    // The clients came in time: not dropped; the absent four were played by the computer.
    expect([...end.dropped].sort()).toEqual(field.slice(4).map((p) => p.name));

    // The same cards at both tables of each round: table t's seat s holds hand (s + t) mod 4.
    const file = srv.db.env.SQLITE_FILE;
    for (const r of end.rounds) {
      const [a, b] = r.tables.map((t) => storedDeals(file, t.tableId));
      expect(a).toHaveLength(4);
      expect(b).toHaveLength(4);
      for (let d = 0; d < 4; d++)
        for (let s = 0; s < 4; s++)
          expect([...b[d].hands[s]].sort(), `round ${r.round} deal ${d} seat ${s}`).toEqual(
            [...a[d].hands[(s + 1) % 4]].sort(),
          );
      // And not the same cards as the other round.
    }
    expect(storedDeals(file, end.rounds[0].tables[0].tableId)[0].hands).not.toEqual(
      storedDeals(file, end.rounds[1].tables[0].tableId)[0].hands,
    );

    // Every frame a client got is its own seat's view of its own table.
    let checked = 0;
    for (const s of seated) {
      const r = await req(srv.url, s.who, 'GET', `/api/tables/${s.tableId}/record`);
      expect(r.status).toBe(200);
      const parsed = parseRecord(r.body);
      if (!parsed.ok) throw new Error(parsed.error.reason);
      const rp = replay<unknown>(game, parsed.value, true);
      if (!rp.ok) throw new Error(rp.error.reason);
      const states = rp.value.states!;
      const deals = parsed.value.deals as { hands: string[][] }[];
      for (const m of s.conn.messages as ServerMessage[]) {
        if (isState(m)) {
          expect(m.d.view).toEqual(game.viewFor(states[m.d.seq], s.seat));
          checked++;
        } else if (m.t === 'fair') {
          // Only a finished deal of this very table is revealed.
          const rev = m.d.revealed as { deal: number; dealt: { hands: string[][] } } | null;
          if (rev) expect(rev.dealt.hands).toEqual(deals[rev.deal].hands);
        } else expect(cardsIn(m), `${m.t} carries cards`).toEqual(new Set());
      }
    }
    expect(checked).toBeGreaterThan(100);

    // Standings: the core's matchpoints of the stored results.
    const results = await storedResults(srv.db.env, id);
    expect(results.map((x) => [x.round, x.table, x.rotation, x.games.length])).toEqual([
      [0, 0, 0, 4],
      [0, 1, 1, 4],
      [1, 0, 0, 4],
      [1, 1, 1, 4],
    ]);
    const byId = new Map(field.map((p) => [p.id, p.name]));
    const expected = standings(
      'duplicate',
      'doppelkopf',
      field.map((p) => p.id),
      results,
    ).map((x) => ({ ...x, player: byId.get(x.player) }));
    expect(end.standings).toEqual(expected);
  });
});
