/**
 * The Jass-32 deck on one 32-bit word, for the fast paths of Klapper-Jas and Klaberjass: a card is its
 * JASS32 kind, suit * 8 + rank position (7 8 9 T J Q K A = 0..7, the sequence order, so a meld is a run of
 * neighbouring bits in one suit's byte), and a hand is a word of those bits. The tables here are laid out
 * from the Jass tables (jass.ts, order `ten-high`) as flat arrays by trump suit, so a card's points and
 * strength are one array read; `ruffOvertrump` is the `ruff-overtrump` policy (follow.ts) on such a word.
 * Every table is constant data made at load; the equivalence tests are in test/klapperjas.kernel.test.ts.
 */
import type { Card } from '../core/cards.ts';
import { JASS32 } from './deck.ts';
import { JASS32_GAME } from './jass.ts';
import { TRUMP, type TrickOrder } from './trick.ts';

/** The card of every bit (the JASS32 kinds). */
export const CARD32: readonly Card[] = JASS32.kinds;

/** The bits of each suit's byte, by suit (SUITS index). */
export const SUIT_MASK: readonly number[] = [0xff, 0xff00, 0xff0000, 0xff000000 | 0];

/** The cards of a word, lowest bit first. */
export function cardsOfWord(set: number): Card[] {
  const out: Card[] = [];
  while (set !== 0) {
    const low = set & -set;
    out.push(CARD32[31 - Math.clz32(low)]);
    set ^= low;
  }
  return out;
}

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

/** The kernel's trick order over card bits with trump `t` (the reference STR is tested against). */
export const bitOrder = (t: number): TrickOrder<number> => ({
  suit: (b) => (b >>> 3 === t ? TRUMP : b >>> 3),
  strength: (b) => strengthOf(t, b),
});

/**
 * The cards of hand `h` that may be played to a trick led in suit `led` whose best card has strength
 * `winStr` (STR), with trump suit `t`, under the `ruff-overtrump` policy (follow.ts) specialised to one
 * word and no exempt trumps: it returns as soon as the answer is known (most cards follow suit), where the
 * generic `legalWord` computes every category first (about 6% of Klapper-Jas's random self-play).
 */
export function ruffOvertrump(h: number, led: number, winStr: number, t: number): number {
  const follow = h & SUIT_MASK[led];
  if (led === t) {
    // Trump led: a higher trump if held, else any trump, else any card.
    if (follow === 0) return h;
    const hi = follow & TRUMP_ABOVE[t * 16 + winStr];
    return hi !== 0 ? hi : follow;
  }
  if (follow !== 0) return follow;
  const tr = h & SUIT_MASK[t];
  if (tr === 0) return h;
  // Unable to follow: ruff; over a ruff, overtrump if able (above a plain best card is every trump).
  const hi = tr & TRUMP_ABOVE[t * 16 + winStr];
  return hi !== 0 ? hi : tr;
}
