/**
 * The trick-taking kernel: decks, card sets with duplicates, the Jass tables, trick ranking, and the follow
 * policies as tables of cases naming their source passages, with the inference checked against them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Card, SUITS } from '../src/core/cards.ts';
import {
  addKind,
  beats,
  cannotHold,
  cardsIn,
  copiesOf,
  DIFFERENZLER_GAME,
  DOKO40,
  DOKO48,
  FOLLOW_POLICIES,
  FOLLOW_RULES,
  type FollowPolicy,
  fullSet,
  JASS32,
  JASS32_GAME,
  JASS36,
  jassPoints,
  jassTrickRules,
  legalCards,
  legalWord,
  removeKind,
  ruledOut,
  setOf,
  setSize,
  TRUMP,
  type TrickOrder,
  tricksView,
  winnerIndex,
} from '../src/kernel/index.ts';

const cards = (s: string): Card[] => (s.trim() === '' ? [] : (s.trim().split(/\s+/) as Card[]));
const sorted = (x: readonly Card[]): Card[] => [...x].sort();

describe('decks', () => {
  it('parse each card once, by the deck', () => {
    expect(JASS32.kindOf('C7')).toBe(0);
    expect(JASS32.kindOf('DA')).toBe(31);
    expect(JASS32.kindOf('C6')).toBe(-1);
    expect(JASS36.kindOf('C6')).toBe(0);
    expect(JASS36.kindOf('HJ')).toBe(2 * 9 + 5);
    expect(DOKO40.kindOf('H9')).toBe(-1);
    expect(DOKO48.kindOf('H9')).toBe(12);
    for (const bad of ['', 'X7', 'C', 'c7', 'CÄ', 7, null]) expect(JASS36.kindOf(bad)).toBe(-1);
  });
  it('have their sizes: 32, 36, 40 and 48 cards', () => {
    expect([JASS32.size, JASS36.size, DOKO40.size, DOKO48.size]).toEqual([32, 36, 40, 48]);
    expect(setSize(fullSet(DOKO48))).toBe(48);
    expect(setSize(fullSet(JASS32))).toBe(32);
  });
});

describe('card sets with duplicates', () => {
  it('hold two copies of a Doppelkopf card and no third', () => {
    const s = setOf(DOKO48, cards('HT HT CQ'))!;
    expect(setSize(s)).toBe(3);
    expect(copiesOf(DOKO48, s, DOKO48.kindOf('HT'))).toBe(2);
    expect(addKind(DOKO48, s, DOKO48.kindOf('HT'))).toBeUndefined();
    expect(setOf(DOKO48, cards('HT HT HT'))).toBeUndefined();
    expect(cardsIn(DOKO48, removeKind(DOKO48, s, DOKO48.kindOf('HT'))!)).toEqual(['CQ', 'HT']);
  });
  it('round-trip any multiset of the 48 cards', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(DOKO48.cards as Card[]), (hand) => {
        const s = setOf(DOKO48, hand)!;
        expect(setSize(s)).toBe(hand.length);
        expect(sorted(cardsIn(DOKO48, s))).toEqual(sorted(hand));
      }),
    );
  });
});

describe('Jass tables: one set of orders and points', () => {
  const t32 = JASS32_GAME.tables;
  const t36 = DIFFERENZLER_GAME.tables;
  it('ten-high (000 Abb. 1/2, 003): plain 7 8 9 J Q K T A, trump 7 8 Q K T A 9 J, weakest first', () => {
    expect(t32.plainRanks.join(' ')).toBe('7 8 9 J Q K T A');
    expect(t32.trumpRanks.join(' ')).toBe('7 8 Q K T A 9 J');
  });
  it('swiss (002 Art. 3.1): plain 6 7 8 9 T J Q K A, trump 6 7 8 T Q K A 9 J, weakest first', () => {
    expect(t36.plainRanks.join(' ')).toBe('6 7 8 9 T J Q K A');
    expect(t36.trumpRanks.join(' ')).toBe('6 7 8 T Q K A 9 J');
  });
  it('points (000, 002 Art. 3.2, 003): 152 in the cards, 162 with the last 10; 157 with the last 5', () => {
    const sum = (g: typeof JASS32_GAME) =>
      g.deck.kinds.reduce((a, c) => a + jassPoints(g, 2, c), 0) + g.lastTrick;
    expect(sum(JASS32_GAME)).toBe(162);
    expect(sum(DIFFERENZLER_GAME)).toBe(157);
    expect(jassPoints(JASS32_GAME, 2, 'HJ')).toBe(20);
    expect(jassPoints(JASS32_GAME, 2, 'H9')).toBe(14);
    expect(jassPoints(JASS32_GAME, 2, 'CJ')).toBe(2);
  });
});

describe('tricks', () => {
  const order = jassTrickRules(JASS32_GAME, 2, 'ruff-overtrump').order;
  it('the best card of the suit led wins, a trump beats any plain card (000 4.1)', () => {
    expect(winnerIndex(order, cards('CK CA C7'))).toBe(1);
    expect(winnerIndex(order, cards('CK CA H7 SA'))).toBe(2);
    expect(winnerIndex(order, cards('H7 HJ H9'))).toBe(1);
    expect(winnerIndex(order, cards('CK SA DA'))).toBe(0);
  });
  // A Doppelkopf-like order: the effective suit of Queens, Jacks, Heart Ten and Diamonds is TRUMP.
  const doko = (dulle: boolean): TrickOrder<Card> => {
    const trumpOrder = ['D9', 'DK', 'DT', 'DA', 'DJ', 'HJ', 'SJ', 'CJ', 'DQ', 'HQ', 'SQ', 'CQ', 'HT'];
    return {
      suit: (c) => (trumpOrder.includes(c) ? TRUMP : SUITS.indexOf(c[0] as 'C')),
      strength: (c) => (trumpOrder.includes(c) ? trumpOrder.indexOf(c) : '9KTA'.indexOf(c[1])),
      ...(dulle ? { equalBeats: (c: Card) => c === 'HT' } : {}),
    };
  };
  it('trump need not be a suit: a Diamond Nine takes a Heart Ace led (Doppelkopf)', () => {
    expect(winnerIndex(doko(false), cards('HA HK D9'))).toBe(2);
    expect(winnerIndex(doko(false), cards('HA HK HT'))).toBe(2);
  });
  it('of two equal cards the first wins, unless the game says otherwise (the second Dulle)', () => {
    expect(winnerIndex(doko(false), cards('CA CA'))).toBe(0);
    expect(winnerIndex(doko(false), cards('HT HT'))).toBe(0);
    expect(winnerIndex(doko(true), cards('HT HT'))).toBe(1);
    expect(beats(doko(true), 'CA', 'CA')).toBe(false);
  });
  it('views: finished tricks with winners, the open trick without', () => {
    const plays = cards('CK CA C7 H7 SA').map((card, i) => ({ seat: (i + 1) % 3, card }));
    const v = tricksView(plays, 3, order, (c) => c);
    expect(v.tricks).toEqual([
      {
        leader: 1,
        cards: [
          { seat: 1, card: 'CK' },
          { seat: 2, card: 'CA' },
          { seat: 0, card: 'C7' },
        ],
        winner: 2,
      },
    ]);
    expect(v.trick).toEqual({
      leader: 1,
      cards: [
        { seat: 1, card: 'H7' },
        { seat: 2, card: 'SA' },
      ],
    });
  });
});

/** [passage, policy, trump, trick so far, hand, legal cards]. Trump is Herz (H) throughout. */
type Case = readonly [string, FollowPolicy, string, string, string];
const CASES: readonly Case[] = [
  // Doppelkopf's plain rule, on Jass cards (trump = the Herz suit as the one trump suit).
  ['follow the suit led if able', 'follow', 'CK', 'C7 CA HJ S7', 'C7 CA'],
  ['void: any card, no duty to ruff', 'follow', 'CK', 'HJ S7', 'HJ S7'],
  ['trump led: follow trump, no duty to head', 'follow', 'H9', 'H7 HJ C7', 'H7 HJ'],
  // Klapper-Jas 000 4.1 / 001 "Spiel"; Klaberjass 003.
  ['000: "Die ausgespielte Farbe muss bedient werden"', 'ruff-overtrump', 'CK', 'C7 HJ S7', 'C7'],
  ['000: "Kann man nicht bedienen, muss ... gestochen werden"', 'ruff-overtrump', 'CK', 'H7 HJ S7', 'H7 HJ'],
  ['000: "Hat man auch keinen Trumpf ... abgeworfen"', 'ruff-overtrump', 'CK', 'S7 DA', 'S7 DA'],
  ['000: "Wird Trumpf gespielt, muss man ... höheren Trumpf"', 'ruff-overtrump', 'HA', 'H7 H9 C7', 'H9'],
  ['000/003: trump led, no higher trump: any trump', 'ruff-overtrump', 'HJ', 'H7 H9 C7', 'H7 H9'],
  [
    '000: "ein anderer Spieler muss mit stechen ... höher stechen"',
    'ruff-overtrump',
    'CK HA',
    'H7 HJ S7',
    'HJ',
  ],
  ['001: overtrump if able, else still ruff', 'ruff-overtrump', 'CK HA', 'H7 H8 S7', 'H7 H8'],
  ['003: "muss er Trumpf, wenn er kann"', 'ruff-overtrump', 'SA', 'H7 C7', 'H7'],
  // Differenzler 002 Art. 4.5.
  ['002 4.5: "so muss er bedienen ... oder er darf stechen"', 'trump-anytime-002', 'CK', 'C7 H7 S7', 'C7 H7'],
  [
    '002 4.5: void: "eine Karte einer anderen Farbe ... oder ... Trumpf"',
    'trump-anytime-002',
    'CK',
    'H7 S7',
    'H7 S7',
  ],
  ['002 4.5: no undertrump while able to follow', 'trump-anytime-002', 'CK HA', 'C7 H7 HJ S7', 'C7 HJ'],
  [
    '002 4.5: "Untertrumpfen, wenn er die Farbe nicht bedienen kann"',
    'trump-anytime-002',
    'CK HA',
    'H7 HJ S7',
    'H7 HJ S7',
  ],
  ['002 4.5: trump led "muss ... bedient werden"', 'trump-anytime-002', 'HA', 'H7 C7', 'H7'],
  [
    '002 4.5: "mit Ausnahme des Trumpf-Buben": Jack alone is not forced',
    'trump-anytime-002',
    'HA',
    'HJ C7',
    'HJ C7',
  ],
  [
    '002 4.5: Jack and another trump: trump, the Jack among them',
    'trump-anytime-002',
    'HA',
    'HJ H7 C7',
    'HJ H7',
  ],
  ['swiss: void, undertrump only from a hand of trumps', 'trump-anytime-swiss', 'CK HA', 'H7 HJ S7', 'HJ S7'],
  ['swiss: void with trumps only: undertrump allowed', 'trump-anytime-swiss', 'CK HA', 'H7 HJ', 'H7 HJ'],
  ['swiss: able to follow as under 002', 'trump-anytime-swiss', 'CK HA', 'C7 H7 HJ', 'C7 HJ'],
];

