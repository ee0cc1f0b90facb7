/**
 * Conformance: one suite run for every registered game (GAMES) and every test-only game (test/games,
 * TEST_GAMES), every preset and every player count, through the public `Game` interface only (after
 * OpenSpiel's random simulation test). A registered game joins by its entry in ADAPTERS (presets, action
 * kinds, secret action kinds); a test-only game brings its adapter and joins by its line in TEST_GAMES.
 *
 * Checked on seeded random legal play:
 * - play always ends; every seat in `toAct` has a legal action, every other seat none; every legal action is
 *   accepted by `apply` and survives JSON through `parseAction`; `apply`, `viewFor` and `outcome` never
 *   change their input (states and actions are deep-frozen); every view names its game, viewer, seats,
 *   phase and `toAct` as the game does and is plain JSON; the outcome has a score per seat and winners
 *   exactly once the match is over;
 * - every error is typed: random JSON, each field of each action kind missing or wrong, other seats'
 *   actions, actions of other phases, bad seats, deals where none is due give `{ ok: false }` with a code
 *   of ERROR_CODES and a reason, never throw and change nothing; an accepted action is a legal one;
 * - the record written while playing replays to the same states, views and outcome, also after JSON;
 * - information sets: no view holds a card its viewer cannot know. The deal is replayed with two cards
 *   hidden from the viewer exchanged; while the actions stay legal, the viewer's view (and a seat's legal
 *   actions) must not change. Hidden from v: every card of the deal not yet shown to all seats and the
 *   spectator, except v's own dealt cards once v's view has shown them;
 * - secret actions (Differenzler's estimate) stay hidden from every other viewer until the deal ends;
 * - every action kind the game knows is played (except those its rules do not offer in a setting).
 *
 * What a generic test cannot tell: a card shown to every viewer at once counts as public (a rule may show it),
 * and a seat's own dealt cards count as known once its view shows them (cards lying face down aside). The
 * games' own view tests cover which cards are public and when.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRESETS as DIFFERENZLER_PRESETS, UNDERTRUMP_RULES } from '../src/differenzler/index.ts';
import {
  HOUSE_KINDS as DOPPELKOPF_HOUSE_KINDS,
  ACTION_KINDS as DOPPELKOPF_KINDS,
  PRESET_OPTIONS as DOPPELKOPF_OPTIONS,
  PRESETS as DOPPELKOPF_PRESETS,
} from '../src/doppelkopf/index.ts';
import {
  type Action,
  type AnyGame,
  ERROR_CODES,
  GAMES,
  type GameError,
  parseRecord,
  type Rng,
  replay,
  type Seat,
  SPECTATOR,
  seeded,
  type Viewer,
} from '../src/index.ts';
import { PRESETS as KLAPPERJAS_PRESETS } from '../src/klapperjas/index.ts';
import {
  type Adapter,
  applyOrExplain,
  cardsIn,
  deepFreeze,
  type Event,
  isDeal,
  json,
  listed,
  type Path,
  playTrace,
  type Slot,
  slotsOf,
  swapped,
  type Trace,
  viewersOf,
} from './conformance.ts';
import { TEST_GAMES } from './games/index.ts';

const ADAPTERS: Readonly<Record<string, Adapter | undefined>> = {
  klapperjas: {
    presets: KLAPPERJAS_PRESETS,
    kinds: ['orgi', 'pass', 'kleines', 'besser', 'trump', 'kontra', 're', 'exchange', 'meld', 'play'],
    // 000 4.4: with 4 players the turned card "kann nicht mit einer sieben getauscht werden".
    absent: (_, players) => (players === 4 ? ['exchange'] : []),
    variants: [
      { options: { longRuns: 'single', meldsNeedTrick: false, belleNeedsTrick: true, target: 6 } },
      { preset: 'klappern', options: { besser: 'later', kontra: 'manual', scoring: 'orgi-kleines' } },
    ],
  },
  differenzler: {
    presets: DIFFERENZLER_PRESETS,
    kinds: ['estimate', 'play'],
    secret: ['estimate'],
    variants: UNDERTRUMP_RULES.map((undertrump) => ({
      options: { undertrump, tiebreak: 'hits', rounds: 4 },
    })),
  },
  doppelkopf: {
    presets: DOPPELKOPF_PRESETS,
    kinds: DOPPELKOPF_KINDS,
    // 004's Melden (Krankheit, solo bidding, Armut) only with `melden: 'house'`: the DDV rules have none of it.
    absent: (preset, _, options) =>
      ((options as { melden?: string } | undefined)?.melden ?? DOPPELKOPF_OPTIONS[preset as 'ddv'].melden) ===
      'house'
        ? []
        : DOPPELKOPF_HOUSE_KINDS,
    // Short matches: a deal is long, and the match rules (Pflichtsolo, Vorführung) need only a few deals.
    variants: [
      { preset: 'ddv', options: { games: 6 } },
      {
        preset: 'house',
        options: { games: 3, dulle: 'first', deadlines: 'hand', scoring: 'ddv', armut: 'three' },
      },
      // The other readings of 004 (docs/rules/doppelkopf.md "House preset (004)").
      {
        preset: 'house',
        options: {
          games: 8,
          schwein: 'any',
          armut: 'trumps',
          credit: 'zero-sum',
          fuchs: false,
          karlchen: false,
          pflichtsolo: true,
        },
      },
    ],
  },
  klaberjass: {
    presets: ['hoyle'],
    kinds: [
      'take',
      'pass',
      'schmeiss',
      'accept',
      'refuse',
      'name',
      'exchange',
      'announce',
      'answer',
      'top',
      'play',
    ],
    variants: [{ options: { sequences: 'length', target: 300 } }],
  },
};

const defaultOwner = (path: Path): Seat | null => (path[0] === 'hands' ? Number(path[1]) : null);

/**
 * Sizes, chosen for a few seconds per game on a shared 2-core machine. STICH_CONFORMANCE_SCALE=10 (or more)
 * runs a deeper search locally: more matches, exchanges and fuzz runs, other seeds.
 */
