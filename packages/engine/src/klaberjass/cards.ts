/**
 * Klaberjass cards as bit indices: index = suit * 8 + rank position, ranks 7 8 9 T J Q K A (position 0..7).
 * The positions follow the natural order of 003 ("As (hoch), König, Königin, Steckfassung, 10, neun, acht
 * und sieben"), so a sequence is a run of adjacent bits inside one suit's byte.
 */
import { type Card, type Rank, SUITS, type Suit } from '../core/cards.ts';
import { CARD32, JASS32, JASS32_GAME, STR, TRUMP, type TrickOrder, VALUE } from '../kernel/index.ts';

/** The 32-card ranks in natural (sequence) order, low to high: the kernel deck's rank order. */
export const KJ_RANKS = JASS32.ranks as readonly KjRank[];
export type KjRank = '7' | '8' | '9' | 'T' | 'J' | 'Q' | 'K' | 'A';

export const CARDS: readonly Card[] = CARD32;

/** The card's index; -1 for anything that is not a card of the 32-card deck. */
export const indexOf = (card: unknown): number => JASS32.kindOf(card);
export const isDeckCard = (x: unknown): x is Card => indexOf(x) >= 0;
export const SUIT_INDEX: Record<Suit, number> = { C: 0, S: 1, H: 2, D: 3 };

const T = JASS32_GAME.tables;
const high = (ranks: readonly Rank[]): readonly KjRank[] => [...ranks].reverse() as KjRank[];
/** Strength in a plain suit: A 10 K Q J 9 8 7 (003: "As (hoch), ... sieben (Tief)", 10 between A and K as in Jass). */
export const PLAIN_ORDER: readonly KjRank[] = high(T.plainRanks);
/** Strength in the trump suit: J (Jass) 9 (Menel) A 10 K Q 8 7. */
export const TRUMP_ORDER: readonly KjRank[] = high(T.trumpRanks);

/** Strength by rank position, higher wins (the kernel's Jass tables, order `ten-high`). */
export const PLAIN_STRENGTH: readonly number[] = T.plainStrength;
export const TRUMP_STRENGTH: readonly number[] = T.trumpStrength;

/** Card points (003): "Trumpfsteckfassung (jasz) 20, Trumpf neun (menel) 14, andere Steckfassung zwei, Königin drei, König vier, 10 zehn, As elf". */
export const PLAIN_POINTS: readonly number[] = T.plainPoints;
export const TRUMP_POINTS: readonly number[] = T.trumpPoints;

/** The trick order over card indices, by trump suit. */
export const ORDERS: readonly TrickOrder<number>[] = SUITS.map((_, t) => ({
  suit: (c: number) => (c >> 3 === t ? TRUMP : c >> 3),
  strength: (c: number) => (c >> 3 === t ? TRUMP_STRENGTH[c & 7] : PLAIN_STRENGTH[c & 7]),
}));

/**
 * Performance shortcut (the hot path of every play): the kernel's `beats` over `ORDERS[trump]`, written out on
 * the kernel's strength table by trump (jass32.ts `STR`). Equal to it for every pair of cards and trump
 * (test/kernel.fast.test.ts).
 */
export function beats(card: number, lead: number, trump: number): boolean {
  const cs = card >> 3;
  if (cs === lead >> 3) return STR[trump * 32 + card] > STR[trump * 32 + lead];
  return cs === trump;
}

/** Card points with trump suit `trump` (0..3): the kernel's table (jass32.ts `VALUE`). */
export const cardPoints = (i: number, trump: number): number => VALUE[trump * 32 + i];

export const POS = {
  seven: 0,
  nine: 2,
  jack: 4,
  queen: 5,
  king: 6,
} as const;

/**
 * The card the trump 7's holder may exchange for the turned card once trump is fixed (003), by trump suit
 * index: the engine's exchange (phases.ts), its view and the bots' deal sampling read it here.
 */
