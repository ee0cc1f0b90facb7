/**
 * The Jass family's card orders and values, once for Klapper-Jas, Klaberjass and Differenzler.
 *
 * Two orders exist in the sources, and they differ only in where the Ten stands:
 * - `ten-high` (Klapper-Jas 000 Abb. 1 and 2, "7 8 9 B D K 10 A" and "7 8 D K 10 A 9 B"; Klaberjass 003,
 *   "As (hoch), König, Königin, Steckfassung, 10 ..." read with the 10 between Ace and King as in Jass):
 *   plain A T K Q J 9 8 7, trump J 9 A T K Q 8 7.
 * - `swiss` (Differenzler 002 Art. 3.1, "Bube, Neun, Ass, König, Dame, Zehn, Acht, Sieben, Sechs" and
 *   "Ass, König, Dame, Bube, Zehn, Neun, ..."): plain A K Q J T 9 8 7 6, trump J 9 A K Q T 8 7 6.
 * The card points are the same in all three (000, 002 Art. 3.2, 003): trump Jack 20, trump Nine 14, Ace 11,
 * Ten 10, King 4, Queen 3, plain Jack 2, the rest 0. The last trick: 10 (000, 003) or 5 (002).
 */
import type { Card, Rank } from '../core/cards.ts';
import { type Deck, JASS32, JASS36 } from './deck.ts';
import type { FollowPolicy } from './follow.ts';
import type { TrickRules } from './infer.ts';
import { TRUMP, type TrickOrder } from './trick.ts';

export const JASS_ORDERS = ['ten-high', 'swiss'] as const;
export type JassOrder = (typeof JASS_ORDERS)[number];

/** Ranks from strongest to weakest (a 32-card deck simply has no Six). */
export const PLAIN_ORDER: Readonly<Record<JassOrder, readonly Rank[]>> = {
  'ten-high': ['A', 'T', 'K', 'Q', 'J', '9', '8', '7', '6'],
  swiss: ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6'],
};
export const TRUMP_ORDER: Readonly<Record<JassOrder, readonly Rank[]>> = {
  'ten-high': ['J', '9', 'A', 'T', 'K', 'Q', '8', '7', '6'],
  swiss: ['J', '9', 'A', 'K', 'Q', 'T', '8', '7', '6'],
};

export const PLAIN_POINTS: Readonly<Record<Rank, number>> = {
  '6': 0,
  '7': 0,
  '8': 0,
  '9': 0,
  T: 10,
  J: 2,
  Q: 3,
  K: 4,
  A: 11,
};
export const TRUMP_POINTS: Readonly<Record<Rank, number>> = { ...PLAIN_POINTS, '9': 14, J: 20 };

/** The Jass tables of one deck, indexed by the deck's rank position (`deck.ranks`). */
export interface JassTables {
  readonly order: JassOrder;
  /** Strength in a plain suit and in trump: 0 = weakest, higher wins. */
  readonly plainStrength: readonly number[];
  readonly trumpStrength: readonly number[];
  readonly plainPoints: readonly number[];
  readonly trumpPoints: readonly number[];
  /** For each rank position: the rank positions whose trump strength is higher (a mask over positions). */
  readonly trumpAbove: readonly number[];
  /** The rank positions ordered weakest first, plain and trump (the solver's strength codes). */
  readonly plainRanks: readonly Rank[];
  readonly trumpRanks: readonly Rank[];
}

export function jassTables(deck: Deck, order: JassOrder): JassTables {
  const plain = PLAIN_ORDER[order].filter((r) => deck.ranks.includes(r)).reverse();
  const trump = TRUMP_ORDER[order].filter((r) => deck.ranks.includes(r)).reverse();
  const trumpStrength = deck.ranks.map((r) => trump.indexOf(r));
  return {
    order,
    plainStrength: deck.ranks.map((r) => plain.indexOf(r)),
    trumpStrength,
    plainPoints: deck.ranks.map((r) => PLAIN_POINTS[r]),
    trumpPoints: deck.ranks.map((r) => TRUMP_POINTS[r]),
    trumpAbove: trumpStrength.map((v) => trumpStrength.reduce((m, w, p) => (w > v ? m | (1 << p) : m), 0)),
    plainRanks: plain,
    trumpRanks: trump,
  };
}

// ---- the Jass games' trick rules over card strings (bots, tools, tests) ----

/** What the Jass games share in card play; each game's instance is below. */
export interface JassGame {
  readonly deck: Deck;
  readonly tables: JassTables;
  /** Points of the last trick. */
  readonly lastTrick: number;
  /** Trump ranks a trump lead never forces out (Differenzler: the Jack, 002 Art. 4.5). */
  readonly exemptTrumps: readonly Rank[];
}

/** Klapper-Jas (000, 001) and Klaberjass (003): 32 cards, the ten-high order, last trick 10. */
export const JASS32_GAME: JassGame = {
  deck: JASS32,
  tables: jassTables(JASS32, 'ten-high'),
  lastTrick: 10,
  exemptTrumps: [],
};
/** Differenzler (002 Art. 3): 36 cards, the Swiss order, last trick 5, the trump Jack never forced. */
export const DIFFERENZLER_GAME: JassGame = {
  deck: JASS36,
  tables: jassTables(JASS36, 'swiss'),
  lastTrick: 5,
  exemptTrumps: ['J'],
};

/** The trick order over card strings with trump suit `trump` (SUITS index). */
export function jassOrder(game: JassGame, trump: number): TrickOrder<Card> {
  const { deck, tables } = game;
  const suit = (c: Card): number => deck.suitOfKind(deck.kindOf(c));
  const rank = (c: Card): number => deck.rankOfKind(deck.kindOf(c));
  return {
    suit: (c) => (suit(c) === trump ? TRUMP : suit(c)),
    strength: (c) => (suit(c) === trump ? tables.trumpStrength[rank(c)] : tables.plainStrength[rank(c)]),
  };
}

/** The card-level trick rules (infer.ts) of a Jass game with trump `trump` under `policy`. */
export function jassTrickRules(game: JassGame, trump: number, policy: FollowPolicy): TrickRules<Card> {
  const exempt = game.exemptTrumps;
  return {
    order: jassOrder(game, trump),
    policy,
    ...(exempt.length > 0 ? { exempt: (c: Card) => exempt.includes(c[1] as Rank) } : {}),
  };
}

/** Card points of `card` with trump suit `trump`. */
export function jassPoints(game: JassGame, trump: number, card: Card): number {
  const k = game.deck.kindOf(card);
  const r = game.deck.rankOfKind(k);
  return game.deck.suitOfKind(k) === trump ? game.tables.trumpPoints[r] : game.tables.plainPoints[r];
}
