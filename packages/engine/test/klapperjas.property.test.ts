/** Properties over random deals and random legal play, 2/3/4 players, both presets. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECK32 } from '../src/core/cards.ts';
import type { Viewer } from '../src/core/game.ts';
import { playRandomMatch } from '../src/core/play.ts';
import { newRecord, replay } from '../src/core/record.ts';
import { unwrap } from '../src/core/result.ts';
import { seeded } from '../src/core/rng.ts';
import { bitOf, CARD, cardsOf } from '../src/klapperjas/cards.ts';
import { meldMask } from '../src/klapperjas/melds.ts';
import { handOf, handsOf } from '../src/klapperjas/state.ts';
import { cardsIn, G, type State } from './fixtures/klapperjas.ts';

const ALL = -1 | 0;

/** Cards played this deal: finished tricks and the current one. */
function playedMask(s: State): number {
  let m = 0;
  for (const t of s.tricks) for (const p of t.cards) m |= 1 << bitOf(p.card);
  for (let i = 0; i < s.trickN; i++) m |= 1 << ((s.trickCards >>> (5 * i)) & 31);
  return m;
}

/** Every card exists exactly once: hands, cards aside, stock, played. */
function checkCards(s: State) {
  const d = s.d;
  if (d === null || s.phase === 'deal' || s.phase === 'over') return;
  const parts = [...handsOf(s), ...d.aside, d.stock.reduce((a, b) => a | (1 << b), 0), playedMask(s)];
  let union = 0;
  let total = 0;
  for (const p of parts) {
    expect(union & p).toBe(0);
    union |= p;
    total += cardsOf(p).length;
  }
  expect([union, total]).toEqual([ALL, 32]);
}

/** What `viewer` may know, computed from the full state. */
function knowable(s: State, viewer: Viewer): Set<string> {
  const d = s.d;
  if (d === null) return new Set();
  let m = playedMask(s) | (1 << d.turned);
  if (d.stock.length > 1) m |= 1 << d.stock[1];
  if (viewer !== 'spectator') m |= handOf(s, viewer);
  if (s.m.n === 4) {
    const dealerHand = handOf(s, d.dealer) | d.aside[d.dealer];
    m |= dealerHand & (1 << d.turned);
  }
  if (d.exch) m |= (1 << d.exch.took) | (1 << d.exch.gave);
  if (d.counted) for (const x of d.counted) for (const mm of x.melds) m |= meldMask(mm);
  return new Set(cardsOf(m));
}

function checkViews(s: State) {
  for (const viewer of [...Array.from({ length: s.m.n }, (_, i) => i), 'spectator' as const]) {
    const v = G.viewFor(s, viewer);
    const allowed = knowable(s, viewer);
    // Finished deals' results name their last trick's cards: every one was played face up.
    for (const c of cardsIn({ ...v, results: [] }))
      if (!allowed.has(c)) throw new Error(`${String(viewer)} sees ${c} in ${s.phase}`);
    if (viewer === 'spectator') expect(v.hand).toBeNull();
    else if (s.d && s.phase !== 'deal') expect(v.hand).toEqual(cardsOf(handOf(s, viewer)));
  }
}

const setup = fc.record({
  seed: fc.string({ maxLength: 8 }),
  players: fc.constantFrom(2 as const, 3 as const, 4 as const),
  preset: fc.constantFrom('manual' as const, 'klappern' as const),
  longRuns: fc.constantFrom('blocks' as const, 'single' as const),
  dealer: fc.nat(3),
});

describe('random legal play', () => {
  it('always finishes; cards are conserved; toAct[0] always has an action; views hide what they must', () => {
    fc.assert(
      fc.property(setup, ({ seed, players, preset, longRuns, dealer }) => {
        const cfg = unwrap(G.parseConfig({ players, preset, options: { longRuns, target: 4 } }));
        const start = G.start(cfg, dealer % players);
        let views = 0;
        const end = playRandomMatch(G, start, seeded(seed), {
          onDeal: (s) => {
            checkCards(s);
            checkViews(s);
          },
          onAction: (s) => {
            checkCards(s);
            if (!G.awaitsDeal(s) && !G.isOver(s)) {
              const seats = G.toAct(s);
              expect(seats.length).toBeGreaterThan(0);
              expect(G.legalActions(s, seats[0]).length).toBeGreaterThan(0);
            }
            if (views++ % 3 === 0) checkViews(s);
          },
        });
        const o = G.outcome(end);
        expect(o.over).toBe(true);
        expect(o.winners.length).toBeGreaterThan(0);
        for (const w of o.winners) expect(o.scores[w]).toBeGreaterThanOrEqual(4);
        // 3 players: all three places with the play-on for second place (000 4.3), else only the first (001).
        if (players === 3) expect([...o.ranking].sort()).toEqual(cfg.options.playOn ? [0, 1, 2] : o.winners);
        for (const r of o.deals) {
          const extra = r.melds.reduce((a, m) => a + m.value, 0) + r.belle.reduce((a, b) => a + b.value, 0);
          // 4 players: card points + last trick = 162 (000 5).
          if (players === 4) expect(r.points[0] + r.points[1] - extra).toBe(162);
          expect(r.awarded.reduce((a, b) => a + b, 0)).toBe(r.gamePoints * (players === 4 ? 2 : 1));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('replaying a record reproduces every state', () => {
    fc.assert(
      fc.property(setup, ({ seed, players, preset, dealer }) => {
        const config = { players, preset, options: { target: 3 } };
        const cfg = unwrap(G.parseConfig(config));
        const first = dealer % players;
        const states: State[] = [G.start(cfg, first)];
        const deals: object[] = [];
        const actions: { seat: number; action: { t: string } }[] = [];
        playRandomMatch(G, states[0], seeded(seed), {
          onDeal: (s, deal) => {
            states.push(s);
            deals.push(JSON.parse(JSON.stringify(deal)));
          },
          onAction: (s, seat, action) => {
            states.push(s);
            actions.push({ seat, action: JSON.parse(JSON.stringify(action)) });
          },
        });
        const record = { ...newRecord('klapperjas', config, first), deals, actions };
        const rep = unwrap(replay<State>(G, JSON.parse(JSON.stringify(record)), true));
        expect(rep.states!.length).toBe(states.length);
        rep.states!.forEach((s, i) => {
          expect(s).toEqual(states[i]);
        });
      }),
      { numRuns: 15 },
    );
  });

  it('apply never changes its input state', () => {
    const s0 = unwrap(
      G.applyDeal(
        G.start(unwrap(G.parseConfig({ players: 4 })), 0),
        G.randomDeal(G.start(unwrap(G.parseConfig({ players: 4 })), 0), seeded('x')),
      ),
    );
    const snap = structuredClone(s0);
    for (const seat of G.toAct(s0)) for (const a of G.legalActions(s0, seat)) G.apply(s0, seat, a);
    expect(s0).toEqual(snap);
  });
});

it('every card of the deck has a bit', () => {
  expect([...CARD].sort()).toEqual([...DECK32].sort());
});
