import type { AnyGame, Card, GameId, Rng } from '@stich/engine';
import { DECK32, gameById, seeded, unwrap } from '@stich/engine';
import type { DifferenzlerView } from '@stich/engine/differenzler/index';
import type { KlaberjassView } from '@stich/engine/klaberjass/index';
import { hasExchange, type KlapperjasView } from '@stich/engine/klapperjas/index';
import { describe, expect, it } from 'vitest';
import { contextOf as differenzlerContext } from '../src/games/differenzler.ts';
import { contextOf as klaberjassContext } from '../src/games/klaberjass.ts';
import { contextOf as klapperjasContext } from '../src/games/klapperjas.ts';
import { decide, requestFor } from '../src/index.ts';
import { exclusions, type PlayContext, problemFor, sampleHands } from '../src/play/context.ts';
import { JAS32 } from '../src/solver/model.ts';
import { Solver } from '../src/solver/search.ts';

/**
 * Every decision of the rule players in the first deal of `matches` seeded matches of `game`: the state, the
 * seat to act and its request; the rule player's answer is played after each one is looked at. Deals are drawn
 * from `rng`, which the caller may share (the draws interleave with its own as the steps come).
 */
function* firstDeals(game: GameId, players: number, rng: Rng, matches: number, tag: string) {
  const g = gameById(game) as AnyGame;
  for (let d = 0; d < matches; d++) {
    let state = g.start(unwrap(g.parseConfig({ players })), d % players);
    const before = g.outcome(state).deals.length;
    while (g.outcome(state).deals.length === before && !g.isOver(state)) {
      if (g.awaitsDeal(state)) {
        state = unwrap(g.applyDeal(state, g.randomDeal(state, rng)));
        continue;
      }
      const seat = g.toAct(state)[0];
      const req = requestFor(game, state, seat, 'rule', `${tag}${d}`);
      yield { g, state, seat, req };
      state = unwrap(g.apply(state, seat, decide(req)));
    }
  }
}

const CONTEXT: Record<string, (v: never, seat: number) => PlayContext> = {
  klapperjas: (v: KlapperjasView, s) => klapperjasContext(v, s),
  klaberjass: (v: KlaberjassView, s) => klaberjassContext(v, s),
  differenzler: (v: DifferenzlerView, s) => differenzlerContext(v, s),
};

/**
 * In real deals played by the rule players: the solver's legal cards, on a deal sampled from the
 * seat's view, are exactly the engine's; the sampled deal gives the seat its own hand and every other
 * seat as many cards as it holds, never a played or excluded card.
 */
describe('the solver follows the engines', () => {
  for (const [game, players] of [
    ['klapperjas', 4],
    ['klapperjas', 3],
    ['klapperjas', 2],
    ['klaberjass', 2],
    ['differenzler', 4],
  ] as [GameId, number][]) {
    it(`${game} ${players}p: same legal cards; samples consistent with the view`, () => {
      const solver = new Solver(10);
      const rng = seeded(`follow-${game}-${players}`);
      let checked = 0;
      for (const { seat, req } of firstDeals(game, players, rng, 6, 'f')) {
        const cards = [
          ...new Set(
            req.legal.filter((a) => a.t === 'play').map((a) => (a as unknown as { card: Card }).card),
          ),
        ];
        if (cards.length > 0 && req.legal.every((a) => a.t === 'play')) {
          const ctx = CONTEXT[game](req.view as never, seat);
          const hands = sampleHands(ctx, rng, exclusions(ctx));
          expect(hands[seat].sort()).toStrictEqual([...ctx.hand].sort());
          const played = new Set([...ctx.tricks, ctx.trick].flatMap((t) => t.cards));
          for (const s of ctx.order) {
            expect(hands[s]).toHaveLength(ctx.handCounts[s]);
            for (const c of hands[s]) expect(played.has(c)).toBe(false);
          }
          solver.load(problemFor(ctx, hands));
          expect(solver.legalCards().sort()).toStrictEqual(cards.sort());
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(25);
    });
  }
});

describe('inference from play', () => {
  // Klapper-Jas, 4 players, trump Herz. Trick 1: seat 0 leads CA, seat 1 throws S7 (no Kreuz, and no
  // trump, or he would have had to ruff), seat 2 ruffs H8, seat 3 plays H7 under it (no Kreuz, no
  // higher trump).
  const base: PlayContext = {
    rules: JAS32,
    deck: [],
    order: [0, 1, 2, 3],
    me: 0,
    trump: 2,
    hand: [],
    handCounts: [7, 7, 7, 7],
    tricks: [{ leader: 0, cards: ['CA', 'S7', 'H8', 'H7'] }],
    trick: { leader: 2, cards: [] },
    known: [[], [], [], []],
    outOfPlay: [],
    party: [0, 1, 0, 1],
    objective: 'difference',
  };
  it('voids and missing higher trumps hold in every sample', () => {
    const deck = (['C', 'S', 'H', 'D'] as const).flatMap((s) =>
      ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'].map((r) => `${s}${r}` as Card),
    );
    const played = new Set(base.tricks[0].cards);
    const rest = deck.filter((c) => !played.has(c));
    // The seat holds the other seven Kreuz, so the three others can all be void in it.
    const ctx: PlayContext = { ...base, deck, hand: rest.filter((c) => c[0] === 'C') };
    const excl = exclusions(ctx);
    const rng = seeded('infer');
    for (let i = 0; i < 200; i++) {
      const hands = sampleHands(ctx, rng, excl);
      expect(hands[1].some((c) => c[0] === 'C' || c[0] === 'H')).toBe(false);
      // Above the H8 in trump: Q K T A 9 J.
      expect(hands[3].some((c) => c[0] === 'H' && 'QKTA9J'.includes(c[1]))).toBe(false);
    }
  });
});

/**
 * Klapper-Jas: the seat's context puts the two face-up cards of the stock out of play (the turned card,
 * after an exchange the 7, and the top of the packet) where the engine deals a stock (2 and 3 players,
 * `hasExchange`), and nothing with four. The bots read the stock from the view, not from the seat count.
 */
describe('Klapper-Jas: the open stock is out of play', () => {
  for (const players of [2, 3, 4]) {
    it(`${players}p`, () => {
      let checked = 0;
      for (const { g, state, seat, req } of firstDeals(
        'klapperjas',
        players,
        seeded(`stock-${players}`),
        4,
        's',
      )) {
        const v = req.view as KlapperjasView;
        if (v.phase === 'play' && v.tricks.length === 0 && (v.trick?.cards.length ?? 0) === 0) {
          const ctx = klapperjasContext(v, seat);
          // The stock: every card in no hand (nothing is played yet).
          const held = new Set(
            Array.from(
              { length: players },
              (_, s) => (g.viewFor(state, s) as KlapperjasView).hand ?? [],
            ).flat(),
          );
          const stock = DECK32.filter((c) => !held.has(c));
          expect(ctx.outOfPlay).toHaveLength(hasExchange(players) ? 2 : 0);
          for (const c of ctx.outOfPlay) expect(stock).toContain(c);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});
