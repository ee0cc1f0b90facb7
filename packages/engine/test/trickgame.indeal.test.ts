/**
 * The kernel's hook 13, `inDeal` (spec.ts), and a deck not shared evenly under a game's own dealing, read
 * through variants of the test-only game Mini: the dealer sits out (four seats, three dealt in, as Klapper-
 * Jas's 3-player end game leaves a seat out), and three players of 32 cards, ten each and two aside.
 */
import { describe, expect, it } from 'vitest';
import {
  type Card,
  err,
  JASS32,
  type OwnDealing,
  ok,
  type Seat,
  seeded,
  setOf,
  shuffle,
  type TrickDeal,
  trickGame,
  unwrap,
} from '../src/index.ts';
import type { MiniConfig } from './games/mini/config.ts';
import { MINI, type MiniState } from './games/mini/rules.ts';

const cards = (s: string): Card[] => s.split(' ') as Card[];

/** Ten cards to each seat dealt in, from the dealer's left; the rest aside; a seat out gets none. */
const TEN: OwnDealing<MiniState, TrickDeal> = {
  draw(s, rng) {
    const deck = shuffle(JASS32.cards, rng);
    const n = s.config.players;
    const hands: Card[][] = Array.from({ length: n }, () => []);
    for (let i = 1, at = 0; i <= n; i++) {
      const seat = (s.dealer + i) % n;
      if (n === 4 && seat === s.dealer) continue;
      hands[seat] = deck.slice(at, at + 10);
      at += 10;
    }
    return { hands };
  },
  parse: (_, input) => ok(input as TrickDeal),
  held(s, deal) {
    const held: number[] = [];
    for (let seat = 0; seat < s.config.players; seat++) {
      const want = s.config.players === 4 && seat === s.dealer ? 0 : 10;
      const set = setOf(JASS32, deal.hands[seat]);
      if (set === undefined || deal.hands[seat].length !== want)
        return err('bad-deal', `seat ${seat} gets ${want} cards`);
      held.push(set.lo, set.hi);
    }
    return ok(held);
  },
};

/** Mini with the dealer out of every deal. */
const SITOUT = trickGame({ ...MINI, dealing: TEN, inDeal: (s) => 15 & ~(1 << s.dealer) });

/** Mini for three players of 32 cards (its own config refuses them; here they are taken as given). */
const THREE = trickGame({
  ...MINI,
  parseConfig: () => ok({ players: 3, preset: 'plain', options: { trump: 'none', deals: 1 } } as never),
  dealing: TEN,
  parties: undefined,
  scoreDeal: (_, tally) => ({ ...tally, score: tally.points, winners: [], party: null }),
});

describe('trickGame: a deck not shared evenly, under the game’s own dealing', () => {
  it('takes 3 players of 32 cards with the game’s dealing, and refuses them with the kernel’s', () => {
    expect(THREE.parseConfig({}).ok).toBe(true);
    const kernel = trickGame({ ...MINI, parseConfig: THREE.parseConfig });
    const r = kernel.parseConfig({});
    expect(!r.ok && r.error.code).toBe('bad-config');
  });

  it('plays a deal of ten cards each out, two left aside', () => {
    const config = unwrap(THREE.parseConfig({})) as MiniConfig;
    let s = THREE.start(config, 2);
    s = unwrap(THREE.applyDeal(s, THREE.randomDeal(s, seeded('three'))));
    expect(s.turn).toBe(0);
    for (let plays = 0; plays < 30; plays++) {
      const seat = THREE.toAct(s)[0];
      s = unwrap(THREE.apply(s, seat, THREE.legalActions(s, seat)[0]));
    }
    expect(s.phase).toBe('over');
    expect(s.results[0].tricksWon.reduce((a, b) => a + b)).toBe(10);
  });
});

describe('trickGame: a seat out of the deal (inDeal)', () => {
  const start = (dealer: Seat): MiniState =>
    SITOUT.start(unwrap(SITOUT.parseConfig({ players: 4, preset: 'plain', options: { deals: 4 } })), dealer);

  it('refuses inDeal with the kernel’s dealing, which deals every seat', () => {
    expect(() => trickGame({ ...MINI, inDeal: () => 7 })).toThrow(/inDeal/);
  });

  it('passes over the seat out: the turn and a trick of three cards', () => {
    // Dealer 1 sits out: seat 2 leads, then 3, then 0; the trick is complete after three cards.
    let s = start(1);
    s = unwrap(
      SITOUT.applyDeal(s, {
        hands: [
          cards('C7 C8 C9 CT CJ CQ CK CA S7 S8'),
          [],
          cards('S9 ST SJ SQ SK SA H7 H8 H9 HT'),
          cards('HJ HQ HK HA D7 D8 D9 DT DJ DQ'),
        ],
      }),
    );
    expect(SITOUT.toAct(s)).toEqual([2]);
    s = unwrap(SITOUT.apply(s, 2, { t: 'play', card: 'SA' }));
    expect(SITOUT.toAct(s)).toEqual([3]);
    s = unwrap(SITOUT.apply(s, 3, { t: 'play', card: 'D7' }));
    expect(SITOUT.toAct(s)).toEqual([0]);
    const r = SITOUT.apply(s, 1, { t: 'play', card: 'S8' });
    expect(!r.ok && r.error.code).toBe('not-your-turn');
    s = unwrap(SITOUT.apply(s, 0, { t: 'play', card: 'S8' }));
    expect(s.tricks).toHaveLength(1);
    expect(s.tricks[0].cards.map((p) => p.seat)).toEqual([2, 3, 0]);
    expect(s.tricks[0].winner).toBe(2);
    expect(SITOUT.toAct(s)).toEqual([2]);
  });

  it('plays whole deals with a different seat out each time; the seat out never acts or takes a trick', () => {
    let s = start(0);
    const rng = seeded('sitout');
    let deals = 0;
    while (s.phase !== 'over') {
      if (s.phase === 'deal') {
        s = unwrap(SITOUT.applyDeal(s, SITOUT.randomDeal(s, rng)));
        deals++;
        continue;
      }
      const seat = SITOUT.toAct(s)[0];
      expect(seat).not.toBe(s.dealer);
      const before = s.tricks;
      s = unwrap(SITOUT.apply(s, seat, SITOUT.legalActions(s, seat)[0]));
      if (s.tricks !== before) expect(s.tricks.at(-1)?.cards).toHaveLength(3);
    }
    expect(deals).toBe(4);
    s.results.forEach((row, i) => {
      expect(row.tricksWon[i]).toBe(0);
      expect(row.tricksWon.reduce((a, b) => a + b)).toBe(10);
    });
  });
});
