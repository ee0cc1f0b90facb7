/**
 * Cards as plain data. A card is written suit letter + rank letter: `HJ` (Herz Bube), `CT` (Kreuz Zehn),
 * `S9` (Pik Neun), `D6` (Karo Sechs). Suits: C Kreuz, S Pik, H Herz, D Karo. Ranks: 6 7 8 9 T J Q K A
 * (T = Zehn, J = Bube, Q = Dame, K = König, A = Ass).
 *
 * Every card also has a number, its `id` = suit * 9 + rank index (0..35), used by bit sets and tables.
 */

export const SUITS = ['C', 'S', 'H', 'D'] as const;
export type Suit = (typeof SUITS)[number];

export const RANKS = ['6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];

export type Card = `${Suit}${Rank}`;

/** German names used in the interface and the rule documents. */
export const SUIT_NAMES_DE: Record<Suit, string> = { C: 'Kreuz', S: 'Pik', H: 'Herz', D: 'Karo' };
export const RANK_NAMES_DE: Record<Rank, string> = {
  '6': 'Sechs',
  '7': 'Sieben',
  '8': 'Acht',
  '9': 'Neun',
  T: 'Zehn',
  J: 'Bube',
  Q: 'Dame',
  K: 'König',
  A: 'Ass',
};

export const suitOf = (card: Card): Suit => card[0] as Suit;
export const rankOf = (card: Card): Rank => card[1] as Rank;
export const cardOf = (suit: Suit, rank: Rank): Card => `${suit}${rank}`;

/** All 36 cards in id order. */
export const ALL_CARDS: readonly Card[] = SUITS.flatMap((s) => RANKS.map((r) => cardOf(s, r)));

const ID: Record<string, number> = Object.fromEntries(ALL_CARDS.map((c, i) => [c, i]));

export const cardId = (card: Card): number => ID[card];
export const cardFromId = (id: number): Card => ALL_CARDS[id];

export const isCard = (x: unknown): x is Card => typeof x === 'string' && x.length === 2 && x in ID;

/** The 32-card French (Skat) deck, 7 to Ace: Klapper-Jas and Klaberjass. */
export const DECK32: readonly Card[] = ALL_CARDS.filter((c) => rankOf(c) !== '6');
/** The 36-card deck, 6 to Ace: Differenzler. */
export const DECK36: readonly Card[] = ALL_CARDS;
// Doppelkopf's decks (two copies of each card) are the kernel's DOKO40 and DOKO48 (kernel/deck.ts).

/** Parses a space- or comma-separated list of cards, e.g. `"HJ H9 CA"`. */
export function parseCards(text: string): Card[] | undefined {
  const parts = text.split(/[\s,]+/).filter((p) => p.length > 0);
  const out: Card[] = [];
  for (const p of parts) {
    const c = p.toUpperCase();
    if (!isCard(c)) return undefined;
    out.push(c);
  }
  return out;
}

export const formatCards = (cards: readonly Card[]): string => cards.join(' ');
