/**
 * Klapper-Jas cards over 32-bit sets. Bit = the kernel's JASS32 kind: suit * 8 + r, with r = 0..7 for
 * 7 8 9 T J Q K A, the meld sequence order (000 Abb. 3), so a Terz is three neighbouring bits inside one
 * suit byte. Card parsing, the orders of 000 Abb. 1/2, the card points and their flat tables per trump
 * suit for the hot paths come from the kernel (kernel/deck.ts, kernel/jass.ts, kernel/jass32.ts).
 */
import type { Card, Rank, Suit } from '../core/cards.ts';
import { SUITS } from '../core/cards.ts';
import {
  CARD32,
  FOLLOW_RULES,
  JASS32,
  JASS32_GAME,
  jassTrickRules,
  type TrickRules,
} from '../kernel/index.ts';

export { CARD32 as CARD, cardsOfWord as cardsOf, SUIT_MASK } from '../kernel/index.ts';

export const SEQ: readonly Rank[] = JASS32.ranks;

/** The bit of a card string, or -1 for anything that is not a 32-deck card. */
export const bitOf: (c: unknown) => number = JASS32.kindOf;

export const suitIndex = (s: unknown): number => (typeof s === 'string' ? SUITS.indexOf(s as Suit) : -1);
export const seqIndex = (r: unknown): number => (typeof r === 'string' ? SEQ.indexOf(r as Rank) : -1);

/** Suit names by SUITS index, for error messages. */
export const SUIT_NAME: readonly string[] = ['Kreuz', 'Pik', 'Herz', 'Karo'];

/** The follow rule of 000 4.1 and 001 "Spiel": the kernel's `ruff-overtrump` policy. */
export const FOLLOW_RULE = FOLLOW_RULES['ruff-overtrump'];
/**
 * The card-level trick rules with trump suit `trump` (SUITS index): the kernel's ranking and follow policy,
 * for bots and tools (legal cards, what a seat's play shows it cannot hold: kernel/infer.ts).
 */
export const trickRules = (trump: number): TrickRules<Card> =>
  jassTrickRules(JASS32_GAME, trump, FOLLOW_RULE.policy);
/** Points of the last trick (000 3.5: "erhält 10 Augen zusätzlich"). */
export const LAST_TRICK = JASS32_GAME.lastTrick;
/** What a Belle (trump Dame and König in one hand, 000 3.4) adds to its party's points. */
export const BELLE_VALUE = 20;
/** Whether the declarer's party beats an opposing party's total (000 5): only with more; a tie loses. */
export const declarerBeats = (declarer: number, other: number): boolean => declarer > other;
/** Cards in each hand in play: 8 with four players (000 4.4), 9 with two or three (000 4.2). */
export const handSize = (players: number): number => (players === 4 ? 8 : 9);

export const R_SEVEN = 0;
export const R_NINE = 2;
export const R_JACK = 4;
export const R_QUEEN = 5;
export const R_KING = 6;

/** The suits a Kleines may be played in, by turned suit (000 4.1: "also eine andere Farbe"): the other three. */
export const kleinesSuits = (turnedSuit: number): number[] => [0, 1, 2, 3].filter((t) => t !== turnedSuit);
/** The trump of a besser (000 4.1: "wenn sie Kreuz spielen wollen"): Kreuz. */
export const BESSER_TRUMP = 0;

/** Whether a deal has the exchange of the 7: with two or three players (000 4.4: not with four). */
export const hasExchange = (players: number): boolean => players !== 4;
/**
 * The 7 its holder may exchange for the turned card (000 4.2/4.3, 001), by the turned card's suit (SUITS
 * index): the 7 of the turned suit, whichever suit becomes trump. The engine's exchange (phases.ts) and
 * the bots' deal sampling read it here.
 */
export const turnedSeven = (turnedSuit: number): number => turnedSuit * 8 + R_SEVEN;

/**
 * `hand` after the exchange of the 7 for the card `turned`: the 7 of its suit, if the hand holds it, gives
 * way to it; any other hand stays as it is. Card strings, for a bot's sampled deals.
 */
export function afterExchange(hand: readonly Card[], turned: Card): Card[] {
  const seven = CARD32[turnedSeven(bitOf(turned) >>> 3)];
  return hand.map((c) => (c === seven ? turned : c));
}
