/**
 * Card sets of up to 64 slots as two 32-bit words, for decks with duplicates (Doppelkopf: 24 kinds × 2
 * copies = 48 slots). Slot = kind + copy * kinds: copy 0 of every kind comes first, so for a deck of at
 * most 32 kinds `lo` holds the first copies and a set of a single-copy deck of ≤ 32 cards is `lo` alone.
 *
 * A set is an immutable pair; the hot paths of a game may keep the two words in their own fields and use
 * the word functions of core/bits.ts. Bit 31 makes a word negative: compare with 0 by `!== 0`.
 */
import { count } from '../core/bits.ts';
import type { Card } from '../core/cards.ts';
import type { Deck } from './deck.ts';

export interface CardSet {
  readonly lo: number;
  readonly hi: number;
}

export const EMPTY_SET: CardSet = { lo: 0, hi: 0 };

export const slotOf = (deck: Deck, kind: number, copy: number): number => kind + copy * deck.kinds.length;
export const kindOfSlot = (deck: Deck, slot: number): number => slot % deck.kinds.length;

export const hasSlot = (s: CardSet, slot: number): boolean =>
  slot < 32 ? (s.lo & (1 << slot)) !== 0 : (s.hi & (1 << (slot - 32))) !== 0;
export const withSlot = (s: CardSet, slot: number): CardSet =>
  slot < 32 ? { lo: s.lo | (1 << slot), hi: s.hi } : { lo: s.lo, hi: s.hi | (1 << (slot - 32)) };
export const withoutSlot = (s: CardSet, slot: number): CardSet =>
  slot < 32 ? { lo: s.lo & ~(1 << slot), hi: s.hi } : { lo: s.lo, hi: s.hi & ~(1 << (slot - 32)) };

export const setSize = (s: CardSet): number => count(s.lo) + count(s.hi);
export const setUnion = (a: CardSet, b: CardSet): CardSet => ({ lo: a.lo | b.lo, hi: a.hi | b.hi });
export const setIntersect = (a: CardSet, b: CardSet): CardSet => ({ lo: a.lo & b.lo, hi: a.hi & b.hi });
export const setMinus = (a: CardSet, b: CardSet): CardSet => ({ lo: a.lo & ~b.lo, hi: a.hi & ~b.hi });
export const isEmptySet = (s: CardSet): boolean => (s.lo | s.hi) === 0;

/** How many copies of `kind` the set holds (0, 1 or 2). */
export function copiesOf(deck: Deck, s: CardSet, kind: number): number {
  let n = 0;
  for (let c = 0; c < deck.copies; c++) if (hasSlot(s, slotOf(deck, kind, c))) n++;
  return n;
}

/** The set with one more card of `kind` (in its first free copy), or undefined when every copy is in it. */
export function addKind(deck: Deck, s: CardSet, kind: number): CardSet | undefined {
  for (let c = 0; c < deck.copies; c++) {
    const slot = slotOf(deck, kind, c);
    if (!hasSlot(s, slot)) return withSlot(s, slot);
  }
  return undefined;
}

/** The set with one card of `kind` less (its last copy held), or undefined when it holds none. */
export function removeKind(deck: Deck, s: CardSet, kind: number): CardSet | undefined {
  for (let c = deck.copies - 1; c >= 0; c--) {
    const slot = slotOf(deck, kind, c);
    if (hasSlot(s, slot)) return withoutSlot(s, slot);
  }
  return undefined;
}

/** The set of the given cards, or undefined if a card is not of the deck or held more often than the deck has it. */
export function setOf(deck: Deck, cards: readonly unknown[]): CardSet | undefined {
  let s = EMPTY_SET;
  for (const c of cards) {
    const k = deck.kindOf(c);
    if (k < 0) return undefined;
    const next = addKind(deck, s, k);
    if (next === undefined) return undefined;
    s = next;
  }
  return s;
}

/** The set's cards in kind order (both copies of a kind side by side). */
export function cardsIn(deck: Deck, s: CardSet): Card[] {
  const out: Card[] = [];
  for (let k = 0; k < deck.kinds.length; k++) {
    const n = copiesOf(deck, s, k);
    for (let i = 0; i < n; i++) out.push(deck.kinds[k]);
  }
  return out;
}

/** The whole deck as a set. */
export function fullSet(deck: Deck): CardSet {
  const n = deck.size;
  return { lo: n >= 32 ? -1 : (1 << n) - 1, hi: n <= 32 ? 0 : n >= 64 ? -1 : (1 << (n - 32)) - 1 };
}
