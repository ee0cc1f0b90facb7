/**
 * The follow rules of 002 Art. 4.5 on per-suit masks. See docs/rules/differenzler.md for the reading of
 * the undertrumping sentence and the Swiss alternative.
 */
import type { FollowPolicy } from '../kernel/index.ts';
import { JACK_BIT, rankIndex, suitIndex, TRUMP_ABOVE } from './cards.ts';

export const UNDERTRUMP_RULES = ['002', 'swiss'] as const;
export type UndertrumpRule = (typeof UNDERTRUMP_RULES)[number];

/** The kernel's follow policy of each undertrump rule (002 Art. 4.5; see docs/rules/differenzler.md). */
export const POLICIES: Readonly<Record<UndertrumpRule, FollowPolicy>> = {
  '002': 'trump-anytime-002',
  swiss: 'trump-anytime-swiss',
};

/** Why a card may not be played (for error messages). */
export type FollowFault = 'follow-suit' | 'follow-trump' | 'undertrump';

/**
 * Writes the legal cards, as per-suit masks, into `out`. The hand is `hands[base .. base + 3]`; `lead`
 * is the first card of the trick (-1 when leading), `best` the card winning it so far.
 *
 * Performance shortcut, the one of this module: the kernel's `trump-anytime-002` and `trump-anytime-swiss`
 * policies (`POLICIES`) written out on per-suit masks, as every card played runs it twice (legal actions,
 * then the check in `apply`). test/kernel.fast.test.ts checks it against the kernel's card-level
 * `legalCards` over random positions of both rules.
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
  const ht = hands[base + trump];
  if (led === trump) {
    // "Ist die erste gespielte Karte ein Trumpf, so muss dieser mit Ausnahme des Trumpf-Buben ... bedient werden."
    if ((ht & ~JACK_BIT) !== 0) for (let s = 0; s < 4; s++) if (s !== trump) out[s] = 0;
    return;
  }
  const hl = hands[base + led];
  let trumps = ht;
  if (ht !== 0 && suitIndex(best) === trump) {
    // The trick has been trumped: a lower trump only where the rule allows undertrumping.
    let others = 0;
    for (let s = 0; s < 4; s++) if (s !== trump) others |= hands[base + s];
    const mayUnder = rule === '002' ? hl === 0 : others === 0;
    if (!mayUnder) trumps = ht & TRUMP_ABOVE[rankIndex(best)];
  }
  if (hl !== 0) {
    // Follow suit, or trump at any time.
    for (let s = 0; s < 4; s++) out[s] = 0;
    out[led] = hl;
  }
  out[trump] = trumps;
  // Cannot happen under either rule (a void hand may always throw off or undertrump); kept as a guard.
  if ((out[0] | out[1] | out[2] | out[3]) === 0) for (let s = 0; s < 4; s++) out[s] = hands[base + s];
}

/** Why card `id` (held in the hand) is not among the legal cards; for error messages. */
export function followFault(trump: number, lead: number, id: number): FollowFault {
  const led = suitIndex(lead);
  if (led === trump) return 'follow-trump';
  return suitIndex(id) === trump ? 'undertrump' : 'follow-suit';
}
