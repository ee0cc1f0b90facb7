/**
 * What each party needed (the result's `needs`, so a table can say "Re brauchte 151") and the parties a
 * viewer can tell (`knownParties`: three seats known tell the fourth where that is sure).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DECK_POINTS,
  type DoppelkopfAction,
  type DoppelkopfState,
  doppelkopf as G,
  held,
  heldTwice,
  KIND_CARDS,
  kindOf,
  POINTS,
  scoreDdv,
  scoreHouse,
} from '../src/doppelkopf/index.ts';
import { randomStep, SPECTATOR, seeded, unwrap, type Viewer } from '../src/index.ts';

type S = DoppelkopfState;

const facts = (reCards: number, annRe = 0, annKo = 0, kontraTricks = 5) => ({
  re: 0b0011,
  annRe,
  annKo,
  points: { re: reCards, kontra: 240 - reCards },
  tricks: { re: 10 - kontraTricks, kontra: kontraTricks },
  specials: [],
  solo: false,
});

describe('needs: DDV (scoreDdv)', () => {
  it.each([
    { f: facts(148), re: 121, kontra: 120, why: 'no announcement: Re 121, Kontra 120' },
    { f: facts(120, 0, 1), re: 120, kontra: 121, why: 'only Kontra said: Re 120, Kontra 121' },
    { f: facts(148, 2), re: 151, kontra: 90, why: 'Re said keine 90: Re 151, Kontra 90 against it' },
    { f: facts(166, 1, 3), re: 60, kontra: 181, why: 'Kontra said keine 60: Kontra 181, Re 60' },
    {
      f: facts(230, 5, 0, 1),
      re: 'all-tricks',
      kontra: 'trick',
      why: 'Re said schwarz: every trick; Kontra one',
    },
  ])('$why', ({ f, re, kontra }) => {
    const v = scoreDdv(f);
    expect(v.needs).toEqual({ re, kontra });
  });
  it('Re with 148 after its keine 90 lost, and the needs say why', () => {
    const v = scoreDdv(facts(148, 2));
    expect(v.winner).toBe('kontra');
    expect(v.needs.re).toBe(151);
  });
});

describe('the deck', () => {
  it.each(['ddv', 'house'] as const)(
    '%s: the card points of a deal add up to DECK_POINTS (240), which the needs complement',
    (preset) => {
      const g = G.start(unwrap(G.parseConfig({ players: 4, preset })), 0);
      const deal = G.randomDeal(g, seeded(`deck-${preset}`));
      const sum = deal.hands.flat().reduce((a, c) => a + POINTS[kindOf(c)], 0);
      expect(sum).toBe(DECK_POINTS);
      expect(DECK_POINTS).toBe(240);
    },
  );
});

describe('needs: house (scoreHouse)', () => {
  const house = unwrap(G.parseConfig({ players: 4, preset: 'house' })).options;
  it.each([
    { f: facts(120), re: 121, kontra: 120 },
    { f: facts(166, 2), re: 151, kontra: 90 },
    { f: facts(100, 1, 3), re: 60, kontra: 181 },
    { f: facts(240, 5), re: 240, kontra: 1 },
  ])('Re $re, Kontra $kontra', ({ f, re, kontra }) => {
    expect(scoreHouse(f, house, 'normal').needs).toEqual({ re, kontra });
  });
});

/** Plays one random match; calls `visit` on every state. */
function match(preset: 'ddv' | 'house', seed: number, visit: (s: S) => void): S {
  const rng = seeded(seed);
  // DDV: with fewer deals than seats every deal is a Vorführung (a solo); ten leave normal games.
  const cfg = unwrap(G.parseConfig({ players: 4, preset, options: { games: preset === 'ddv' ? 10 : 3 } }));
  let s: S = G.start(cfg, seed % 4);
  while (!G.isOver(s)) {
    if (G.awaitsDeal(s)) s = unwrap(G.applyDeal(s, G.randomDeal(s, rng)));
    else if (s.phase === 'reserve') {
      const healthy = G.legalActions(s, s.turn).find((a) => a.t === 'healthy');
      s = unwrap(G.apply(s, s.turn, healthy ?? G.legalActions(s, s.turn)[0]));
    } else {
      const step = randomStep(G, s, rng, 0.5);
      s = unwrap(G.apply(s, step.seat, step.action as DoppelkopfAction));
    }
    visit(s);
  }
  return s;
}

const truth = (s: S, x: number) => (((s.d.re >> x) & 1) !== 0 ? 're' : 'kontra');
const queens = (s: S, x: number) =>
  [held(s, x), heldTwice(s, x)].filter((w) => ((w >> KIND_CARDS.indexOf('CQ')) & 1) !== 0).length;

describe.each(['ddv', 'house'] as const)('knownParties: %s', (preset) => {
  it('every deal names what its winner needed, and the winner had it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        const out = G.outcome(match(preset, seed, () => {}));
        for (const d of out.deals) {
          if (d.contract.kind === 'redeal') {
            expect(d.needs).toBeNull();
            continue;
          }
          expect(d.needs).not.toBeNull();
          if (d.winner === 'none' || d.needs === null) continue;
          const n = d.needs[d.winner];
          if (typeof n === 'number') expect(d.cardPoints[d.winner]).toBeGreaterThanOrEqual(n);
        }
      }),
      { numRuns: 10, seed: 21 },
    );
  });

  it('a known party is the true one; a Re viewer with one Kreuz-Dame and two Kontra seats known knows its partner', () => {
    let deduced = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        match(preset, seed, (s) => {
          if (s.phase !== 'play' || s.d.contract?.kind !== 'normal') return;
          const viewers: Viewer[] = [0, 1, 2, 3, SPECTATOR];
          for (const viewer of viewers) {
            const known = G.viewFor(s, viewer).knownParties;
            known.forEach((p, x) => {
              if (p !== null) expect(p).toBe(truth(s, x));
            });
            if (viewer === SPECTATOR || truth(s, viewer) !== 're' || queens(s, viewer) !== 1) continue;
            const kontra = known.filter((p) => p === 'kontra').length;
            if (kontra === 2) {
              expect(known.includes(null), `viewer ${viewer}: ${known.join()}`).toBe(false);
              deduced++;
            }
          }
        });
      }),
      { numRuns: 40, seed: 7 },
    );
    expect(deduced).toBeGreaterThan(0);
  });
});