describe('follow policies', () => {
  for (const [passage, policy, trick, hand, legal] of CASES)
    it(`${policy}: ${passage}`, () => {
      const game = policy.startsWith('trump-anytime') ? DIFFERENZLER_GAME : JASS32_GAME;
      const rules = jassTrickRules(game, 2, policy);
      expect(sorted(legalCards(rules, cards(hand), cards(trick)))).toEqual(sorted(cards(legal)));
    });

  it('leading: any card', () => {
    for (const p of FOLLOW_POLICIES)
      expect(legalCards(jassTrickRules(JASS32_GAME, 0, p), cards('C7 HA'), [])).toEqual(cards('C7 HA'));
  });
});

/** A random deal position: a trick so far (0..3 cards) and the next seat's hand, from one 36-card shuffle. */
const position = fc
  .tuple(
    fc.shuffledSubarray(JASS36.kinds as Card[], { minLength: 36 }),
    fc.integer({ min: 0, max: 3 }),
    fc.integer({ min: 1, max: 9 }),
    fc.integer({ min: 0, max: 3 }),
  )
  .map(([deck, n, k, trump]) => ({ trick: deck.slice(0, n), hand: deck.slice(4, 4 + k), trump }));

describe('inference from the same policy', () => {
  it('never rules out a card of a hand whose play was legal (every policy, random positions)', () => {
    fc.assert(
      fc.property(position, fc.constantFrom(...FOLLOW_POLICIES), ({ trick, hand, trump }, policy) => {
        fc.pre(trick.length > 0);
        const rules = jassTrickRules(DIFFERENZLER_GAME, trump, policy);
        for (const c of legalCards(rules, hand, trick)) {
          const out = new Set(ruledOut(rules, JASS36.kinds, trick, c));
          for (const h of hand) expect(out.has(h)).toBe(false);
        }
      }),
      { numRuns: 400 },
    );
  });
  it('rules out a card exactly when holding it beside the played card would have made that play illegal', () => {
    fc.assert(
      fc.property(position, fc.constantFrom(...FOLLOW_POLICIES), ({ trick, hand, trump }, policy) => {
        fc.pre(trick.length > 0);
        const rules = jassTrickRules(DIFFERENZLER_GAME, trump, policy);
        const played = hand[0];
        const out = new Set(ruledOut(rules, JASS36.kinds, trick, played));
        // A card beside the played one alone: the smallest holding with it (the policies only grow
        // stricter with more cards held, so this decides).
        for (const c of JASS36.kinds) {
          if (c === played || trick.includes(c)) continue;
          const ok = legalCards(rules, [played, c], trick).includes(played);
          expect(out.has(c)).toBe(!ok);
        }
      }),
      { numRuns: 400 },
    );
  });
  it('a seat that did not follow clubs and did not ruff holds neither clubs nor trump (000 4.1)', () => {
    const rules = jassTrickRules(JASS32_GAME, 2, 'ruff-overtrump');
    const m = cannotHold(rules, JASS32.kinds, [{ leader: 0, cards: cards('CK SA') }], [0, 1, 2, 3]);
    expect(sorted([...m.get(1)!])).toEqual(sorted(JASS32.kinds.filter((c) => c[0] === 'C' || c[0] === 'H')));
    expect(m.get(0)!.size).toBe(0);
  });
  it('Differenzler: not following a trump lead leaves at most the trump Jack (002 4.5)', () => {
    const rules = jassTrickRules(DIFFERENZLER_GAME, 2, 'trump-anytime-002');
    const out = ruledOut(rules, JASS36.kinds, cards('HA'), 'C7');
    // Every trump but the Jack (the Ace led among them: the deck's cards, played or not).
    expect(sorted(out)).toEqual(sorted(cards('H6 H7 H8 H9 HT HQ HK HA')));
  });
});

