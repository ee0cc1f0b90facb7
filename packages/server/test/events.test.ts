/**
 * Events (src/events.ts, protocol events.ts): patch operations rebuild any JSON value; over random
 * matches of every game, player count and preset, every seat's and a spectator's frames, folded from
 * the snapshot each joined with (at a random step, some again later as after `sync`), give the engine's
 * view, legal actions and outcome at every step; the frames' JSON text is the JSON of their objects; and a
 * live table's event connections (JSON and msgpack) end where whole-state connections do.
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
  applyEvents,
  type EventFrame,
  type Folded,
  fromSnapshot,
  type Op,
  patch,
  RECALL_LENGTH,
  type ServerMessage,
  type StateUpdate,
} from '@stich/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diff, equal, type Now, Projector } from '../src/events.ts';
import { Conn, createTable, folds, guest, SHORT_OPTIONS, serve, testGames } from './helpers.ts';

const json = (v: unknown) => JSON.stringify(v);
const clone = <T>(v: T): T => JSON.parse(json(v));

describe('patch operations', () => {
  // JSON values as views hold them: objects, arrays, strings, numbers, booleans, null.
  const value = fc.letrec((tie) => ({
    leaf: fc.oneof(
      fc.constantFrom('HJ', 'S6', 'x'),
      fc.integer({ min: -3, max: 40 }),
      fc.boolean(),
      fc.constant(null),
    ),
    arr: fc.array(tie('any'), { maxLength: 6 }),
    obj: fc.dictionary(fc.constantFrom('a', 'b', 'hand', 'trick', '0'), tie('any'), { maxKeys: 4 }),
    any: fc.oneof({ depthSize: 'small' }, tie('leaf'), tie('arr'), tie('obj')),
  }));
  it('diff then patch makes the new value of the old, without changing the old', () => {
    fc.assert(
      fc.property(value.obj, value.obj, (a, b) => {
        const before = json(a);
        const ops: Op[] = [];
        diff(a, b, [], ops);
        const out = patch(clone(a), clone(ops));
        expect(out).toEqual(b);
        expect(json(a)).toBe(before);
        if (json(a) === json(b)) expect(ops).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('values are compared as JSON: a key whose value is undefined is absent', () => {
    expect(equal({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(equal({ a: undefined, b: [1] }, { c: undefined, b: [1] })).toBe(true);
    expect(equal({ a: 1 }, { b: 1 })).toBe(false);
    expect(equal({ a: 1, b: undefined }, { a: 1, c: 2 })).toBe(false);
    expect(equal([{ a: 1 }], [{ a: 1 }])).toBe(true);
    expect(equal([1], { 0: 1 })).toBe(false);
  });

  it('an array that grew at its end is one append of the new elements', () => {
    const ops: Op[] = [];
    const done = [{ w: 1 }, { w: 2 }];
    diff({ tricks: done, n: 1 }, { tricks: [...done, { w: 3 }], n: 1 }, [], ops);
    expect(ops).toEqual([[['tricks'], 2, 0, [{ w: 3 }]]]);
  });

  it('an operation that does not fit is refused, and so is a frame that does not follow', () => {
    expect(patch({ a: 1 }, [[['a', 'b'], 2]])).toBeUndefined();
    expect(patch({ a: [1] }, [[['a'], 1, 1, []]])).toBeUndefined();
    const f: Folded = fromSnapshot({
      seq: 4,
      pub: { a: 1 },
      own: null,
      legal: [],
      outcome: null,
      deadline: null,
    });
    expect(applyEvents(f, { from: 3, seq: 5 })).toBeNull();
    expect(applyEvents(f, { seq: 6 })).toBeNull();
    // A legal-action list by index must be one remembered.
    expect(applyEvents(f, { seq: 5, legal: 0 })).toBeNull();
    const long = Array.from({ length: RECALL_LENGTH }, (_, i) => ({ t: 'estimate', points: i }));
    const g = applyEvents(applyEvents(f, { seq: 5, legal: long })!, { seq: 6, legal: [] })!;
    expect(applyEvents(g, { seq: 7, legal: 0 })?.update.legal).toEqual(long);
    expect(applyEvents(f, { from: 4, seq: 5, pub: [[['a'], 2]] })?.update).toEqual({
      seq: 5,
      view: { a: 2 },
      legal: [],
      outcome: null,
      deadline: null,
    });
  });
});

/** Every game with each of its player counts and presets. */
const SETUPS: { id: GameId; players: number; preset: string | undefined }[] = testGames().flatMap((id) => {
  const meta = GAME_META[id]!;
  const presets = meta.presets && meta.presets.length > 0 ? meta.presets.map((p) => p.id) : [undefined];
  return meta.players.flatMap((players) => presets.map((preset) => ({ id, players, preset })));
});

