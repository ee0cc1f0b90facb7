/**
 * Doppelkopf at the table (issue 14, part "Server"), both presets, on SQLite and PostgreSQL: quick play
 * against computer players to the end with its record, replay and rematch; announcements of optional
 * actors through the room while another seat is to play; a table restored from its record in the middle
 * of an Armut exchange, a Vorbehalt round and after announcements (the server stopped and started again
 * on the same database); a bot standing in for a player who left in the middle of his Armut, and the
 * player taking his seat back. Deals are chosen where a test needs a contract (test/doko.ts).
 */

import { matchMaker } from '@colyseus/core';
import {
  type Action,
  type DoppelkopfOutcome,
  type DoppelkopfView,
  parseRecord,
  replay,
  type Seat,
  seeded,
} from '@stich/engine';
import type { RematchResponse, ReplayResponse, StateUpdate, TableInfo } from '@stich/protocol';
import { replaySession } from '@stich/protocol/replay';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { choose, DOKO, plannedDealer, type Want } from './doko.ts';
import {
  api,
  autoplay,
  Conn,
  createTable,
  DB_KINDS,
  type DbKind,
  guest,
  isState,
  serve,
  startTestServer,
  testDb,
} from './helpers.ts';

const PRESETS = ['ddv', 'house'] as const;
/** One deal; the DDV preset without Pflichtsoli (a one-deal match would be a Vorführung). */
const ONE_DEAL: Record<(typeof PRESETS)[number], object> = {
  ddv: { games: 1, pflichtsolo: false },
  // Three Armut cards whatever the poor player's trumps, so the Armut stops below are reached on every deal.
  house: { games: 1, armut: 'three' },
};

const view = (u: StateUpdate) => u.view as DoppelkopfView;
const is = (a: unknown, t: string, field?: string, value?: string) =>
  typeof a === 'object' &&
  a !== null &&
  (a as { t: string }).t === t &&
  (field === undefined || (a as Record<string, unknown>)[field] === value);

/** Four guests seated at a new all-human table; their connections and seat tokens. */
async function seatedTable(
  url: string,
  preset: string,
  options: object,
  planned?: { plan(table: string, wants: readonly Want[]): void; wants: readonly Want[] },
  extra: object = {},
) {
  const guests = await Promise.all([0, 1, 2, 3].map((i) => guest(url, `D${i}`)));
  const r = await createTable(url, guests[0].token, {
    game: 'doppelkopf',
    players: 4,
    preset,
    options,
    seats: guests.map(() => ({ kind: 'human' })),
    ...extra,
  });
  const id = r.table.id;
  planned?.plan(id, planned.wants);
  const conns: Conn[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < 4; i++) {
    const c = await Conn.join(url, id, { token: guests[i].token, seat: i });
    const w = await c.waitFor((m) => m.t === 'welcome');
    tokens.push(w.t === 'welcome' ? w.d.seatToken! : '');
    conns.push(c);
  }
  return { id, guests, conns, tokens };
}

/**
 * Plays the seats of `conns` (null: not connected, a bot plays it) one step at a time: each seat to act
 * picks from its view and legal actions. Stops before acting on the first update `stop` accepts, or when
 * the match is over; returns that update (as seen by the first connected seat).
 */
async function drive(
  conns: readonly (Conn | null)[],
  pick: (u: StateUpdate, seat: Seat) => Action,
  stop: (u: StateUpdate) => boolean = () => false,
  from = -1,
): Promise<StateUpdate> {
  const live = conns.filter((c): c is Conn => c !== null);
  let seq = from;
  for (let k = 0; k < 3000; k++) {
    const m = await live[0].waitFor(
      (x) => isState(x) && x.d.seq > seq && (x.d.view.toAct.length > 0 || x.d.outcome !== null),
      30_000,
    );
    if (!isState(m)) throw new Error('no state');
    seq = m.d.seq;
    await Promise.all(live.map((c) => c.waitFor((x) => isState(x) && x.d.seq >= seq, 30_000)));
    if (m.d.outcome !== null || stop(m.d)) return m.d;
    const seat = m.d.view.toAct[0] as Seat;
    const c = conns[seat];
    if (c) c.request('act', { action: pick(c.latest()!, seat), seq });
  }
  throw new Error('the match did not end');
}

/** The current update of a connection, asked for (sync) rather than taken from what has arrived. */
async function snapshot(c: Conn): Promise<StateUpdate> {
  const id = c.request('sync', {});
  const m = await c.waitFor((x) => isState(x) && x.id === id);
  return (m as { d: StateUpdate }).d;
}

