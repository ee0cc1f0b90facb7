/**
 * Klapper-Jas card tables over 32-bit sets. Bit = suit * 8 + r, with r = 0..7 for 7 8 9 T J Q K A: the
 * meld sequence order (000 Abb. 3), so a Terz is three neighbouring bits inside one suit byte.
 */
import { type Card, cardOf, type Rank, SUITS, type Suit } from '../core/cards.ts';

export const SEQ: readonly Rank[] = ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];

/** Card string of every bit. */
export const CARD: readonly Card[] = SUITS.flatMap((s) => SEQ.map((r) => cardOf(s, r)));

// Character codes to suit and sequence index (-1 elsewhere): card strings parse without lookups.
const SUIT_CODE = new Int8Array(128).fill(-1);
const SEQ_CODE = new Int8Array(128).fill(-1);
SUITS.forEach((s, i) => {
  SUIT_CODE[s.charCodeAt(0)] = i;
});
SEQ.forEach((r, i) => {
  SEQ_CODE[r.charCodeAt(0)] = i;
});

/** The bit of a card string, or -1 for anything that is not a 32-deck card. */
export const bitOf = (c: unknown): number => {
  if (typeof c !== 'string' || c.length !== 2) return -1;
  const s = SUIT_CODE[c.charCodeAt(0) & 127];
  const r = SEQ_CODE[c.charCodeAt(1) & 127];
  return s < 0 || r < 0 || c.charCodeAt(0) > 127 || c.charCodeAt(1) > 127 ? -1 : s * 8 + r;
};

export const suitIndex = (s: unknown): number => (typeof s === 'string' ? SUITS.indexOf(s as Suit) : -1);
export const seqIndex = (r: unknown): number => (typeof r === 'string' ? SEQ.indexOf(r as Rank) : -1);

export const SUIT_MASK: readonly number[] = [0xff, 0xff00, 0xff0000, 0xff000000 | 0];

/** Strength in a plain suit (Abb. 1): 7 8 9 B D K 10 A. */
const PLAIN_STR = [0, 1, 2, 6, 3, 4, 5, 7];
/** Strength in trump (Abb. 2): 7 8 D K 10 A 9 (Mie) B (Jas). */
const TRUMP_STR = [0, 1, 6, 4, 7, 2, 3, 5];
/** Card points (Augen) by r: plain and trump. */
export const PLAIN_VALUE = [0, 0, 0, 10, 2, 3, 4, 11];
export const TRUMP_VALUE = [0, 0, 14, 10, 20, 3, 4, 11];

/** VALUE[trump * 32 + bit]: card points with the given trump suit. */
export const VALUE = new Int8Array(128);
/**
 * STR[trump * 32 + bit]: trick strength, trump cards 8..15 above every plain card (0..7). A plain card
 * only competes within the suit led; the caller checks the suit.
 */
export const STR = new Int8Array(128);
/** TRUMP_ABOVE[trump * 16 + str]: the trump cards stronger than strength `str` (0..15). */
export const TRUMP_ABOVE = new Int32Array(64);

for (let t = 0; t < 4; t++) {
  for (let b = 0; b < 32; b++) {
    const r = b & 7;
    const trump = b >>> 3 === t;
    VALUE[t * 32 + b] = trump ? TRUMP_VALUE[r] : PLAIN_VALUE[r];
    STR[t * 32 + b] = trump ? 8 + TRUMP_STR[r] : PLAIN_STR[r];
  }
  for (let s = 0; s < 16; s++) {
    let m = 0;
    for (let r = 0; r < 8; r++) if (8 + TRUMP_STR[r] > s) m |= 1 << (t * 8 + r);
    TRUMP_ABOVE[t * 16 + s] = m;
  }
}

export const cardsOf = (set: number): Card[] => {
  const out: Card[] = [];
  while (set !== 0) {
    const low = set & -set;
    out.push(CARD[31 - Math.clz32(low)]);
    set ^= low;
  }
  return out;
};

export const R_SEVEN = 0;
export const R_QUEEN = 5;
export const R_KING = 6;
