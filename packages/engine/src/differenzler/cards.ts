/**
 * Differenzler card tables (002 Art. 3). Hands are per-suit 9-bit masks: a 36-card hand does not fit in
 * one 32-bit word, and every follow rule asks about one suit at a time. Bit r of a suit mask is rank
 * index r of `RANKS` (6 7 8 9 T J Q K A); a card id is suit * 9 + r as in core/cards.ts.
 */
import { type Card, cardId, RANKS, SUITS, type Suit } from '../core/cards.ts';
import { DIFFERENZLER_GAME, TRUMP, type TrickOrder } from '../kernel/index.ts';

export const SUIT_BITS = 0x1ff;
export const JACK = RANKS.indexOf('J');
export const JACK_BIT = 1 << JACK;

// The kernel's Jass tables in the Swiss order; rank positions are `RANKS` indices (the kernel's JASS36 ranks).
const T = DIFFERENZLER_GAME.tables;
/** 002 Art. 3.1, Trumpffarbe: Bube, Neun, Ass, König, Dame, Zehn, Acht, Sieben, Sechs (by rank index). */
export const TRUMP_STRENGTH: readonly number[] = T.trumpStrength;
/** 002 Art. 3.1, Nebenfarbe: Ass, König, Dame, Bube, Zehn, Neun, Acht, Sieben, Sechs (by rank index). */
export const PLAIN_STRENGTH: readonly number[] = T.plainStrength;

export const TRUMP_VALUE: readonly number[] = T.trumpPoints;
export const PLAIN_VALUE: readonly number[] = T.plainPoints;

/** 002 Art. 3.2: the last trick counts 5 more; 157 points in all. */
export const LAST_TRICK_BONUS = DIFFERENZLER_GAME.lastTrick;
export const TOTAL_POINTS = 157;

/** For each trump rank index: the mask of trump ranks that beat it. */
export const TRUMP_ABOVE: readonly number[] = T.trumpAbove;

export const suitIndex = (id: number): number => (id / 9) | 0;
export const rankIndex = (id: number): number => id % 9;

/** Card points of card `id` when `trump` (suit index) is trump. */
export const cardValue = (id: number, trump: number): number =>
  suitIndex(id) === trump ? TRUMP_VALUE[rankIndex(id)] : PLAIN_VALUE[rankIndex(id)];

/** The trick order over card ids, by trump suit. */
export const ORDERS: readonly TrickOrder<number>[] = SUITS.map((_, t) => ({
  suit: (c: number) => (suitIndex(c) === t ? TRUMP : suitIndex(c)),
  strength: (c: number) => (suitIndex(c) === t ? TRUMP_STRENGTH[rankIndex(c)] : PLAIN_STRENGTH[rankIndex(c)]),
}));

/**
 * Does card `a`, played after `b` was winning the trick, take the lead? Performance shortcut (every play): the
 * kernel's `beats` over `ORDERS[trump]` written out on the tables; equal to it for every pair of cards and
 * trump (test/kernel.fast.test.ts).
 */
export function beats(a: number, b: number, trump: number): boolean {
  const sa = suitIndex(a);
  const sb = suitIndex(b);
  if (sa === sb) {
    const table = sa === trump ? TRUMP_STRENGTH : PLAIN_STRENGTH;
    return table[rankIndex(a)] > table[rankIndex(b)];
  }
  return sa === trump;
}

export const suitOfIndex = (i: number): Suit => SUITS[i];
export const suitIndexOf = (s: Suit): number => SUITS.indexOf(s);

/** Per-suit masks of a list of cards. */
export function masksOf(cards: readonly Card[]): number[] {
  const m = [0, 0, 0, 0];
  for (const c of cards) {
    const id = cardId(c);
    m[suitIndex(id)] |= 1 << rankIndex(id);
  }
  return m;
}