const SCALE = Math.max(1, Number(process.env.STICH_CONFORMANCE_SCALE ?? 1) || 1);
/**
 * Fully checked matches per game, preset and player count, and per option variant; further ones are
 * played for the action kinds.
 */
const CHECKED = 2 * SCALE;
const CHECKED_VARIANT = SCALE;
const KIND_MATCHES = 300;
/** A match longer than this is a game that does not end. */
const MAX_STEPS = 20_000;
const FUZZ_RUNS = 500 * SCALE;
/** Information-set trials per deal and viewer, and deals per match. */
const SWAPS = 4;
const DEALS = 6 * SCALE;

/** Every game the suite runs over; a registered game without an adapter fails its first test. */
const ENTRIES: readonly { readonly game: AnyGame<string>; readonly adapter: Adapter | undefined }[] = [
  ...Object.values(GAMES).map((game) => ({ game, adapter: ADAPTERS[game.id] })),
  ...TEST_GAMES,
];

/** Player counts the game accepts with `preset`, found by asking parseConfig. */
function playerCounts(g: AnyGame<string>, preset: string): number[] {
  return [1, 2, 3, 4, 5, 6, 7, 8].filter((players) => g.parseConfig({ players, preset }).ok);
}

/** Deep equality, with vitest's diff only when it fails (vitest's own comparison is slow on many views). */
function expectSame(actual: unknown, expected: unknown, where: string) {
  if (!isDeepStrictEqual(actual, expected)) expect(actual, where).toEqual(expected);
}

function expectTyped(e: GameError, where: string) {
  expect(ERROR_CODES, `${where}: code ${e.code}`).toContain(e.code);
  expect(typeof e.reason === 'string' && e.reason.trim().length > 0, `${where}: reason "${e.reason}"`).toBe(
    true,
  );
}

/**
 * Checks one reached state: toAct and legal actions, each legal action accepted, the outcome's frame
 * (over, a score per seat, winners once over), views consistent.
 */
