/**
 * The bots keep no follow rule of their own: every bot path that filters cards gives exactly the engine's
 * legal set, over random positions of every game and rule (the rollouts' `legalCards`, the solver's move
 * generator), and what the bots infer from play never rules out a card a legal play could have left.
 */
import type { Card } from '@stich/engine';
import {
  DECK32,
  DECK36,
  legalCards as engineLegal,
  type Rng,
  ruledOut,
  seeded,
  shuffle,
} from '@stich/engine';
import { describe, expect, it } from 'vitest';
import { exclusions, type PlayContext } from '../src/play/context.ts';
import { legalCards } from '../src/play/rules.ts';
import { DIFFERENZLER, type GameRules, JAS32, trickRules } from '../src/solver/model.ts';
import { Solver } from '../src/solver/search.ts';

interface Setup {
  readonly name: string;
  readonly rules: GameRules;
  readonly deck: readonly Card[];
  readonly seats: number;
  readonly undertrump?: '002' | 'swiss';
}

const SETUPS: readonly Setup[] = [
  { name: 'Klapper-Jas 4p', rules: JAS32, deck: DECK32, seats: 4 },
  { name: 'Klapper-Jas 3p', rules: JAS32, deck: DECK32, seats: 3 },
  { name: 'Klaberjass 2p', rules: JAS32, deck: DECK32, seats: 2 },
  { name: 'Differenzler 002', rules: DIFFERENZLER, deck: DECK36, seats: 4, undertrump: '002' },
  { name: 'Differenzler swiss', rules: DIFFERENZLER, deck: DECK36, seats: 4, undertrump: 'swiss' },
];

const sorted = (x: readonly Card[]): Card[] => [...x].sort();

/** Random hands of `size` cards (one fewer for the seats that have played to the trick) and a trick in progress. */
function position(s: Setup, rng: Rng) {
  const n = s.seats;
  const size = 1 + rng.int(Math.floor(s.deck.length / n));
  const cards = shuffle(s.deck, rng);
  const leader = rng.int(n);
  const played = rng.int(n);
  const hands: Card[][] = [];
  let k = 0;
  for (let q = 0; q < n; q++) {
    hands.push(cards.slice(k, k + size));
    k += size;
  }
  // The trick: each of the first `played` seats plays a card the engine allows (size >= 1 leaves it one).
  const trick: Card[] = [];
  const trump = rng.int(4);
  const rules = trickRules(s.rules, trump, s.undertrump);
  for (let i = 0; i < played; i++) {
    const seat = (leader + i) % n;
    const legal = engineLegal(rules, hands[seat], trick);
    const c = legal[rng.int(legal.length)];
    hands[seat] = hands[seat].filter((x) => x !== c);
    trick.push(c);
  }
  return { hands, trick, leader, trump, mover: (leader + played) % n, rules };
}

describe('bot card filters = the engine', () => {
  for (const s of SETUPS)
    it(`${s.name}: rollout legalCards and the solver's move generator, 600 random positions`, () => {
      const rng = seeded(`follow-${s.name}`);
      const solver = new Solver(8);
      for (let i = 0; i < 600; i++) {
        const p = position(s, rng);
        const engine = sorted(engineLegal(p.rules, p.hands[p.mover], p.trick));
        expect(
          sorted(
            legalCards(
              { rules: s.rules, trump: p.trump, undertrump: s.undertrump },
              p.hands[p.mover],
              p.trick,
            ),
          ),
        ).toEqual(engine);
        solver.load({
          rules: s.rules,
          trump: p.trump,
          hands: p.hands,
          trick: p.trick,
          leader: p.leader,
          party: p.hands.map((_, q) => q % 2),
          undertrump: s.undertrump ?? '002',
        });
        expect(sorted(solver.legalCards())).toEqual(engine);
      }
    });
});

describe('bot inference = the engine', () => {
  for (const s of SETUPS)
    it(`${s.name}: exclusions never rule out a card still held after legal play`, () => {
      const rng = seeded(`infer-${s.name}`);
      for (let i = 0; i < 300; i++) {
        const p = position(s, rng);
        if (p.trick.length === 0) continue;
        const order = p.hands.map((_, q) => q);
        const ctx: PlayContext = {
          rules: s.rules,
          undertrump: s.undertrump,
          deck: s.deck,
          order,
          me: p.mover,
          trump: p.trump,
          hand: p.hands[p.mover],
          handCounts: p.hands.map((h) => h.length),
          tricks: [],
          trick: { leader: p.leader, cards: p.trick },
          known: order.map(() => []),
          outOfPlay: [],
          party: order.map((q) => q % 2),
          objective: 'difference',
        };
        const excl = exclusions(ctx);
        for (let j = 1; j < p.trick.length; j++) {
          const seat = (p.leader + j) % s.seats;
          for (const c of p.hands[seat]) expect(excl.get(seat)!.has(c)).toBe(false);
          // The same cards as the engine's own inference for that play.
          const direct = ruledOut(p.rules, s.deck, p.trick.slice(0, j), p.trick[j]);
          expect(sorted([...excl.get(seat)!])).toEqual(sorted(direct));
        }
      }
    });
});
