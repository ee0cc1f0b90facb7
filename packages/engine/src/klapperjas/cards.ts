/**
 * Klapper-Jas cards over 32-bit sets. Bit = the kernel's JASS32 kind: suit * 8 + r, with r = 0..7 for
 * 7 8 9 T J Q K A, the meld sequence order (000 Abb. 3), so a Terz is three neighbouring bits inside one
 * suit byte. Card parsing, the orders of 000 Abb. 1/2 and the card points come from the kernel
 * (kernel/deck.ts, kernel/jass.ts); this module only lays them out as flat tables per trump suit for the
 * hot paths (rules.ts), checked against the kernel in klapperjas.kernel.test.ts.
 */
import type { Card, Rank, Suit } from '../core/cards.ts';
import { SUITS } from '../core/cards.ts';
import { FOLLOW_RULES, JASS32, JASS32_GAME, TRUMP, type TrickOrder } from '../kernel/index.ts';

export const SEQ: readonly Rank[] = JASS32.ranks;

/** Card string of every bit. */
export const CARD: readonly Card[] = JASS32.kinds;

/** The bit of a card string, or -1 for anything that is not a 32-deck card. */
export const bitOf: (c: unknown) => number = JASS32.kindOf;

export const suitIndex = (s: unknown): number => (typeof s === 'string' ? SUITS.indexOf(s as Suit) : -1);
export const seqIndex = (r: unknown): number => (typeof r === 'string' ? SEQ.indexOf(r as Rank) : -1);

export const SUIT_MASK: readonly number[] = [0xff, 0xff00, 0xff0000, 0xff000000 | 0];

/** The follow rule of 000 4.1 and 001 "Spiel": the kernel's `ruff-overtrump` policy. */
export const FOLLOW_RULE = FOLLOW_RULES['ruff-overtrump'];
/** Points of the last trick (000 3.5: "erhält 10 Augen zusätzlich"). */
export const LAST_TRICK = JASS32_GAME.lastTrick;

const T = JASS32_GAME.tables;

/** Trick strength of card bit `b` with trump `t`: trump cards 8..15 above every plain card (0..7). */
const strengthOf = (t: number, b: number): number =>
  b >>> 3 === t ? 8 + T.trumpStrength[b & 7] : T.plainStrength[b & 7];

/** VALUE[trump * 32 + bit]: card points with the given trump suit. */
export const VALUE = new Int8Array(128);
/**
 * STR[trump * 32 + bit]: trick strength (strengthOf). A plain card only competes within the suit led;
 * the caller checks the suit.
 */
export const STR = new Int8Array(128);
/** TRUMP_ABOVE[trump * 16 + str]: the trump cards stronger than strength `str` (0..15). */
export const TRUMP_ABOVE = new Int32Array(64);

for (let t = 0; t < 4; t++) {
  for (let b = 0; b < 32; b++) {
    const r = b & 7;
    VALUE[t * 32 + b] = b >>> 3 === t ? T.trumpPoints[r] : T.plainPoints[r];
    STR[t * 32 + b] = strengthOf(t, b);
  }
  for (let s = 0; s < 16; s++) {
    let m = 0;
    for (let r = 0; r < 8; r++) if (strengthOf(t, t * 8 + r) > s) m |= 1 << (t * 8 + r);
    TRUMP_ABOVE[t * 16 + s] = m;
  }
}

/** The kernel's trick order over card bits with trump `t` (the reference for STR). */
export const bitOrder = (t: number): TrickOrder<number> => ({
  suit: (b) => (b >>> 3 === t ? TRUMP : b >>> 3),
  strength: (b) => strengthOf(t, b),
});

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
export const R_NINE = 2;
export const R_JACK = 4;
export const R_QUEEN = 5;
export const R_KING = 6;
