/**
 * Properties of Doppelkopf over random deals and random legal play (fast-check seeds): card points and
 * tricks add up, DDV scores are zero-sum, cards are conserved, views show each seat its own cards only,
 * and whom `toAct` lists as an announcer does not depend on the hidden parties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardsOf } from '../src/doppelkopf/deal.ts';
import {
  type DoppelkopfAction,
  type DoppelkopfState,
  doppelkopf as G,
  held,
  heldTwice,
  optionalActors,
  toAct,
} from '../src/doppelkopf/index.ts';
import { randomStep, seeded, unwrap } from '../src/index.ts';

type S = DoppelkopfState;

/** Plays one random match of `games` deals; calls `visit` on every state. */
function match(
  preset: 'ddv' | 'house',
  seed: number,
  games: number,
  visit: (s: S) => void,
  pflichtsolo = true,
): S {
  const rng = seeded(seed);
  const cfg = unwrap(G.parseConfig({ players: 4, preset, options: { games, pflichtsolo } }));
  let s: S = G.start(cfg, seed % 4);
  while (!G.isOver(s)) {
    if (G.awaitsDeal(s)) s = unwrap(G.applyDeal(s, G.randomDeal(s, rng)));
    else if (s.phase === 'reserve' && rng.int(5) > 0) {
      // Mostly gesund, so that normal games (and their hidden parties) come up, not only solos.
      const healthy = G.legalActions(s, s.turn).find((a) => a.t === 'healthy');
      s = unwrap(G.apply(s, s.turn, healthy ?? G.legalActions(s, s.turn)[0]));
    } else {
      const step = randomStep(G, s, rng, 0.3);
      s = unwrap(G.apply(s, step.seat, step.action as DoppelkopfAction));
    }
    visit(s);
  }
  return s;
}

const PRESETS = ['ddv', 'house'] as const;

describe.each(PRESETS)('doppelkopf properties: %s', (preset) => {
  const n = preset === 'ddv' ? 12 : 10;

  it('every deal: all card points (240) and tricks taken; DDV scores zero-sum; totals are the sum of the deals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        const end = match(preset, seed, 5, () => {});
        const out = G.outcome(end);
        // A house redeal (Krankheit, Armut passed round) is listed but not counted.
        expect(out.deals.filter((d) => d.contract.kind !== 'redeal').length).toBe(5);
        const totals = [0, 0, 0, 0];
        for (const d of out.deals) {
          if (d.contract.kind === 'redeal') continue;
          expect(d.cardPoints.re + d.cardPoints.kontra).toBe(240);
          expect(d.cardPoints.bySeat.reduce((a, b) => a + b, 0)).toBe(240);
          expect(d.tricks.length).toBe(n);
          expect(d.tricks.reduce((a, t) => a + t.points, 0)).toBe(240);
          expect(d.tricksWon.re + d.tricksWon.kontra).toBe(n);
          if (preset === 'ddv') expect(d.score.reduce((a, b) => a + b, 0)).toBe(0);
          d.score.forEach((x, i) => {
            totals[i] += x;
          });
        }
        expect(out.scores).toEqual(totals);
      }),
      { numRuns: 25, seed: 12 },
    );
  });

  it('cards are conserved; each seat sees its own remaining cards and no other hand', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        match(preset, seed, 2, (s) => {
          if (s.phase !== 'play' && s.phase !== 'reserve' && s.phase !== 'declare') return;
          const played = new Map<string, number>();
          for (let c = s.plays; c !== null; c = c.prev) {
            const card = cardsOf(1 << c.kind, 0)[0];
            played.set(card, (played.get(card) ?? 0) + 1);
          }
          for (let seat = 0; seat < 4; seat++) {
            const own = cardsOf(held(s, seat), heldTwice(s, seat));
            expect([...G.viewFor(s, seat).hand].sort()).toEqual([...own].sort());
          }
          // Every dealt card is either still in a hand or played (house Armut moves cards between hands).
          const all = [0, 1, 2, 3].flatMap((seat) => cardsOf(held(s, seat), heldTwice(s, seat)));
          expect(all.length + [...played.values()].reduce((a, b) => a + b, 0)).toBe(4 * n);
        });
      }),
      { numRuns: 10, seed: 13 },
    );
  });

  it('toAct does not depend on the hidden parties (normal game, stilles Solo)', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        match(
          preset,
          seed,
          2,
          (s) => {
            const c = s.d.contract;
            if (s.phase !== 'play' || c === null || (c.kind !== 'normal' && c.kind !== 'silent-solo')) return;
            // The state's listed actors are the ones computed from it...
            expect(optionalActors(s)).toBe(s.opt);
            expect(
              toAct(s)
                .slice(1)
                .every((x) => (s.opt >> x) & 1),
            ).toBe(true);
            // ... and the same public facts with any other parties list the same seats.
            for (const re of [0b0011, 0b0101, 0b1001, 0b0110, 0b1010, 0b1100, 0b0001, 0b1000])
              expect(optionalActors({ ...s, d: { ...s.d, re } })).toBe(s.opt);
            checked++;
          },
          false,
        );
      }),
      { numRuns: 10, seed: 14 },
    );
    expect(checked).toBeGreaterThan(0);
  });
});
