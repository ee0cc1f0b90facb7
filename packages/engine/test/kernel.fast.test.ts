/**
 * Every performance shortcut of the games on the kernel equals the kernel's generic form: the written-out
 * `beats` of Klaberjass and Differenzler (every pair of cards, every trump), Differenzler's per-suit
 * `legalMasks` and Klaberjass's `legalPlays` against the kernel's card-level `legalCards` (random positions);
 * the kernel's deal parsing in `applyDeal` (Differenzler's deals) against the kernel deck.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Card, cardId, DECK36, SUITS } from '../src/core/cards.ts';
import { unwrap } from '../src/core/result.ts';
import { seeded } from '../src/core/rng.ts';
import { ORDERS as DZ_ORDERS, beats as dzBeats, masksOf } from '../src/differenzler/cards.ts';
import { differenzler } from '../src/differenzler/index.ts';
import { legalMasks, POLICIES, UNDERTRUMP_RULES } from '../src/differenzler/play.ts';
import {
  beats,
  DIFFERENZLER_GAME,
  handCards,
  JASS32,
  JASS32_GAME,
  JASS36,
  jassTrickRules,
  legalCards,
  winnerIndex,
} from '../src/kernel/index.ts';
import { CARDS, ORDERS as KJ_ORDERS, beats as kjBeats } from '../src/klaberjass/cards.ts';
import { legalPlays, legalPlaysByPolicy } from '../src/klaberjass/play.ts';

const sorted = (x: readonly Card[]): Card[] => [...x].sort();

describe('beats shortcuts = kernel beats', () => {
  it('Klaberjass: every pair of the 32 cards under every trump', () => {
    for (let t = 0; t < 4; t++)
      for (let a = 0; a < 32; a++)
        for (let b = 0; b < 32; b++) if (a !== b) expect(kjBeats(a, b, t)).toBe(beats(KJ_ORDERS[t], a, b));
  });
  it('Differenzler: every pair of the 36 cards under every trump', () => {
    for (let t = 0; t < 4; t++)
      for (let a = 0; a < 36; a++)
        for (let b = 0; b < 36; b++) if (a !== b) expect(dzBeats(a, b, t)).toBe(beats(DZ_ORDERS[t], a, b));
  });
  it('the kernel orders over ids agree with the card-string orders of the Jass games', () => {
    for (let t = 0; t < 4; t++) {
      const kj = jassTrickRules(JASS32_GAME, t, 'ruff-overtrump').order;
      for (let a = 0; a < 32; a++)
        for (let b = 0; b < 32; b++)
          if (a !== b) expect(beats(KJ_ORDERS[t], a, b)).toBe(beats(kj, CARDS[a], CARDS[b]));
      const dz = jassTrickRules(DIFFERENZLER_GAME, t, 'trump-anytime-002').order;
      for (let a = 0; a < 36; a++)
        for (let b = 0; b < 36; b++)
          if (a !== b) expect(beats(DZ_ORDERS[t], a, b)).toBe(beats(dz, DECK36[a], DECK36[b]));
    }
  });
});

/** A trick so far (1..3 cards) and a hand of 1..9 other cards, from one shuffle of `deck`. */
const position = (deck: readonly Card[], maxTrick: number) =>
  fc
    .tuple(
      fc.shuffledSubarray(deck as Card[], { minLength: deck.length }),
      fc.integer({ min: 1, max: maxTrick }),
      fc.integer({ min: 1, max: 9 }),
      fc.integer({ min: 0, max: 3 }),
    )
    .map(([d, n, k, trump]) => ({ trick: d.slice(0, n), hand: d.slice(4, 4 + k), trump }));

describe('follow shortcuts = kernel policies', () => {
  it('Differenzler legalMasks (002 and swiss) = legalCards of trump-anytime-002/-swiss', () => {
    fc.assert(
      fc.property(
        position(DECK36, 3),
        fc.constantFrom(...UNDERTRUMP_RULES),
        ({ trick, hand, trump }, rule) => {
          const rules = jassTrickRules(DIFFERENZLER_GAME, trump, POLICIES[rule]);
          const best = trick[winnerIndex(rules.order, trick)];
          const out = [0, 0, 0, 0];
          legalMasks(masksOf(hand), 0, trump, cardId(trick[0]), cardId(best), rule, out);
          const got = hand.filter(
            (c) => (out[SUITS.indexOf(c[0] as 'C')] & masksOf([c])[SUITS.indexOf(c[0] as 'C')]) !== 0,
          );
          expect(sorted(got)).toEqual(sorted(legalCards(rules, hand, trick)));
        },
      ),
      { numRuns: 2000 },
    );
  });
  it('Klaberjass legalPlays = its policy-table form = legalCards of ruff-overtrump (the second of two cards)', () => {
    fc.assert(
      fc.property(position(JASS32.kinds, 1), ({ trick, hand, trump }) => {
        const set = hand.reduce((m, c) => m | (1 << JASS32.kindOf(c)), 0);
        const lead = JASS32.kindOf(trick[0]);
        const got = CARDS.filter((_, i) => (legalPlays(set, lead, trump) & (1 << i)) !== 0);
        expect(legalPlaysByPolicy(set, lead, trump)).toBe(legalPlays(set, lead, trump));
        const rules = jassTrickRules(JASS32_GAME, trump, 'ruff-overtrump');
        expect(sorted(got)).toEqual(sorted(legalCards(rules, hand, trick)));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("Differenzler's deals through the kernel's applyDeal = the kernel deck's parser", () => {
  const G = differenzler;
  const start = G.start(unwrap(G.parseConfig({ players: 4 })), 0);
  const anyChar = fc.oneof(
    fc.constantFrom(...'CSHD6789TJQKAcshdX0 '),
    fc.integer({ min: 0, max: 0x2ff }).map((c) => String.fromCharCode(c)),
  );
  it('applyDeal accepts a dealt card string exactly when the kernel deck parses it, to the same state', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.nat(35), anyChar, anyChar, (seed, at, a, b) => {
        const deal = G.randomDeal(start, seeded(seed));
        const hands = deal.hands.map((h) => h.slice());
        const old = hands[Math.floor(at / 9)][at % 9];
        const card = a + b;
        hands[Math.floor(at / 9)][at % 9] = card as Card;
        const r = G.applyDeal(start, { hands, trump: deal.trump });
        // Every card is dealt: another card of the deck would be dealt twice, anything else is no card.
        expect(r.ok).toBe(card === old);
        expect(JASS36.kindOf(card) >= 0 || !r.ok).toBe(true);
        if (r.ok)
          expect([0, 1, 2, 3].map((seat) => handCards(JASS36, r.value.held, seat))).toEqual(
            hands.map((h) => h.slice().sort((x, y) => JASS36.kindOf(x) - JASS36.kindOf(y))),
          );
      }),
      { numRuns: 3000 },
    );
  });
  it('every near miss of every dealt card (case, letters of other cards) is refused', () => {
    const deal = G.randomDeal(start, seeded('near'));
    const letters = [...'CSHDcshd6789TJQKAtjqka'];
    for (let at = 0; at < 36; at++)
      for (const a of letters)
        for (const b of letters) {
          const hands = deal.hands.map((h) => h.slice());
          const old = hands[Math.floor(at / 9)][at % 9];
          hands[Math.floor(at / 9)][at % 9] = (a + b) as Card;
          expect(G.applyDeal(start, { hands, trump: deal.trump }).ok).toBe(a + b === old);
        }
  });
});