/** The states after each change of a random match, as the table's queue makes them: an action and the deals it leads to. */
function* match(
  id: GameId,
  game: AnyGame,
  players: number,
  preset: string | undefined,
  seed: number,
): Generator<unknown> {
  const options = SHORT_OPTIONS[id] ?? {};
  const config = game.parseConfig({ players, options, ...(preset ? { preset } : {}) });
  if (!config.ok) throw new Error(config.error.reason);
  const rng = seeded(seed);
  let s: unknown = game.start(config.value, rng.int(players));
  const deal = () => {
    while (!game.isOver(s) && game.awaitsDeal(s)) {
      const r = game.applyDeal(s, game.randomDeal(s, rng));
      if (!r.ok) throw new Error(r.error.reason);
      s = r.value;
    }
  };
  deal();
  yield s;
  while (!game.isOver(s)) {
    // Any seat that may act (Doppelkopf's optional calls come from seats other than the one to play).
    const seat = pick(game.toAct(s), rng);
    const r = game.apply(s, seat, pick(game.legalActions(s, seat), rng) as Action);
    if (!r.ok) throw new Error(r.error.reason);
    s = r.value;
    deal();
    yield s;
  }
}

describe.each(SETUPS)('$id, $players players, preset $preset: frames folded equal the views', (setup) => {
  const game = gameById(setup.id)!;
  it('random matches, every seat and the spectator joining at random steps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 30 }), fc.integer({ min: 1, max: 1000 }), (seed, salt) => {
        const rng = seeded(seed ^ salt);
        const viewers: (Seat | null)[] = [...Array.from({ length: setup.players }, (_, i) => i), null];
        const held = new Map<Seat | null, Folded<StateUpdate>>();
        const projector = new Projector();
        let seq = 0;
        let steps = 0;
        for (const gs of match(setup.id, game, setup.players, setup.preset, seed)) {
          const over = game.isOver(gs);
          // The turn timer's deadline changes now and then, also without a change of the game (below).
          const now = (deadline: number | null): Now => ({ game, gs, seq, playing: !over, over, deadline });
          const deadlines = rng.int(3) === 0 ? [1_000 + seq, null] : [rng.int(2) === 0 ? null : 5 + seq];
          for (const deadline of deadlines) {
            const n = now(deadline);
            const watched = new Set([...held.keys()].filter((v): v is Seat => v !== null));
            const step = projector.step(n, watched);
            for (const [v, f] of held) {
              const own = v === null ? undefined : step!.own.get(v);
              const frame: EventFrame = own ? { ...step!.shared, ...own.part } : step!.shared;
              const text = `{${step!.sharedText}${own?.text ?? ''}}`;
              // The text is the JSON of the frame object (msgpack connections get the object).
              expect(JSON.parse(text)).toEqual(clone(frame));
              const next = applyEvents(f, JSON.parse(text));
              expect(next, `frame ${text}`).not.toBeNull();
              held.set(v, next!);
            }
            // Joins (and `sync`s) at random steps: a snapshot of the projection all others hold.
            for (const v of viewers)
              if (!held.has(v) ? rng.int(4) === 0 : rng.int(40) === 0)
                held.set(v, fromSnapshot(clone(projector.snapshot(n, v))));
            for (const [v, f] of held) {
              const viewer = v === null ? SPECTATOR : v;
              expect(f.update.seq).toBe(seq);
              expect(f.update.view).toEqual(clone(game.viewFor(gs, viewer)));
              expect(f.update.legal).toEqual(v === null || over ? [] : clone(game.legalActions(gs, v)));
              expect(f.update.outcome).toEqual(over ? clone(game.outcome(gs)) : null);
              expect(f.update.deadline).toBe(deadline);
              // A spectator holds no own part; a seat's own part is what the public view cannot show it.
              if (v === null) expect(f.own).toBeNull();
            }
          }
          seq++;
          steps++;
        }
        expect(steps).toBeGreaterThan(3);
      }),
      { numRuns: setup.id === 'differenzler' || setup.id === 'doppelkopf' ? 4 : 8 },
    );
  });
});

