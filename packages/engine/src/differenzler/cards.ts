/**
 * Differenzler card tables (002 Art. 3). Hands are per-suit 9-bit masks: a 36-card hand does not fit in
 * one 32-bit word, and every follow rule asks about one suit at a time. Bit r of a suit mask is rank
 * index r of `RANKS` (6 7 8 9 T J Q K A); a card id is suit * 9 + r as in core/cards.ts.
 */
import { type Card, cardId, RANKS, SUITS, type Suit } from '../core/cards.ts';

export const SUIT_BITS = 0x1ff;
export const JACK = RANKS.indexOf('J');
export const JACK_BIT = 1 << JACK;

/** 002 Art. 3.1, Trumpffarbe: Bube, Neun, Ass, König, Dame, Zehn, Acht, Sieben, Sechs (by rank index). */
export const TRUMP_STRENGTH: readonly number[] = RANKS.map((r) => 8 - 'J9AKQT876'.indexOf(r));
/** 002 Art. 3.1, Nebenfarbe: Ass, König, Dame, Bube, Zehn, Neun, Acht, Sieben, Sechs (by rank index). */
export const PLAIN_STRENGTH: readonly number[] = RANKS.map((r) => 8 - 'AKQJT9876'.indexOf(r));

const TRUMP_POINTS: Record<string, number> = { J: 20, '9': 14, A: 11, K: 4, Q: 3, T: 10 };
const PLAIN_POINTS: Record<string, number> = { A: 11, K: 4, Q: 3, J: 2, T: 10 };
export const TRUMP_VALUE: readonly number[] = RANKS.map((r) => TRUMP_POINTS[r] ?? 0);
export const PLAIN_VALUE: readonly number[] = RANKS.map((r) => PLAIN_POINTS[r] ?? 0);

/** 002 Art. 3.2: the last trick counts 5 more; 157 points in all. */
export const LAST_TRICK_BONUS = 5;
export const TOTAL_POINTS = 157;

/** For each trump rank index: the mask of trump ranks that beat it. */
export const TRUMP_ABOVE: readonly number[] = RANKS.map((_, r) => {
  let m = 0;
  for (let q = 0; q < 9; q++) if (TRUMP_STRENGTH[q] > TRUMP_STRENGTH[r]) m |= 1 << q;
  return m;
});

export const suitIndex = (id: number): number => (id / 9) | 0;
export const rankIndex = (id: number): number => id % 9;

/** Card points of card `id` when `trump` (suit index) is trump. */
export const cardValue = (id: number, trump: number): number =>
  suitIndex(id) === trump ? TRUMP_VALUE[rankIndex(id)] : PLAIN_VALUE[rankIndex(id)];

/** Does card `a`, played after `b` was winning the trick, take the lead? Off-suit non-trumps never do. */
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
