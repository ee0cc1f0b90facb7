/**
 * The follow rules of 002 Art. 4.5 on per-suit masks. See docs/rules/differenzler.md for the reading of
 * the undertrumping sentence and the Swiss alternative.
 */
import {
  allowedCategories,
  EXEMPT,
  FOLLOW,
  FOLLOW_RULES,
  type FollowRule,
  HIGHER,
  LOWER,
  OTHER,
} from '../kernel/index.ts';
import { JACK_BIT, rankIndex, SUIT_BITS, suitIndex, TRUMP_ABOVE } from './cards.ts';

export const UNDERTRUMP_RULES = ['002', 'swiss'] as const;
export type UndertrumpRule = (typeof UNDERTRUMP_RULES)[number];

/** The kernel's follow policy of each undertrump rule (002 Art. 4.5; see docs/rules/differenzler.md). */
export const POLICIES: Readonly<Record<UndertrumpRule, FollowRule>> = {
  '002': FOLLOW_RULES['trump-anytime-002'],
  swiss: FOLLOW_RULES['trump-anytime-swiss'],
};

/** Why a card may not be played (for error messages). */
export type FollowFault = 'follow-suit' | 'follow-trump' | 'undertrump';

/**
 * Writes the legal cards, as per-suit masks, into `out`. The hand is `hands[base .. base + 3]`; `lead`
 * is the first card of the trick (-1 when leading), `best` the card winning it so far. The categories of
 * the kernel's follow policies (kernel/follow.ts) on per-suit masks; the trump Jack is the exempt trump.
 */
export function legalMasks(
  hands: readonly number[],
  base: number,
  trump: number,
  lead: number,
  best: number,
  rule: UndertrumpRule,
  out: Int32Array | number[],
): void {
  for (let s = 0; s < 4; s++) out[s] = hands[base + s];
  if (lead < 0) return;
  const led = suitIndex(lead);
  const trumpLed = led === trump;
  const bestTrump = suitIndex(best) === trump;
  const ht = hands[base + trump];
  const above = bestTrump ? TRUMP_ABOVE[rankIndex(best)] : SUIT_BITS;
  const x = trumpLed ? ht & JACK_BIT : 0;
  const h = ht & above & ~x;
  const l = ht & ~above & ~x;
  const f = trumpLed ? 0 : hands[base + led];
  let o = 0;
  for (let s = 0; s < 4; s++) if (s !== trump && s !== led) o |= hands[base + s];
  const held =
    (f !== 0 ? FOLLOW : 0) |
    (h !== 0 ? HIGHER : 0) |
    (l !== 0 ? LOWER : 0) |
    (x !== 0 ? EXEMPT : 0) |
    (o !== 0 ? OTHER : 0);
  const a = allowedCategories(POLICIES[rule], held, trumpLed, !trumpLed && bestTrump);
  for (let s = 0; s < 4; s++)
    if (s !== trump) out[s] = s === led ? ((a & FOLLOW) !== 0 ? f : 0) : (a & OTHER) !== 0 ? out[s] : 0;
  out[trump] = ((a & HIGHER) !== 0 ? h : 0) | ((a & LOWER) !== 0 ? l : 0) | ((a & EXEMPT) !== 0 ? x : 0);
}

/** Why card `id` (held in the hand) is not among the legal cards; for error messages. */
export function followFault(trump: number, lead: number, id: number): FollowFault {
  const led = suitIndex(lead);
  if (led === trump) return 'follow-trump';
  return suitIndex(id) === trump ? 'undertrump' : 'follow-suit';
}