export const trumpSeven = (trump: number): number => trump * 8 + POS.seven;

/**
 * `hand` after the trump-7 exchange (003) with trump suit index `trump`: the trump 7, if the hand holds it,
 * gives way to the turned card; any other hand stays as it is. Card strings, for a bot's sampled deals.
 */
export function afterExchange(hand: readonly Card[], trump: number, turned: Card): Card[] {
  const seven = CARDS[trumpSeven(trump)];
  return hand.map((c) => (c === seven ? turned : c));
}

/** One sequence: a maximal run of 3 or more adjacent ranks in one suit. */
export interface Sequence {
  readonly suit: number;
  /** Rank position of the lowest and highest card (0 = 7 ... 7 = A). */
  readonly low: number;
  readonly top: number;
  readonly length: number;
  /** 20 for three cards, 50 for four or more (003). */
  readonly value: number;
}

/**
 * The sequences of a hand. A run longer than four is still one sequence worth 50 (003 names only
 * three- and four-card sequences; no card counts in two sequences).
 */
export function sequencesOf(hand: number): Sequence[] {
  const out: Sequence[] = [];
  for (let s = 0; s < 4; s++) {
    const byte = (hand >>> (s * 8)) & 0xff;
    let p = 0;
    while (p < 8) {
      if ((byte & (1 << p)) === 0) {
        p++;
        continue;
      }
      let q = p;
      while (q + 1 < 8 && (byte & (1 << (q + 1))) !== 0) q++;
      const length = q - p + 1;
      if (length >= 3) out.push({ suit: s, low: p, top: q, length, value: length >= 4 ? 50 : 20 });
      p = q + 1;
    }
  }
  return out;
}

export const sequenceCards = (q: Sequence): Card[] => {
  const out: Card[] = [];
  for (let p = q.top; p >= q.low; p--) out.push(CARDS[q.suit * 8 + p]);
  return out;
};

/** How sequences compare (option `sequences`): by value class 20/50 (003), or by length. */
export type SequenceCompare = 'value' | 'length';

export const sequenceClass = (q: Sequence, mode: SequenceCompare): number =>
  mode === 'value' ? q.value : q.length;

/** A comparable key of a sequence: class, then top card, then trump (003); 0 for none. */
export const sequenceKey = (q: Sequence, trump: number, mode: SequenceCompare): number =>
  sequenceClass(q, mode) * 64 + q.top * 2 + (q.suit === trump ? 1 : 0) + 1;

/** By suit byte and compare mode: the key (without the trump bit) of the byte's best sequence, 0 for none. */
const BYTE_KEY: Readonly<Record<SequenceCompare, Int32Array>> = (() => {
  const make = (mode: SequenceCompare) =>
    Int32Array.from({ length: 256 }, (_, byte) =>
      sequencesOf(byte).reduce((best, q) => Math.max(best, sequenceKey(q, -1, mode)), 0),
    );
  return { value: make('value'), length: make('length') };
})();

/** The key of a hand's best sequence under `trump` (see `sequenceKey`), 0 for none. No allocation. */
export function bestKey(hand: number, trump: number, mode: SequenceCompare): number {
  const table = BYTE_KEY[mode];
  let best = 0;
  for (let s = 0; s < 4; s++) {
    let k = table[(hand >>> (s * 8)) & 0xff];
    if (k !== 0 && s === trump) k++;
    if (k > best) best = k;
  }
  return best;
}

/** The sequences that count: all of the comparison winner's (003: "zusammen mit allen möglichen anderen Reihenfolgen"). */
export function countedSequences(
  winner: number,
  startHands: readonly number[],
): { seat: number | null; points: number; cards: Card[][] } {
  if (winner < 0) return { seat: null, points: 0, cards: [] };
  const list = sequencesOf(startHands[winner]);
  return { seat: winner, points: list.reduce((a, q) => a + q.value, 0), cards: list.map(sequenceCards) };
}