function checkState(g: AnyGame<string>, state: unknown, frozen: WeakSet<object>) {
  deepFreeze(state, frozen);
  const n = g.seats(state);
  const phase = g.phase(state);
  const toAct = g.toAct(state);
  const where = `${g.id} phase ${phase}`;
  expect(new Set(toAct).size, `${where}: toAct ${toAct} repeats a seat`).toBe(toAct.length);
  for (const seat of toAct) expect(Number.isInteger(seat) && seat >= 0 && seat < n, where).toBe(true);
  if (g.awaitsDeal(state) || g.isOver(state))
    expect(toAct, `${where}: nobody acts at a chance node or the end`).toEqual([]);
  else expect(toAct.length, `${where}: somebody acts`).toBeGreaterThan(0);
  for (let seat = 0; seat < n; seat++) {
    const legal = g.legalActions(state, seat);
    if (!toAct.includes(seat)) {
      expect(legal, `${where}: seat ${seat} is not in toAct ${toAct}`).toEqual([]);
      continue;
    }
    expect(legal.length, `${where}: seat ${seat} is in toAct but has no legal action`).toBeGreaterThan(0);
    for (const action of legal) {
      deepFreeze(action, frozen);
      const text = JSON.stringify(action);
      const parsed = g.parseAction(JSON.parse(text));
      expect(
        parsed.ok && isDeepStrictEqual(json(parsed.value), json(action)),
        `${where}: parse ${text}`,
      ).toBe(true);
      const r = applyOrExplain(g, state, seat, action);
      expect(r.ok, `${where}: seat ${seat} legal ${text} refused: ${r.ok ? '' : r.error.reason}`).toBe(true);
    }
  }
  const out = g.outcome(state);
  const over = g.isOver(state);
  expect(out.over, `${where}: outcome.over`).toBe(over);
  expect(out.scores.length, `${where}: a score per seat`).toBe(n);
  expect(out.winners.length > 0, `${where}: winners exactly once the match is over`).toBe(over);
  for (const w of out.winners)
    expect(Number.isInteger(w) && w >= 0 && w < n, `${where}: winner ${w}`).toBe(true);
  for (const viewer of viewersOf(n)) {
    const view = g.viewFor(state, viewer);
    const base = {
      game: view.game,
      viewer: view.viewer,
      seats: view.seats,
      phase: view.phase,
      toAct: view.toAct,
    };
    const want = { game: g.id, viewer, seats: n, phase, toAct: [...toAct] };
    if (!isDeepStrictEqual(json(base), want)) expect(base, `${where}: view of ${viewer}`).toEqual(want);
    if (!isDeepStrictEqual(json(view), view))
      expect(json(view), `${where}: view of ${viewer} is plain JSON`).toEqual(view);
  }
}

/** Seeded traces per game, preset and player count, made once and shared by the tests below. */
const traces = new Map<string, Trace[]>();
function tracesOf(g: AnyGame<string>, config: object): Trace[] {
  const key = `${g.id}/${JSON.stringify(config)}`;
  let list = traces.get(key);
  if (!list) {
    const frozen = new WeakSet<object>();
    const count = 'options' in config ? CHECKED_VARIANT : CHECKED;
    list = Array.from({ length: count }, (_, i) =>
      playTrace(g, config, `${key}/${i}`, MAX_STEPS, (s) => checkState(g, s, frozen)),
    );
    traces.set(key, list);
  }
  return list;
}

/** The deals of a trace: the event index of each deal and of the last action before the next one. */
function dealsOf(t: Trace): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  t.events.forEach((e, i) => {
    if (isDeal(e)) out.push({ start: i, end: i });
    else out[out.length - 1].end = i;
  });
  return out;
}

/** Views of a trace's states, made on demand. */
function viewCache(g: AnyGame<string>, t: Trace) {
  const views = new Map<string, unknown>();
  const cards = new Map<string, Set<string>>();
  const view = (i: number, v: Viewer) => {
    const k = `${i}/${v}`;
    if (!views.has(k)) views.set(k, g.viewFor(t.states[i], v));
    return views.get(k);
  };
  const cardsOf = (i: number, v: Viewer) => {
    const k = `${i}/${v}`;
    let c = cards.get(k);
    if (!c) {
      c = cardsIn(view(i, v));
      cards.set(k, c);
    }
    return c;
  };
  return { view, cardsOf };
}

/** Bad values for an action's fields. */
const BAD: readonly unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e9,
  '',
  'x',
  'ZZ',
  'H',
  true,
  [],
  {},
  ['CA'],
  { t: 'play' },
];

/** Variants of an action: each field missing or holding a bad value, and one unknown field more. */
function malformed(a: Action): unknown[] {
  const out: unknown[] = [{ ...a, extra: 1 }];
  for (const k of Object.keys(a)) {
    const { [k]: _, ...rest } = a as unknown as Record<string, unknown>;
    out.push(rest);
    for (const v of BAD) out.push({ ...a, [k]: v });
  }
  return out;
}

const pick = <T>(items: readonly T[], rng: Rng): T => items[rng.int(items.length)];

