/**
 * The Doppelkopf sampler (know.ts) deals the unseen cards consistently with what the seat knows: property
 * test over random deals of both presets played by rule players (so Armut, Hochzeit, solos and announcements
 * occur) to a random point, for a random seat. Each sampled deal must give every seat its number of cards,
 * the viewer its own hand, make up the deck with the cards played, respect every failure to follow, and give
 * the Kreuz-Damen as the parties the seat knows require; the true deal must satisfy the same knowledge.
 */
import { gameById, seeded, unwrap } from '@stich/engine';
import { type DoppelkopfState, type DoppelkopfView, handWords } from '@stich/engine/doppelkopf/index';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { knowledge, sample } from '../src/doppelkopf/know.ts';
import { CQ, esuit, KINDS, kindOf, orderOf } from '../src/doppelkopf/model.ts';
import { decide, requestFor } from '../src/index.ts';

const g = gameById('doppelkopf')!;
type S = DoppelkopfState;

function midDeal(preset: string, seed: number): S | null {
  const rng = seeded(`dk-sampler/${preset}/${seed}`);
  let s = g.start(unwrap(g.parseConfig({ players: 4, preset })), rng.int(4)) as S;
  s = unwrap(g.applyDeal(s, g.randomDeal(s, rng))) as S;
  const stop = rng.int(preset === 'house' ? 40 : 48);
  for (let i = 0; i < 400; i++) {
    if (s.phase === 'play' && s.played >= stop) return s;
    if (s.phase !== 'play' && g.outcome(s).deals.length > 0) return null;
    if (g.awaitsDeal(s)) return null;
    const seat = g.toAct(s)[0];
    s = unwrap(g.apply(s, seat, decide(requestFor('doppelkopf', s, seat, 'rule', `${seed}/${i}`)))) as S;
  }
  return null;
}

/** Voids seen in the view's tricks, recomputed here. */
function voidsOf(v: DoppelkopfView): number[] {
  const order = orderOf(v.contract);
  const out = [0, 0, 0, 0];
  for (const t of [...v.tricks, ...(v.trick ? [v.trick] : [])]) {
    const led = esuit(order, kindOf(t.cards[0].card));
    for (const p of t.cards.slice(1)) if (esuit(order, kindOf(p.card)) !== led) out[p.seat] |= 1 << led;
  }
  return out;
}

function check(s: S, seat: number, seed: number): void {
  const v = g.viewFor(s, seat) as DoppelkopfView;
  const kn = knowledge(v);
  const order = orderOf(v.contract);
  const voids = voidsOf(v);
  const words = handWords(s);
  const truth = [0, 1, 2, 3].map((x) => {
    const n = new Array<number>(KINDS).fill(0);
    for (let k = 0; k < KINDS; k++) n[k] = ((words[x] >> k) & 1) + ((words[4 + x] >> k) & 1);
    return n;
  });
  const cqPlayed = [0, 0, 0, 0];
  for (const t of [...v.tricks, ...(v.trick ? [v.trick] : [])])
    for (const p of t.cards) if (p.card === 'CQ') cqPlayed[p.seat]++;
  const consistent = (hands: readonly (readonly number[])[], what: string) => {
    for (let x = 0; x < 4; x++) {
      expect(
        hands[x].reduce((a, b) => a + b, 0),
        `${what}: cards of seat ${x}`,
      ).toBe(v.handCounts[x]);
      for (let k = 0; k < KINDS; k++) {
        if ((voids[x] & (1 << esuit(order, k))) !== 0) expect(hands[x][k], `${what}: seat ${x} void`).toBe(0);
        expect(hands[x][k], `${what}: seat ${x} knows`).toBeGreaterThanOrEqual(kn.known[x][k]);
      }
      const kind = v.contract?.kind;
      if (kind === 'normal' || kind === 'silent-solo') {
        if (v.knownParties[x] === 're' && cqPlayed[x] === 0)
          expect(hands[x][CQ], `${what}: seat ${x} known Re holds a Kreuz-Dame`).toBeGreaterThan(0);
        if (v.knownParties[x] === 'kontra') expect(hands[x][CQ], `${what}: seat ${x} Kontra`).toBe(0);
      }
      if (kind === 'hochzeit' && v.contract?.clarification === 0 && x !== v.contract.declarer)
        expect(hands[x][CQ], `${what}: only the Hochzeit holder has the Alten`).toBe(0);
    }
    for (let k = 0; k < KINDS; k++) {
      let n = kn.played[k];
      for (let x = 0; x < 4; x++) n += hands[x][k];
      expect(n, `${what}: copies of kind ${k}`).toBe(v.options.nines || k % 6 !== 0 ? 2 : 0);
    }
  };
  consistent(truth, `seed ${seed}: the true deal`);
  const rng = seeded(`s/${seed}`);
  for (let i = 0; i < 5; i++) {
    const d = sample(kn, rng);
    expect(d, `seed ${seed}: a deal was found`).not.toBeNull();
    expect(d!.hands[seat]).toEqual(kn.hand);
    consistent(d!.hands, `seed ${seed} sample ${i}`);
  }
}

describe('Doppelkopf sampler', () => {
  for (const preset of ['ddv', 'house'])
    it(`${preset}: sampled deals respect hand sizes, voids, known cards and the Kreuz-Damen`, () => {
      let checked = 0;
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 3 }), (seed, seat) => {
          const s = midDeal(preset, seed);
          if (s === null) return;
          check(s, seat, seed);
          checked++;
        }),
        { numRuns: 150, seed: preset === 'ddv' ? 1 : 2 },
      );
      expect(checked).toBeGreaterThan(100);
    });
});
