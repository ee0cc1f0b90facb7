/**
 * Klaberjass card play (003) as the kernel's hooks: the trick order and card points by trump, the follow
 * policy `ruff-overtrump`, Bella as a claim made with a card, and the fast path of the follow check on the
 * 32-bit hands (guarded by test/kernel.override.test.ts and test/kernel.fast.test.ts).
 */
import type { Card } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import {
  type FastFollow,
  FOLLOW_RULES,
  JASS32,
  legalWord,
  type PlayClaim,
  ruffOvertrump,
  STR,
  SUIT_MASK,
  TRUMP_ABOVE,
  type TrickOrder,
  wordPlays,
} from '../kernel/index.ts';
import { beats, CARDS, cardPoints, ORDERS, POS } from './cards.ts';
import type { KlaberjassState } from './types.ts';

type State = KlaberjassState;

const RUFF = FOLLOW_RULES['ruff-overtrump'];

/**
 * The cards of `hand` that may go on a trick led with `lead` (-1: leading), as a set (003: "müssen Klage immer
 * folgen, wenn fähig; andernfalls muß er Trumpf"; on a trump lead "den Trick nehmen, wenn möglich"): the
 * kernel's `ruff-overtrump` policy on one word (jass32.ts `ruffOvertrump`). The second of two cards meets
 * the led card as the best one, and never a ruffed trick.
 */
export function legalPlays(hand: number, lead: number, trump: number): number {
  return lead < 0 ? hand : ruffOvertrump(hand, lead >> 3, STR[trump * 32 + lead], trump);
}

/** `legalPlays` through the kernel's policy table: the generic form the shortcut is tested against. */
export function legalPlaysByPolicy(hand: number, lead: number, trump: number): number {
  if (lead < 0) return hand;
  const led = lead >> 3;
  const higher = led === trump ? TRUMP_ABOVE[trump * 16 + STR[trump * 32 + lead]] : SUIT_MASK[trump];
  return legalWord(RUFF, hand, SUIT_MASK[led], SUIT_MASK[trump], higher, 0, false);
}

/** The non-dealer of a deal dealt by `dealer`: he bids, talks and leads the first trick (003). */
export const nonDealerOf = (dealer: Seat): Seat => 1 - dealer;
export const nonDealer = (s: State): Seat => nonDealerOf(s.dealer);

/** The trick order over card strings by trump + 1 (0: before the first deal, no trump). */
const CARD_ORDERS: readonly TrickOrder<Card>[] = [-1, 0, 1, 2, 3].map((t) => {
  const order = ORDERS[t < 0 ? 0 : t];
  const suits = CARDS.map((_, i) => (t < 0 ? i >> 3 : order.suit(i)));
  const strengths = CARDS.map((_, i) => order.strength(i));
  return { suit: (c: Card) => suits[JASS32.kindOf(c)], strength: (c: Card) => strengths[JASS32.kindOf(c)] };
});
export const orderOf = (s: State): TrickOrder<Card> => CARD_ORDERS[s.own.trump + 1];
export const pointsOf = (s: State, kind: number): number => cardPoints(kind, s.own.trump);

export function fault(s: State, card: Card): string {
  const t = s.own.trump;
  return s.led >> 3 === t && (s.held[2 * s.turn] & SUIT_MASK[t]) !== 0
    ? `${card} is not allowed: follow trump and head the trick if you can`
    : `${card} is not allowed: follow suit, else trump`;
}

/** Trump King and Queen by trump suit: the cards Bella may come with. */
const BELLA_PAIR: readonly number[] = [0, 1, 2, 3].map(
  (t) => (1 << (t * 8 + POS.king)) | (1 << (t * 8 + POS.queen)),
);

/**
 * Bella (003): the seat that held trump King and Queen when play began claims 20 with the second of them.
 * The first is then out of its hand (it held both, so it played it).
 */
export const BELLA: PlayClaim<State> = {
  field: 'bella',
  // Holding one of the two (the other played): the cheap check; which cards are legal the kernel's card
  // list says (`allows` is asked for those only), so the legal cards are found once.
  may(s, seat) {
    if (seat !== s.own.bellaHolder) return false;
    const pair = s.held[2 * seat] & BELLA_PAIR[s.own.trump];
    return pair !== 0 && pair !== BELLA_PAIR[s.own.trump];
  },
  allows(s, seat, card) {
    if (seat !== s.own.bellaHolder || card >> 3 !== s.own.trump) return false;
    const p = card & 7;
    const other = p === POS.king ? card - 1 : p === POS.queen ? card + 1 : -1;
    return other >= 0 && (s.held[2 * seat] & (1 << other)) === 0;
  },
  refusal: 'Bella is claimed with the second of trump King and Queen, by the seat that held both',
  record: (s, seat) => ({ ...s, own: { ...s.own, bella: seat } }),
};

/** The fast path of the play step (spec.ts item 9) on the 32-bit hands. */
export const FAST: FastFollow<State> = {
  playable(s, seat) {
    return wordPlays(legalPlays(s.held[2 * seat], s.led, s.own.trump));
  },
  allows: (s, seat, kind) => (legalPlays(s.held[2 * seat], s.led, s.own.trump) & (1 << kind)) !== 0,
  beats: (s, kind, top) => beats(kind, top, s.own.trump),
};
