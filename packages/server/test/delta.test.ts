/**
 * State deltas (src/delta.ts, protocol delta.ts): the comparison of fields as JSON values against
 * `JSON.stringify`, the reconstruction of every update from its delta over whole matches of every game
 * (every seat and the spectator), and a live table whose delta connections end where the whole updates do.
 */
import {
  type Action,
  type AnyGame,
  GAME_META,
  type GameId,
  gameById,
  pick,
  type Seat,
  SPECTATOR,
  seeded,
} from '@stich/engine';
import {
  applyDelta,
  type ServerMessage,
  type StateDelta,
  type StateUpdate,
  type TableInfo,
} from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { Sent } from '../src/delta.ts';
import type { Texts } from '../src/wire.ts';
import { api, Conn, guest, SHORT_OPTIONS, serve, testGames } from './helpers.ts';

const json = (v: unknown) => JSON.stringify(v);
/** JSON of an object with its keys sorted: a delta may add a field where the whole view has it elsewhere. */
const canon = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as object).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  );

/** A whole match of `game` with random actions and deals: every step's state. */
function* match(
  game: AnyGame,
  options: object,
  players: number,
  seed: number,
  preset?: string,
): Generator<unknown> {
  const config = game.parseConfig({ players, options, ...(preset ? { preset } : {}) });
  if (!config.ok) throw new Error(config.error.reason);
  const rng = seeded(seed);
  let s: unknown = game.start(config.value, 0);
  yield s;
  while (!game.isOver(s)) {
    if (game.awaitsDeal(s)) {
      const r = game.applyDeal(s, game.randomDeal(s, rng));
      if (!r.ok) throw new Error(r.error.reason);
      s = r.value;
    } else {
      // Any seat that may act (Doppelkopf's optional calls come from seats other than the one to play).
      const seat = pick(game.toAct(s), rng);
      const r = game.apply(s, seat, pick(game.legalActions(s, seat), rng) as Action);
      if (!r.ok) throw new Error(r.error.reason);
      s = r.value;
    }
    yield s;
  }
}

describe.each(testGames())(
  '%s: every update rebuilt from its delta equals the whole update',
  (id: GameId) => {
    const game = gameById(id)!;
    const players = GAME_META[id]!.players[0];
    const presets = id === 'doppelkopf' ? ['ddv', 'house'] : [undefined];
    it.each(presets)('preset %s, three whole matches, every seat and the spectator', (preset) => {
      const options = SHORT_OPTIONS[id] ?? {};
      for (let m = 0; m < 3; m++) {
        const viewers: (Seat | null)[] = [...Array.from({ length: players }, (_, i) => i), null];
        const prev = new Map<Seat | null, Sent>();
        const last = new Map<Seat | null, StateUpdate>();
        const texts: Texts = new WeakMap();
        let seq = 0;
        let deltas = 0;
        let bytes = { whole: 0, delta: 0 };
        for (const s of match(game, options, players, 1000 * m + 7, preset)) {
          for (const v of viewers) {
            const next: StateUpdate = {
              seq,
              view: game.viewFor(s, v === null ? SPECTATOR : v),
              legal: v === null ? [] : game.legalActions(s, v),
              outcome: game.isOver(s) ? game.outcome(s) : null,
              deadline: seq % 3 === 0 ? null : 1_000_000 + seq,
            };
            const sent = prev.get(v);
            const p = last.get(v);
            last.set(v, next);
            if (!sent || !p) {
              prev.set(v, Sent.of(next, texts));
              continue;
            }
            const x = sent.to(next, texts);
            // Every fifth update starts from a whole one again (as after a join, a reconnection or `sync`).
            prev.set(v, seq % 5 === 0 ? Sent.of(next, texts) : x.sent);
            // The text is the JSON of the delta object (msgpack connections get the object).
            expect(JSON.parse(x.text)).toEqual(JSON.parse(json(x.delta)));
            const d: StateDelta = JSON.parse(x.text);
            const rebuilt = applyDelta(JSON.parse(json(p)) as StateUpdate, d);
            expect(rebuilt && canon(rebuilt)).toBe(canon(next));
            // Exact: only what changed travels.
            for (const k of Object.keys(d.view ?? {}))
              expect(json((p.view as unknown as Record<string, unknown>)[k])).not.toBe(json(d.view![k]));
            expect(d.legal === undefined).toBe(json(p.legal) === json(next.legal));
            expect(d.outcome === undefined).toBe(json(p.outcome) === json(next.outcome));
            deltas++;
            bytes = { whole: bytes.whole + json(next).length, delta: bytes.delta + x.text.length };
          }
          seq++;
        }
        expect(deltas).toBeGreaterThan(10);
        expect(bytes.delta).toBeLessThan(bytes.whole);
      }
    });

    it('a delta that does not follow the update it is applied to is refused', () => {
      const [s0] = match(game, SHORT_OPTIONS[id] ?? {}, players, 1);
      const u: StateUpdate = { seq: 4, view: game.viewFor(s0, 0), legal: [], outcome: null, deadline: null };
      expect(applyDelta(u, { from: 3, seq: 5 })).toBeNull();
      expect(applyDelta(u, { from: 4, seq: 5 })).toEqual({ ...u, seq: 5 });
    });
  },
);