describe('a live table (sqlite)', () => {
  const srv = serve('sqlite');

  it.each(testGames())(
    '%s: event connections (JSON and msgpack) fold every update a whole connection gets',
    async (id) => {
      const players = GAME_META[id]!.players[0];
      const people = await Promise.all(Array.from({ length: players }, (_, i) => guest(srv.url, `E${i}`)));
      const seats = people.map(() => ({ kind: 'human' }));
      const r = await createTable(srv.url, people[0].token, {
        game: id,
        players,
        options: SHORT_OPTIONS[id] ?? {},
        seats,
        visibility: 'public',
      });
      const tableId = r.table.id;
      const wholeSpec = await Conn.join(srv.url, tableId, { spectate: true });
      const eventSpecs = await Promise.all(
        [true, false].map((j) => Conn.join(srv.url, tableId, { spectate: true, events: true, json: j })),
      );
      const conns = await Promise.all(
        people.map((p, seat) =>
          Conn.join(srv.url, tableId, { token: p.token, seat, events: true, json: seat % 2 === 0 }),
        ),
      );
      /** Each connection's updates, folded from its snapshots and frames. */
      const folded = (c: Conn): StateUpdate[] => {
        const out: StateUpdate[] = [];
        let f: Folded<StateUpdate> | null = null;
        for (const m of c.messages) {
          if (m.t === 'snap') f = fromSnapshot<StateUpdate>(m.d);
          else if (m.t === 'ev') {
            expect(f).not.toBeNull();
            f = applyEvents(f!, m.d);
            expect(f).not.toBeNull();
          } else continue;
          out.push(f!.update);
        }
        return out;
      };
      // Each seat plays a random legal action on its folded state, whenever it is to act.
      const rng = seeded(5);
      conns.forEach((c, seat) => {
        let acted = -1;
        const answer = (_m: ServerMessage) => {
          const u = folded(c).at(-1);
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
      for (const c of [...conns, ...eventSpecs])
        await c.waitFor((m) => m.t === 'ev' && m.d.outcome !== undefined && m.d.outcome !== null, 10_000);
      const whole = wholeSpec.messages.flatMap((m) => (m.t === 'state' ? [m.d] : []));
      for (const c of eventSpecs) {
        expect(c.messages.some((m) => m.t === 'state' && !folds.has(m))).toBe(false);
        // Joined after the whole one: the same steps from its first update on.
        const mine = folded(c);
        const from = whole.findIndex((u) => u.seq === mine[0].seq);
        expect(mine.map(clone)).toEqual(whole.slice(from).map(clone));
      }
      // Each seat's last folded update is what it gets whole when it asks (sync), and what the engine shows.
      for (const c of conns) {
        const last = folded(c).at(-1)!;
        const sid = c.request('sync', {});
        const s = await c.waitFor((m) => m.t === 'snap' && m.id === sid);
        expect(clone(last)).toEqual(clone(s.t === 'snap' && fromSnapshot(s.d).update));
      }
      await Promise.all([wholeSpec, ...eventSpecs, ...conns].map((c) => c.leave()));
    },
    90_000,
  );
});
