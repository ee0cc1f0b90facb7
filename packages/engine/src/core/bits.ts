/**
 * 32-bit card sets. A set is a plain number whose bit i stands for card index i of a game's deck
 * (a 32-card game maps every card to one bit). Bit 31 makes the number negative: compare with 0 by
 * `!== 0`, never `> 0`. Games with more than 32 cards use two words or per-suit masks of their own.
 */

export const EMPTY = 0;

export const bit = (i: number): number => 1 << i;
export const has = (set: number, i: number): boolean => (set & (1 << i)) !== 0;
export const add = (set: number, i: number): number => set | (1 << i);
export const remove = (set: number, i: number): number => set & ~(1 << i);

/** Number of cards in the set (SWAR popcount). */
export function count(set: number): number {
  set = set - ((set >>> 1) & 0x55555555);
  set = (set & 0x33333333) + ((set >>> 2) & 0x33333333);
  return (((set + (set >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Index of the lowest card in a non-empty set. */
export const lowest = (set: number): number => 31 - Math.clz32(set & -set);

/** Index of the highest card in a non-empty set. */
export const highest = (set: number): number => 31 - Math.clz32(set);

/** Indices of the set's cards, lowest first. */
export function indices(set: number): number[] {
  const out: number[] = [];
  while (set !== 0) {
    const low = set & -set;
    out.push(31 - Math.clz32(low));
    set ^= low;
  }
  return out;
}

/** The set holding the given indices. */
export function fromIndices(list: Iterable<number>): number {
  let set = 0;
  for (const i of list) set |= 1 << i;
  return set;
}
