/**
 * A game's override of the kernel's play step (spec.ts item 9, `fast`) changes nothing but speed: the game
 * built with it and the same spec built without it (`trickGame(spec, { reference: true })`) are played side
 * by side through random matches, and give the same legal actions for every seat, the same result (state
 * or refusal with its reason) for every card of the hand, and the same views. The trick views the kernel
 * keeps in the state equal the kernel's `tricksView` over the deal's plays.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DifferenzlerState, differenzler, SPEC } from '../src/differenzler/index.ts';
import {
  type Card,
  handCards,
  JASS32,
  JASS36,
  randomStep,
  SPECTATOR,
  seeded,
  trickGame,
  tricksView,
  unwrap,
} from '../src/index.ts';
import { SPEC as KJ_SPEC, type KlaberjassState, klaberjass } from '../src/klaberjass/index.ts';

const reference = trickGame(SPEC, { reference: true });

describe('Differenzler: fast path = reference step', () => {
  it('same legal actions, results, refusals and views through random matches', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.constantFrom('002', 'swiss'),
        (seed, rule) => {
          const rng = seeded(seed);
          const config = unwrap(
            differenzler.parseConfig({ players: 4, options: { rounds: 2, undertrump: rule } }),
          );
          let s: DifferenzlerState = differenzler.start(config, rng.int(4));
          let plays: { seat: number; card: Card }[] = [];
          while (!differenzler.isOver(s)) {
            if (differenzler.awaitsDeal(s)) {
              const deal = differenzler.randomDeal(s, rng);
              expect(unwrap(reference.applyDeal(s, deal))).toEqual(unwrap(differenzler.applyDeal(s, deal)));
              s = unwrap(differenzler.applyDeal(s, deal));
              plays = [];
              continue;
            }
            for (let seat = 0; seat < 4; seat++)
              expect(differenzler.legalActions(s, seat)).toEqual(reference.legalActions(s, seat));
            if (s.phase === 'play')
              // Every card of the hand: the legal ones to the same state, the others refused alike.
              for (const card of handCards(JASS36, s.held, s.turn)) {
                const action = { t: 'play', card } as const;
                expect(differenzler.apply(s, s.turn, action)).toEqual(reference.apply(s, s.turn, action));
              }
            const { seat, action } = randomStep(differenzler, s, rng);
            if (action.t === 'play') plays.push({ seat, card: (action as unknown as { card: Card }).card });
            s = unwrap(differenzler.apply(s, seat, action as never));
            expect(differenzler.viewFor(s, SPECTATOR)).toEqual(reference.viewFor(s, SPECTATOR));
            // The kept trick views are the plays grouped by the kernel's tricksView, points and bonus included.
            const want = tricksView(
              plays,
              4,
              SPEC.order(s),
              (c) => c,
              (cards, i, done) => {
                let p = done && i === 8 ? 5 : 0;
                for (const c of cards) p += SPEC.cardPoints?.(s, JASS36.kindOf(c)) ?? 0;
                return p;
              },
            );
            if (plays.length > 0)
              expect({ trick: s.trick.length ? want.trick : null, tricks: s.tricks }).toEqual(want);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('Klaberjass: fast path (follow check and play step) = reference step', () => {
  const kjReference = trickGame(KJ_SPEC, { reference: true });
  it('same legal actions (Bella claims included), results, refusals and views through random matches', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom(1, 200), (seed, target) => {
        const rng = seeded(seed);
        const config = unwrap(klaberjass.parseConfig({ players: 2, options: { target } }));
        let s: KlaberjassState = klaberjass.start(config, rng.int(2));
        while (!klaberjass.isOver(s)) {
          if (klaberjass.awaitsDeal(s)) {
            const deal = klaberjass.randomDeal(s, rng);
            expect(unwrap(kjReference.applyDeal(s, deal))).toEqual(unwrap(klaberjass.applyDeal(s, deal)));
            // deal.ts's shortcut: a drawn deal carries its card sets; its plain copy is checked card by card.
            const copy = { hands: deal.hands.map((h) => [...h]), stock: [...deal.stock] };
            expect(unwrap(klaberjass.applyDeal(s, copy))).toEqual(unwrap(klaberjass.applyDeal(s, deal)));
            expect(JSON.parse(JSON.stringify(deal))).toEqual(copy);
            s = unwrap(klaberjass.applyDeal(s, deal));
            continue;
          }
          for (let seat = 0; seat < 2; seat++)
            expect(klaberjass.legalActions(s, seat)).toEqual(kjReference.legalActions(s, seat));
          if (s.phase === 'play')
            // Every card of the hand, with and without Bella: the legal ones to the same state, the others refused alike.
            for (const card of handCards(JASS32, s.held, s.turn))
              for (const action of [
                { t: 'play', card },
                { t: 'play', card, bella: true },
              ] as const)
                expect(klaberjass.apply(s, s.turn, action)).toEqual(kjReference.apply(s, s.turn, action));
          if (s.phase === 'play') {
            // The play step's other refusals (step.ts): the other seat, a card of the other hand, no card.
            const other = handCards(JASS32, s.held, 1 - s.turn);
            const refused = [
              [1 - s.turn, { t: 'play', card: other[0] ?? 'CA' }],
              [s.turn, { t: 'play', card: other[0] ?? 'CA' }],
              [s.turn, { t: 'play', card: 'X9' }],
            ] as const;
            for (const [seat, action] of refused)
              expect(klaberjass.apply(s, seat, action as never)).toEqual(
                kjReference.apply(s, seat, action as never),
              );
          }
          const { seat, action } = randomStep(klaberjass, s, rng);
          s = unwrap(klaberjass.apply(s, seat, action as never));
          expect(klaberjass.viewFor(s, SPECTATOR)).toEqual(kjReference.viewFor(s, SPECTATOR));
          expect(klaberjass.viewFor(s, s.turn)).toEqual(kjReference.viewFor(s, s.turn));
        }
      }),
      { numRuns: 40 },
    );
  });
});
