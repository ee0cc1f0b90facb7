/**
 * The play of 002 Art. 4.5-4.7 as the kernel's hooks: the trick order and card points by trump, the follow
 * policy of each undertrump rule, and the fast path of the follow check on per-suit masks. See
 * docs/rules/differenzler.md for the reading of the undertrumping sentence and the Swiss alternative.
 */
import type { Card } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import {
  type CardAction,
  type FastFollow,
  type FollowPolicy,
  JASS36,
  PLAYS,
  suitPlays,
  type TrickOrder,
} from '../kernel/index.ts';
import {
  beats,
  cardValue,
  JACK,
  JACK_BIT,
  ORDERS,
  rankIndex,
  SUIT_BITS,
  suitIndex,
  TRUMP_ABOVE,
} from './cards.ts';
import type { DifferenzlerState } from './types.ts';

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
  hands: ArrayLike<number>,
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

const FAULTS = {
  'follow-suit': 'must follow the suit led or trump',
  'follow-trump': 'must follow trump (only the trump Bube is never forced)',
  undertrump: 'may not undertrump here',
} as const;

/** The card id (JASS36 kind: suit * 9 + rank) of a card string, -1 for anything else. */
const idOf = JASS36.kindOf;

/**
 * The trick order over card strings by trump suit index + 1 (0: before the first deal, no trump): the
 * effective suit and strength of every card id in a table, read by the deck's one table load per card.
 */
const CARD_ORDERS: readonly TrickOrder<Card>[] = [-1, 0, 1, 2, 3].map((t) => {
  const suits = JASS36.cards.map((_, id) => (t < 0 ? suitIndex(id) : ORDERS[t].suit(id)));
  const strengths = JASS36.cards.map((_, id) => (t < 0 ? rankIndex(id) : ORDERS[t].strength(id)));
  return { suit: (c: Card) => suits[idOf(c)], strength: (c: Card) => strengths[idOf(c)] };
});

export const orderOf = (s: DifferenzlerState): TrickOrder<Card> => CARD_ORDERS[s.own.trump + 1];
export const cardPoints = (s: DifferenzlerState, kind: number): number => cardValue(kind, s.own.trump);
export const policyOf = (s: DifferenzlerState): FollowPolicy => POLICIES[s.config.options.undertrump];
/** The trump Bube: a trump lead never forces it (002 Art. 4.5). */
export const exempt = (s: DifferenzlerState, card: Card): boolean => {
  const id = idOf(card);
  return suitIndex(id) === s.own.trump && rankIndex(id) === JACK;
};
export const fault = (s: DifferenzlerState, card: Card): string =>
  `${card}: ${FAULTS[followFault(s.own.trump, s.led, idOf(card))]}`;

/** The play actions of each suit's 9-bit mask, interned: `BY_SUIT[suit * 512 + mask]`. */
const BY_SUIT: readonly (readonly CardAction[])[] = Array.from({ length: 4 * 512 }, (_, i) =>
  JASS36.cards
    .filter((_, id) => suitIndex(id) === i >> 9 && (i & 511 & (1 << rankIndex(id))) !== 0)
    .map((c) => PLAYS[c]),
);
/** By card id: suit << 12 | its rank bit. */
const CODE: readonly number[] = JASS36.cards.map((_, id) => (suitIndex(id) << 12) | (1 << rankIndex(id)));

const hand4 = new Int32Array(4);
const legal4 = new Int32Array(4);

/**
 * The legal cards of the seat to play as per-suit masks in `legal4`. The hand's masks come from the kernel's
 * card set (`held`: card id = slot, 36 bits in two words) by shifts.
 */
function legalNow(s: DifferenzlerState, seat: Seat): void {
  const lo = s.held[2 * seat];
  const hi = s.held[2 * seat + 1];
  hand4[0] = lo & SUIT_BITS;
  hand4[1] = (lo >>> 9) & SUIT_BITS;
  hand4[2] = (lo >>> 18) & SUIT_BITS;
  hand4[3] = ((lo >>> 27) | (hi << 5)) & SUIT_BITS;
  if (s.led < 0) {
    legal4[0] = hand4[0];
    legal4[1] = hand4[1];
    legal4[2] = hand4[2];
    legal4[3] = hand4[3];
    return;
  }
  legalMasks(hand4, 0, s.own.trump, s.led, s.top, s.config.options.undertrump, legal4);
}

/**
 * Performance shortcut (kernel spec.ts, item 9): the follow check on per-suit masks (`legalMasks`) in place
 * of the kernel's card-level `legalCards`, as every card played runs it twice (legal actions, then the
 * check in `apply`). test/kernel.override.test.ts plays the game with and without it side by side.
 */
export const FAST: FastFollow<DifferenzlerState> = {
  playable(s, seat) {
    legalNow(s, seat);
    return suitPlays(BY_SUIT, 512, legal4[0], legal4[1], legal4[2], legal4[3]);
  },
  beats: (s, kind, top) => beats(kind, top, s.own.trump),
  allows(s, seat, kind) {
    legalNow(s, seat);
    const code = CODE[kind];
    return (legal4[code >>> 12] & code & SUIT_BITS) !== 0;
  },
};