describe('a live table (sqlite)', () => {
  const srv = serve('sqlite');

  it.each(testGames())(
    '%s: delta connections (JSON and msgpack) rebuild every update a whole connection gets',
    async (id) => {
      const players = GAME_META[id]!.players[0];
      const people = await Promise.all(Array.from({ length: players }, (_, i) => guest(srv.url, `D${i}`)));
      const seats = people.map(() => ({ kind: 'human' }));
      const r = await api<{ table: TableInfo }>(
        srv.url,
        'POST',
        '/api/tables',
        { game: id, players, options: SHORT_OPTIONS[id] ?? {}, seats, visibility: 'public' },
        people[0].token,
      );
      expect(r.status).toBe(201);
      const tableId = r.body.table.id;
      const wholeSpec = await Conn.join(srv.url, tableId, { spectate: true });
      const deltaSpecs = await Promise.all(
        [true, false].map((j) => Conn.join(srv.url, tableId, { spectate: true, delta: true, json: j })),
      );
      const conns = await Promise.all(
        people.map((p, seat) =>
          Conn.join(srv.url, tableId, { token: p.token, seat, delta: true, json: seat % 2 === 0 }),
        ),
      );
      /** Each connection's updates, rebuilt from its deltas. */
      const rebuilt = (c: Conn): StateUpdate[] => {
        const out: StateUpdate[] = [];
        for (const m of c.messages) {
          if (m.t === 'state') out.push(m.d);
          else if (m.t === 'delta') {
            const next = applyDelta(out.at(-1)!, m.d);
            expect(next).not.toBeNull();
            out.push(next!);
          }
        }
        return out;
      };
      // Each seat plays its first legal action on its rebuilt state, whenever it is to act.
      const rng = seeded(5);
      conns.forEach((c, seat) => {
        let acted = -1;
        const answer = (_m: ServerMessage) => {
          const u = rebuilt(c).at(-1);
          if (!u || u.legal.length === 0 || u.seq === acted || u.outcome !== null) return;
          const toAct = (u.view as { toAct: readonly Seat[] }).toAct;
          if (toAct[0] !== seat) return;
          acted = u.seq;
          c.request('act', { action: pick(u.legal, rng), seq: u.seq });
        };
        c.room.onMessage('m', answer);
        answer({ t: 'pong', d: { time: 0 }, id: 0 });
      });
      await wholeSpec.waitFor((m) => m.t === 'state' && m.d.outcome !== null, 60_000);
      for (const c of [...conns, ...deltaSpecs])
        await c.waitFor((m) => m.t === 'delta' && m.d.outcome !== undefined && m.d.outcome !== null, 10_000);
      const whole = rebuilt(wholeSpec);
      expect(deltaSpecs.every((c) => c.messages.some((m) => m.t === 'delta'))).toBe(true);
      for (const c of deltaSpecs) {
        // A spectator joined after the whole one may have missed nothing: same steps from its first update on.
        const mine = rebuilt(c);
        const from = whole.findIndex((u) => u.seq === mine[0].seq);
        expect(mine.map(canon)).toEqual(whole.slice(from).map(canon));
      }
      // Each seat's last rebuilt update is what it gets whole when it asks (sync).
      for (const c of conns) {
        const last = rebuilt(c).at(-1)!;
        const sid = c.request('sync', {});
        const s = await c.waitFor((m) => m.t === 'state' && m.id === sid);
        expect(canon(last)).toBe(canon(s.t === 'state' && s.d));
      }
      await Promise.all([wholeSpec, ...deltaSpecs, ...conns].map((c) => c.leave()));
    },
    90_000,
  );
});
