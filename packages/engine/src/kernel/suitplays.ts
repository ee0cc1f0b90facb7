/**
 * The play list of a fast path (spec.ts item 9) from interned lists by suit: Klaberjass and Differenzler
 * keep every suit's card actions by suit mask (`bySuit[suit * stride + mask]`, lowest card first) and
 * answer the legal cards, given as one mask per suit, from them.
 */

/**
 * The list of the cards in the four suit masks `m0`..`m3`, in suit order: the interned list when one suit
 * holds them all (following suit, or trumping), else the four lists copied into one array of their length
 * (no iterator, no growing store: a lead runs this on every self-play step).
 */
export function suitPlays<T>(
  bySuit: readonly (readonly T[])[],
  stride: number,
  m0: number,
  m1: number,
  m2: number,
  m3: number,
): readonly T[] {
  if ((m1 | m2 | m3) === 0) return bySuit[m0];
  if ((m0 | m2 | m3) === 0) return bySuit[stride + m1];
  if ((m0 | m1 | m3) === 0) return bySuit[2 * stride + m2];
  if ((m0 | m1 | m2) === 0) return bySuit[3 * stride + m3];
  const l0 = bySuit[m0];
  const l1 = bySuit[stride + m1];
  const l2 = bySuit[2 * stride + m2];
  const l3 = bySuit[3 * stride + m3];
  const out: T[] = new Array(l0.length + l1.length + l2.length + l3.length);
  let k = 0;
  for (let i = 0; i < l0.length; i++) out[k++] = l0[i];
  for (let i = 0; i < l1.length; i++) out[k++] = l1[i];
  for (let i = 0; i < l2.length; i++) out[k++] = l2[i];
  for (let i = 0; i < l3.length; i++) out[k++] = l3[i];
  return out;
}