describe('legalWord: the bit-set form equals the card-level form', () => {
  it('over random positions of every policy (32-bit word: suit * 8 + rank position)', () => {
    const g = JASS32_GAME;
    fc.assert(
      fc.property(
        fc.shuffledSubarray(JASS32.kinds as Card[], { minLength: 32 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(...FOLLOW_POLICIES),
        (deck, n, k, trump, policy) => {
          const trick = deck.slice(0, n);
          const hand = deck.slice(4, 4 + k);
          const rules = jassTrickRules(g, trump, policy);
          const word = (cs: readonly Card[]) => cs.reduce((m, c) => m | (1 << JASS32.kindOf(c)), 0);
          const suitMask = (s: number) => (0xff << (s * 8)) | 0;
          const led = JASS32.suitOfKind(JASS32.kindOf(trick[0]));
          const best = trick[winnerIndex(rules.order, trick)];
          const higher = word(
            JASS32.kinds.filter((c) => rules.order.suit(c) === TRUMP && beats(rules.order, c, best)),
          );
          const ruffed = led !== trump && rules.order.suit(best) === TRUMP;
          const got = legalWord(
            FOLLOW_RULES[policy],
            word(hand),
            suitMask(led),
            suitMask(trump),
            higher,
            0,
            ruffed,
          );
          expect(got).toBe(word(legalCards(rules, hand, trick)));
        },
      ),
      { numRuns: 500 },
    );
  });
});