describe.each(DB_KINDS)('Doppelkopf at the table (%s)', (kind: DbKind) => {
  const planned = plannedDealer();

  describe('one server', () => {
    const srv = serve(kind, { GRACE_SECONDS: '2' }, { dealer: planned.dealer });
    const open: Conn[] = [];
    afterAll(async () => {
      for (const c of open) await c.leave();
    });

    describe.each(PRESETS)('%s preset', (preset) => {
      it('quick play: a whole match against computer players, its record, replay and rematch', async () => {
        const me = await guest(srv.url, 'Anna');
        const r = await api<{ table: TableInfo; seat: number }>(
          srv.url,
          'POST',
          '/api/play-now',
          { game: 'doppelkopf', preset, level: 'random', options: { ...ONE_DEAL[preset], games: 2 } },
          me.token,
        );
        expect(r.status).toBe(201);
        const id = r.body.table.id;
        const c = await Conn.join(srv.url, id, { token: me.token });
        open.push(c);
        // She answers only where she is the seat to act: nobody waits for her optional calls.
        autoplay(c, 0);
        const end = await c.waitFor((m) => isState(m) && m.d.outcome !== null, 60_000);
        const outcome = (isState(end) ? end.d.outcome : null) as DoppelkopfOutcome | null;
        expect(outcome?.over).toBe(true);
        expect(outcome?.deals.filter((d) => d.contract.kind !== 'redeal')).toHaveLength(2);

        const rec = await api(srv.url, 'GET', `/api/tables/${id}/record`, undefined, me.token);
        const parsed = parseRecord(rec.body);
        if (!parsed.ok) throw new Error(parsed.error.reason);
        const rp = replay<unknown>(DOKO, parsed.value, true);
        if (!rp.ok) throw new Error(rp.error.reason);
        expect(DOKO.outcome(rp.value.state)).toEqual(outcome);

        const shown = await api<ReplayResponse>(
          srv.url,
          'GET',
          `/api/tables/${id}/replay`,
          undefined,
          me.token,
        );
        expect(shown.status).toBe(200);
        const session = replaySession(shown.body.record, shown.body.viewer);
        if (!session.ok) throw new Error(session.reason);
        const states = rp.value.states!;
        expect(session.value.length).toBe(states.length);
        for (const k of [1, Math.floor(states.length / 2), states.length - 1]) {
          expect(session.value.step(k).view).toEqual(DOKO.viewFor(states[k], 0));
          for (let s = 0; s < 4; s++)
            expect(session.value.step(k).hands[s]).toEqual(
              (DOKO.viewFor(states[k], s) as DoppelkopfView).hand,
            );
        }

        const again = await api<RematchResponse>(
          srv.url,
          'POST',
          `/api/tables/${id}/rematch`,
          undefined,
          me.token,
        );
        expect(again.status).toBe(200);
        expect(again.body.table).toMatchObject({ game: 'doppelkopf', preset, status: 'waiting' });
        const c2 = await Conn.join(srv.url, again.body.table.id, { token: me.token });
        open.push(c2);
        // The rematch starts at once (three computer players) with the next dealer.
        const first = await c2.waitFor((m) => isState(m) && m.d.view.phase !== 'deal', 30_000);
        const oldDealer = (DOKO.viewFor(states[1], 0) as DoppelkopfView).dealer;
        expect(isState(first) && view(first.d).dealer).toBe((oldDealer + 1) % 4);
      });

      it('takes announcements of optional actors while another seat is to play, and nothing else out of turn', async () => {
        // With a turn timer, long enough never to run out here.
        const t = await seatedTable(srv.url, preset, ONE_DEAL[preset], undefined, { turnTimer: 60 });
        open.push(...t.conns);
        const [c0, c1] = t.conns;
        autoplay(t.conns[2], 2);
        autoplay(t.conns[3], 3);
        // Seats 0 and 1 say gesund and play their first card, until seat 1 is to play and seat 0 may announce.
        const firstLegal = (u: StateUpdate) => u.legal.find((a) => is(a, 'healthy')) ?? u.legal[0];
        const at = await drive(
          [c0, c1, null, null],
          firstLegal,
          (u) =>
            u.view.phase === 'play' &&
            u.view.toAct[0] === 1 &&
            u.view.toAct.includes(0) &&
            c0.latest()!.seq === u.seq &&
            c0.latest()!.legal.some((a) => is(a, 'announce')),
        );
        expect(at.outcome).toBeNull();
        const mine = c0.latest()!;
        const call = mine.legal.find((a) => is(a, 'announce'))!;
        // A card out of turn is refused and changes nothing.
        const card = mine.legal.find((a) => is(a, 'play'));
        expect(card).toBeUndefined();
        const wrong = c0.request('act', { action: { t: 'play', card: view(mine).hand[0] }, seq: at.seq });
        const e = await c0.waitFor((m) => m.t === 'error' && m.id === wrong);
        expect(e.t === 'error' && e.d.code).toBe('not-your-turn');
        expect((await snapshot(c0)).seq).toBe(at.seq);
        // The announcement is taken: everyone sees it, and seat 1 is still to play.
        const rid = c0.request('act', { action: call, seq: at.seq });
        const done = await c0.waitFor((m) => (isState(m) || m.t === 'error') && m.id === rid);
        expect(isState(done) && done.d.seq).toBe(at.seq + 1);
        const seen = await c1.waitFor((m) => isState(m) && m.d.seq === at.seq + 1);
        if (!isState(seen)) return;
        expect(view(seen.d).announcements.at(-1)).toMatchObject({
          seat: 0,
          call: (call as unknown as { call: string }).call,
        });
        expect(seen.d.view.toAct[0]).toBe(1);
        // Seat 1 keeps its deadline: calls around it do not give it more time.
        expect(at.deadline).not.toBeNull();
        expect(seen.d.deadline).toBe(at.deadline);
        // Nothing more now: `quiet` takes seat 0 off the optional actors until the next card.
        if (seen.d.view.toAct.includes(0)) {
          const q = c0.request('act', { action: { t: 'quiet' }, seq: at.seq + 1 });
          const qd = await c0.waitFor((m) => (isState(m) || m.t === 'error') && m.id === q);
          expect(isState(qd) && qd.d.view.toAct).not.toContain(0);
          expect(isState(qd) && qd.d.legal).toEqual([]);
          expect(isState(qd) && qd.d.deadline).toBe(at.deadline);
        }
        // And the deal plays on to the end.
        const end = await drive([c0, c1, null, null], firstLegal, () => false, at.seq);
        expect(end.outcome?.over).toBe(true);
      });
    });

    it('the SDK reconnects a seat cut off while the Armut is offered to it, into the same view', async () => {
      const t = await seatedTable(
        srv.url,
        'house',
        { games: 1, armut: 'three' },
        { plan: planned.plan, wants: ['armut'] },
      );
      open.push(...t.conns);
      const rng = seeded('reconnect');
      const pick = (u: StateUpdate): Action => choose('armut', view(u), u.legal, rng);
      const offered = await drive(t.conns, pick, (u) => (view(u).house?.armut?.at ?? -1) >= 0);
      const seat = view(offered).house!.armut!.at;
      const c = t.conns[seat];
      const before = await snapshot(c);
      expect(before.legal.map((a) => (a as unknown as { t: string }).t).sort()).toEqual(['shove', 'take']);
      c.room.reconnection.minUptime = 0;
      const reconnected = new Promise<void>((resolve) => c.room.onReconnect(() => resolve()));
      // Cut the connection abruptly from the server's side, as a network failure would.
      const room = matchMaker.getLocalRoomById(t.id);
      const client = room.clients.find((x) => x.sessionId === c.room.sessionId);
      (client as unknown as { ref: { terminate(): void } }).ref.terminate();
      await reconnected;
      const after = await snapshot(c);
      expect(after.seq).toBe(before.seq);
      expect(after.view).toEqual(before.view);
      expect(after.legal).toEqual(before.legal);
      // It takes the cards over the same connection, and the deal plays on to the end.
      const end = await drive(t.conns, pick, () => false, before.seq - 1);
      expect((end.outcome as DoppelkopfOutcome | null)?.deals[0].contract).toMatchObject({
        kind: 'armut',
        partner: seat,
      });
    });

    it('a bot stands in for the poor player who left in the middle of his Armut; he takes his seat back', async () => {
      const t = await seatedTable(
        srv.url,
        'house',
        { games: 2, armut: 'three' },
        { plan: planned.plan, wants: ['armut'] },
      );
      const conns: (Conn | null)[] = [...t.conns];
      open.push(...t.conns);
      const rng = seeded('takeover');
      const pick = (u: StateUpdate): Action => choose('armut', view(u), u.legal, rng);
      // The poor player gives his first card, then leaves.
      const giving = await drive(conns, pick, (u) => view(u).house?.armut?.given === 1);
      const poor = view(giving).house!.armut!.poor;
      const watcher = t.conns[(poor + 2) % 4];
      await t.conns[poor].leave();
      conns[poor] = null;
      const took = await watcher.waitFor(
        (m) => m.t === 'table' && m.d.seats[poor].botActive && !m.d.seats[poor].connected,
        10_000,
      );
      expect(took.t).toBe('table');
      // His bot gives the other cards; the others take the Armut and play on through his turns.
      const played = await drive(conns, pick, (u) => inPlay(u) && view(u).tricks.length >= 2, giving.seq);
      expect(view(played).contract).toMatchObject({ kind: 'armut', declarer: poor });
      // He comes back with his guest token: his seat, his cards, the Armut cards he gave and got back.
      const back = await Conn.join(srv.url, t.id, { token: t.guests[poor].token });
      open.push(back);
      const w = await back.waitFor((m) => m.t === 'welcome');
      expect(w.t === 'welcome' && w.d.seat).toBe(poor);
      expect(w.t === 'welcome' && w.d.table.seats[poor]).toMatchObject({ connected: true, botActive: false });
      const mine = await snapshot(back);
      expect(view(mine).house?.armut?.givenCards).toHaveLength(3);
      expect(view(mine).house?.armut?.returnedCards).toHaveLength(3);
      conns[poor] = back;
      const end = await drive(conns, pick, () => false, mine.seq - 1);
      expect(end.outcome?.over).toBe(true);
    });
  });

  /** Stops at which the table is restored: a description and the first update (seat 0's) to stop at. */
  type Stop = readonly [string, (u: StateUpdate) => boolean];
  const inPlay = (u: StateUpdate) => u.view.phase === 'play';
  const RESTORES: readonly {
    preset: (typeof PRESETS)[number];
    want: Want;
    stops: readonly Stop[];
  }[] = [
    {
      preset: 'house',
      want: 'armut',
      stops: [
        ['the Vorbehalte named, Armut before Hochzeit', (u) => view(u).phase === 'declare'],
        ['two of three Armut cards given', (u) => view(u).house?.armut?.given === 2],
        ['the Armut taken, one card returned', (u) => view(u).house?.armut?.returned === 1],
        ['an announcement in the first trick', (u) => inPlay(u) && view(u).announcements.length > 0],
        ['half the cards played', (u) => inPlay(u) && view(u).tricks.length === 5],
      ],
    },
    {
      preset: 'ddv',
      want: 'hochzeit',
      stops: [
        ['a Vorbehalt said, its kind not yet named', (u) => view(u).phase === 'declare'],
        ['the Hochzeit after its first trick', (u) => inPlay(u) && view(u).tricks.length === 1],
        ['after an announcement', (u) => inPlay(u) && view(u).announcements.length > 0],
      ],
    },
  ];

  describe.each(RESTORES)('restored from its record ($preset, $want)', ({ preset, want, stops }) => {
    it('in the middle of the deal: each seat sees what it saw, and the deal plays on to the end', async () => {
      // Its own server on its own database: this test stops it and starts another on the same database.
      const db = testDb(kind);
      let server: RunningServer | undefined = await startTestServer(db.env, { dealer: planned.dealer });
      try {
        let url = server.url;
        const t = await seatedTable(url, preset, ONE_DEAL[preset], { plan: planned.plan, wants: [want] });
        let conns = t.conns;
        for (const c of conns) c.room.reconnection.enabled = false;
        const rng = seeded(`restore-${preset}`);
        // Announce whenever possible: the stops after an announcement come early.
        const pick = (u: StateUpdate): Action =>
          u.legal.find((a) => is(a, 'announce') && (a as unknown as { call: string }).call.length <= 6) ??
          choose(want, view(u), u.legal, rng);
        let seq = -1;
        for (const [what, at] of stops) {
          const u = await drive(conns, pick, at, seq);
          expect(u.outcome, what).toBeNull();
          const before = await Promise.all(conns.map(snapshot));
          await Promise.all(conns.map((c) => c.leave()));
          await server.close();
          server = undefined;
          server = await startTestServer(db.env, { dealer: planned.dealer });
          url = server.url;
          conns = [];
          for (let i = 0; i < 4; i++) {
            const c = await Conn.join(url, t.id, { seatToken: t.tokens[i] });
            c.room.reconnection.enabled = false;
            conns.push(c);
          }
          const after = await Promise.all(conns.map(snapshot));
          for (let i = 0; i < 4; i++) {
            expect(after[i].seq, what).toBe(before[i].seq);
            expect(after[i].view, what).toEqual(before[i].view);
            expect(after[i].legal, what).toEqual(before[i].legal);
          }
          seq = before[0].seq - 1;
        }
        const end = await drive(conns, pick, () => false, seq);
        const outcome = end.outcome as DoppelkopfOutcome | null;
        expect(outcome?.over).toBe(true);
        expect(outcome?.deals[0].contract.kind).toBe(want);
        await Promise.all(conns.map((c) => c.leave()));
      } finally {
        await server?.close();
        await db.cleanup();
      }
    });
  });
});