for (const { game: g, adapter } of ENTRIES) {
  const id = g.id;

  describe(`conformance: ${id}`, () => {
    it('has an adapter (presets, action kinds): its entry in ADAPTERS, or in its test/games folder', () => {
      expect(adapter, `add ${id} to ADAPTERS`).toBeDefined();
    });
    if (!adapter) return;
    const owner = adapter.owner ?? defaultOwner;

    it('accepts each listed preset with some player count, the default preset among them; knows each listed action kind', () => {
      for (const preset of adapter.presets) expect(playerCounts(g, preset), preset).not.toEqual([]);
      const players = playerCounts(g, adapter.presets[0])[0];
      const plain = g.parseConfig({ players });
      expect(plain.ok && adapter.presets.includes(g.config(g.start(plain.value, 0)).preset)).toBe(true);
      expect(g.parseConfig({ players, preset: 'no-such-preset' }).ok).toBe(false);
      for (const t of adapter.kinds) {
        const r = g.parseAction({ t });
        expect(r.ok || r.error.code !== 'unknown-action', `parseAction does not know "${t}"`).toBe(true);
      }
      const r = g.parseAction({ t: 'no-such-action' });
      expect(!r.ok && r.error.code).toBe('unknown-action');
    });

    const setups: { preset: string; players: number; options?: object }[] = [];
    for (const preset of adapter.presets)
      for (const players of playerCounts(g, preset)) setups.push({ preset, players });
    for (const { preset = adapter.presets[0], options } of adapter.variants ?? [])
      for (const players of playerCounts(g, preset)) setups.push({ preset, players, options });

    for (const { preset, players, options } of setups) {
      const config = options ? { players, preset, options } : { players, preset };
      const label = `${preset}${options ? ` ${JSON.stringify(options)}` : ''}, ${players} players`;

      describe(label, () => {
        it('random legal play ends; toAct seats have legal actions, all accepted; apply and viewFor change nothing', () => {
          const list = tracesOf(g, config);
          for (const t of list) expect(g.isOver(t.states[t.states.length - 1])).toBe(true);
        });

        it('plays every action kind the rules offer here, and no other', () => {
          const absent = adapter.absent?.(preset, players, options) ?? [];
          const kinds = adapter.kinds.filter((k) => !absent.includes(k)).sort();
          const seen = new Set<string>();
          const see = (t: Trace) => {
            for (const e of t.events) if (!isDeal(e)) seen.add(e.action.t);
          };
          tracesOf(g, config).forEach(see);
          for (let i = 0; i < KIND_MATCHES && seen.size < kinds.length; i++)
            see(playTrace(g, config, `${id}/${label}/kinds/${i}`, MAX_STEPS));
          expect([...seen].sort()).toEqual(kinds);
        });

        it('types every error and changes nothing: random JSON, malformed fields, other seats and phases, bad seats and deals', () => {
          const t = tracesOf(g, config)[0];
          const n = t.seats;
          // Actions of every phase and seat of the match.
          const pool = new Map<string, Action>();
          for (const e of t.events) if (!isDeal(e)) pool.set(JSON.stringify(e.action), json(e.action));
          t.states.forEach((s, i) => {
            if (i % 7 === 0)
              for (let seat = 0; seat < n; seat++)
                for (const a of g.legalActions(s, seat)) pool.set(JSON.stringify(a), json(a));
          });
          const actions = [...pool.values()];
          const deals = t.events.filter(isDeal).map((e) => e.deal);
          const check = (si: number, seat: number, raw: unknown) => {
            const state = t.states[si];
            const before = structuredClone(state);
            const where = `state ${si} (${g.phase(state)}), seat ${seat}, ${JSON.stringify(raw)}`;
            const parsed = g.parseAction(raw);
            if (!parsed.ok) expectTyped(parsed.error, where);
            else {
              const valid = Number.isInteger(seat) && seat >= 0 && seat < n;
              const legal = valid ? g.legalActions(state, seat) : [];
              const r = g.apply(state, seat, parsed.value);
              if (!r.ok) {
                expectTyped(r.error, where);
                expect(listed(legal, parsed.value), `${where}: a legal action refused`).toBe(false);
              } else {
                // Accepted: it must be a listed legal action, or have the effect of one.
                const same =
                  listed(legal, parsed.value) ||
                  legal.some((a) => {
                    const x = g.apply(state, seat, a);
                    return x.ok && isDeepStrictEqual(x.value, r.value);
                  });
                expect(same, `${where}: accepted but not legal`).toBe(true);
              }
            }
            const deal = g.parseDeal(state, raw);
            if (!deal.ok) expectTyped(deal.error, `${where}: parseDeal`);
            if (!g.awaitsDeal(state)) {
              const d = g.parseDeal(t.states[0], deals[si % deals.length]);
              const r = d.ok ? g.applyDeal(state, d.value) : d;
              expect(r.ok, `${where}: a deal applied where none is due`).toBe(false);
              if (!r.ok) expectTyped(r.error, `${where}: applyDeal`);
            }
            expect(isDeepStrictEqual(state, before), `${where}: the state changed`).toBe(true);
          };
          // Every field of one action of each kind missing, of a wrong type or value, and a field too many.
          const kinds = new Map(actions.map((a) => [`${a.t}:${Object.keys(a).sort()}`, a]));
          const broken = [...kinds.values()].flatMap(malformed);
          // ... tried in the first state of each phase (chance nodes and the end included).
          const firsts = new Map<string, number>();
          t.states.forEach((s, i) => {
            const p = g.awaitsDeal(s) ? 'chance' : g.phase(s);
            if (!firsts.has(p)) firsts.set(p, i);
          });
          for (const raw of broken)
            for (const si of firsts.values()) check(si, g.toAct(t.states[si])[0] ?? 0, raw);
          const input = fc.oneof(fc.jsonValue(), fc.constantFrom(...actions), fc.constantFrom(...broken));
          const seat = fc.oneof(
            { arbitrary: fc.integer({ min: 0, max: n - 1 }), weight: 4 },
            { arbitrary: fc.constantFrom(-1, n, 0.5, Number.NaN), weight: 1 },
          );
          fc.assert(fc.property(fc.nat(t.states.length - 1), seat, input, check), {
            seed: 10 * SCALE,
            numRuns: FUZZ_RUNS,
          });
        });

        it('replays its record to the same states, views and outcome, after JSON, with deals written out or as seeds', () => {
          for (const t of tracesOf(g, config)) {
            for (const record of [t.record, t.seedRecord]) {
              const rec = parseRecord(JSON.stringify(record), [g.id]);
              expect(rec.ok).toBe(true);
              if (!rec.ok) return;
              const r = replay(g, rec.value, true);
              expect(r.ok ? '' : r.error.reason).toBe('');
              if (!r.ok) return;
              const states = r.value.states ?? [];
              expect(states.length).toBe(t.states.length);
              states.forEach((s, i) => {
                expect(isDeepStrictEqual(s, t.states[i]), `state ${i} differs`).toBe(true);
                if (i % 5 === 0 || i === states.length - 1)
                  for (const v of viewersOf(t.seats))
                    expectSame(
                      g.viewFor(s, v),
                      g.viewFor(t.states[i], v),
                      `view of ${v} after event ${i - 1}`,
                    );
              });
              expectSame(g.outcome(r.value.state), g.outcome(t.states[t.states.length - 1]), 'outcome');
            }
          }
        });

        it('never shows a viewer a card it cannot know: exchanging two hidden cards leaves its view unchanged', () => {
          const rng = seeded(`${id}/${label}/swap`);
          let compared = 0;
          let tried = 0;
          for (const t of tracesOf(g, config)) {
            const cache = viewCache(g, t);
            const seatViewers = viewersOf(t.seats).filter((v) => v !== SPECTATOR);
            for (const { start, end } of dealsOf(t).slice(0, DEALS)) {
              const deal = (t.events[start] as { deal: unknown }).deal;
              const slots = slotsOf(deal);
              for (const v of viewersOf(t.seats)) {
                for (let trial = 0; trial < SWAPS; trial++) {
                  // Compare the views after the deal and after each action up to event k.
                  const k = start + rng.int(end - start + 1);
                  const known = (u: Viewer) => {
                    const c = new Set<string>();
                    for (let j = start + 1; j <= k + 1; j++) for (const x of cache.cardsOf(j, u)) c.add(x);
                    return c;
                  };
                  // Public: shown to the spectator and to every seat (so that a card leaked to some of
                  // them, or to both seats of a 2-player table, stays hidden).
                  const byUs = [...seatViewers, SPECTATOR as Viewer].map(known);
                  const common = new Set([...byUs[0]].filter((c) => byUs.every((s) => s.has(c))));
                  const mine = v === SPECTATOR ? new Set<string>() : byUs[v];
                  // Hidden from v: not public, and not one of v's own cards that it has been shown.
                  const hidden = slots.filter(
                    (s) => !common.has(s.card) && !(owner(s.path) === v && mine.has(s.card)),
                  );
                  const box = (s: Slot) => JSON.stringify(s.path.slice(0, -1));
                  const a = hidden.length > 0 ? pick(hidden, rng) : undefined;
                  if (!a) continue;
                  // Mostly a card of the same suit, so that the seats' following of suit stays legal.
                  const others = hidden.filter((s) => box(s) !== box(a));
                  const sameSuit = others.filter((s) => s.card[0] === a.card[0]);
                  const pool = sameSuit.length > 0 && rng.int(4) > 0 ? sameSuit : others;
                  if (pool.length === 0) continue;
                  const b = pick(pool, rng);
                  tried++;
                  const before = t.states[start];
                  const parsed = g.parseDeal(before, swapped(deal, a.path, b.path));
                  expect(parsed.ok, `swapping ${a.card} and ${b.card} gives a valid deal`).toBe(true);
                  if (!parsed.ok) continue;
                  const dealt = g.applyDeal(before, parsed.value);
                  expect(dealt.ok).toBe(true);
                  if (!dealt.ok) continue;
                  let s = dealt.value;
                  let j = start;
                  for (;;) {
                    const where = `${label}, seed ${t.seed}, viewer ${v}, ${a.card} (${a.path}) <-> ${b.card} (${b.path}), after event ${j}`;
                    const view = g.viewFor(s, v);
                    if (!isDeepStrictEqual(view, cache.view(j + 1, v))) {
                      // A rule may show a hidden card to everybody (sequences after the first trick):
                      // then the exchange is visible by right, and this trial ends here.
                      const all = viewersOf(t.seats).map((u) => cardsIn(g.viewFor(s, u)));
                      if ([a.card, b.card].some((c) => all.every((x) => x.has(c)))) break;
                      expect(view, where).toEqual(cache.view(j + 1, v));
                    }
                    // What a seat may do depends only on what it knows (OpenSpiel's information state).
                    if (v !== SPECTATOR)
                      expectSame(
                        json(g.legalActions(s, v)),
                        json(g.legalActions(t.states[j + 1], v)),
                        `${where}: legal actions of ${v}`,
                      );
                    if (j === k) {
                      compared++;
                      break;
                    }
                    const e = t.events[++j] as Extract<Event, { seat: Seat }>;
                    const r = g.apply(s, e.seat, e.action);
                    if (!r.ok) break;
                    s = r.value;
                  }
                }
              }
            }
          }
          // The check is not vacuous: most exchanges keep the actions legal up to the step compared.
          expect(tried).toBeGreaterThan(0);
          expect(
            compared / tried,
            `${compared} of ${tried} exchanges compared to their step`,
          ).toBeGreaterThan(0.3);
        });

        if (adapter.secret) {
          const secret = adapter.secret;
          it(`keeps ${secret.join(', ')} from every other viewer until the deal ends`, () => {
            const rng = seeded(`${id}/${label}/secret`);
            let revealed = 0;
            for (const t of tracesOf(g, config)) {
              const cache = viewCache(g, t);
              for (const { start, end } of dealsOf(t).slice(0, DEALS)) {
                for (let i = start + 1; i <= end; i++) {
                  const e = t.events[i] as Extract<Event, { seat: Seat }>;
                  if (!secret.includes(e.action.t)) continue;
                  const w = e.seat;
                  const others = g
                    .legalActions(t.states[i], w)
                    .filter((x: Action) => x.t === e.action.t && !isDeepStrictEqual(json(x), json(e.action)));
                  if (others.length === 0) continue;
                  let s = t.states[i];
                  let j = i;
                  let action: Action = pick(others, rng);
                  const viewers = viewersOf(t.seats).filter((v) => v !== w);
                  for (;;) {
                    // As with exchanged cards: compared while the recorded actions stay legal.
                    const r = g.apply(s, j === i ? w : (t.events[j] as { seat: Seat }).seat, action);
                    if (!r.ok) break;
                    s = r.value;
                    const dealOver = g.awaitsDeal(s) || g.isOver(s);
                    const where = `${label}, seed ${t.seed}, seat ${w} ${JSON.stringify(action)}, after event ${j}`;
                    if (dealOver) {
                      // Public now: the spectator sees what was changed.
                      expect(g.viewFor(s, SPECTATOR), where).not.toEqual(cache.view(j + 1, SPECTATOR));
                      revealed++;
                      break;
                    }
                    for (const v of viewers)
                      expectSame(g.viewFor(s, v), cache.view(j + 1, v), `${where}, viewer ${v}`);
                    if (j === end) break;
                    action = (t.events[++j] as { action: Action }).action;
                  }
                }
              }
            }
            expect(revealed).toBeGreaterThan(0);
          });
        }
      });
    }
  });
}
