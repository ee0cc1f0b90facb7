/**
 * Decks: which card kinds a game uses and how many copies of each. A card kind is a `Card` string
 * (`HJ`); a deck with duplicates (Doppelkopf) holds each kind twice. Cards are parsed here, once, by
 * character-code tables: games and tools never keep their own parser.
 *
 * A deck numbers its kinds 0..kinds-1 (suit by suit in SUITS order, ranks in the deck's rank order) and its
 * slots 0..size-1: slot = kind + copy * kinds (see cardset.ts).
 */
import { type Card, cardOf, type Rank, SUITS } from '../core/cards.ts';
import type { PlayedCard } from './trick.ts';

/** The most seats a table has (the interned played cards of a deck are made for this many). */
export const MAX_SEATS = 16;

export interface Deck {
  readonly name: string;
  /** The ranks of each suit in the deck's own index order, low to high as they are numbered. */
  readonly ranks: readonly Rank[];
  /** Every kind once, in kind order: suit by suit, `ranks` order inside a suit. */
  readonly kinds: readonly Card[];
  /** Copies of each kind (1, or 2 in Doppelkopf). */
  readonly copies: 1 | 2;
  /** Cards in the deck: kinds × copies (at most 64). */
  readonly size: number;
  /** Every card of the deck in slot order (a kind appears once per copy). */
  readonly cards: readonly Card[];
  /** The kind index of a card string, or -1 for anything that is not a card of this deck. */
  kindOf(card: unknown): number;
  /** Suit index (SUITS order) and rank position (in `ranks`) of a kind. */
  suitOfKind(kind: number): number;
  rankOfKind(kind: number): number;
  /**
   * Every seat's play of every kind as trick views hold it, made once and frozen:
   * `played[seat * kinds.length + kind]`. Shared by every trick and view, so a card played allocates none.
   */
  readonly played: readonly PlayedCard[];
  /**
   * The open trick of one card, `[played[i]]`, made once for every entry of `played`: a card led allocates
   * no trick (the play step's shortcut, game.ts).
   */
  readonly opened: readonly (readonly PlayedCard[])[];
}

export function makeDeck(name: string, ranks: readonly Rank[], copies: 1 | 2): Deck {
  const n = ranks.length;
  const kinds = SUITS.flatMap((s) => ranks.map((r) => cardOf(s, r)));
  if (kinds.length * copies > 64) throw new Error('a deck holds at most 64 cards');
  // The kind of every two-character string of ASCII codes, -1 elsewhere: a card parses by one table load.
  const table = new Int8Array(128 * 128).fill(-1);
  kinds.forEach((c, k) => {
    table[(c.charCodeAt(0) << 7) | c.charCodeAt(1)] = k;
  });
  const kindOf = (card: unknown): number => {
    if (typeof card !== 'string' || card.length !== 2) return -1;
    const a = card.charCodeAt(0);
    const b = card.charCodeAt(1);
    return (a | b) > 127 ? -1 : table[(a << 7) | b];
  };
  const cards = copies === 1 ? kinds : [...kinds, ...kinds];
  const played = Array.from({ length: MAX_SEATS * kinds.length }, (_, i) =>
    Object.freeze({ seat: Math.floor(i / kinds.length), card: kinds[i % kinds.length] }),
  );
  // Made as the play step makes a longer trick (`new Array(k + 1)`, filled), not frozen: every trick array
  // is then of one elements kind to V8, whether it opened a trick or completed one.
  const opened = played.map((p) => {
    const trick: PlayedCard[] = new Array(1);
    trick[0] = p;
    return trick;
  });
  return {
    name,
    ranks,
    kinds,
    copies,
    size: cards.length,
    cards,
    kindOf,
    suitOfKind: (k) => (k / n) | 0,
    rankOfKind: (k) => k % n,
    played,
    opened,
  };
}

/** Klapper-Jas and Klaberjass: 7 to Ace, in sequence order (a Terz is three neighbouring kinds). */
export const JASS32 = makeDeck('jass32', ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'], 1);
/** Differenzler: 6 to Ace (the kind index is the core card id, suit * 9 + rank). */
export const JASS36 = makeDeck('jass36', ['6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'], 1);
/** Doppelkopf without nines: 10, J, Q, K, A of each suit, twice. */
export const DOKO40 = makeDeck('doko40', ['T', 'J', 'Q', 'K', 'A'], 2);
/** Doppelkopf with nines: 9, 10, J, Q, K, A of each suit, twice. */
export const DOKO48 = makeDeck('doko48', ['9', 'T', 'J', 'Q', 'K', 'A'], 2);
