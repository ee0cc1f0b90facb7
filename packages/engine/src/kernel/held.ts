/**
 * The kernel state's hands (`TrickState.held`, spec.ts): two words of card slots by seat (cardset.ts), read
 * and copied here. The play step copies them with every card (`without`, its shortcut).
 */
import { count } from '../core/bits.ts';
import type { Card } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import type { Deck } from './deck.ts';

/** Whether the set in words `w`, `w + 1` of `held` holds `slot`. */
export const holds = (held: readonly number[], w: number, slot: number): boolean =>
  (slot < 32 ? held[w] & (1 << slot) : held[w + 1] & (1 << (slot - 32))) !== 0;

/** The cards of `seat`'s set in `held`, in the deck's kind order (both copies of a kind side by side). */
export function handCards(deck: Deck, held: readonly number[], seat: Seat): Card[] {
  const out: Card[] = [];
  const kinds = deck.kinds.length;
  for (let k = 0; k < kinds; k++) {
    if (holds(held, 2 * seat, k)) out.push(deck.kinds[k]);
    if (deck.copies === 2 && holds(held, 2 * seat, k + kinds)) out.push(deck.kinds[k]);
  }
  return out;
}

/**
 * `held` with word `i` masked by `mask`. Performance shortcut of the play step (every card played copies
 * the words): two and four seats' words as array literals, which optimised code allocates inline, where a
 * `slice` is a builtin call; other tables slice. Equal values either way (test/kernel.override.test.ts).
 */
export function without(held: readonly number[], i: number, mask: number): number[] {
  if (held.length === 4) {
    const out = [held[0], held[1], held[2], held[3]];
    out[i] &= mask;
    return out;
  }
  if (held.length === 8) {
    const out = [held[0], held[1], held[2], held[3], held[4], held[5], held[6], held[7]];
    out[i] &= mask;
    return out;
  }
  const out = held.slice();
  out[i] &= mask;
  return out;
}

/** The number of cards in every seat's set. */
export const handSizes = (held: readonly number[], n: number): number[] => {
  const out = new Array<number>(n);
  for (let seat = 0; seat < n; seat++) out[seat] = count(held[2 * seat]) + count(held[2 * seat + 1]);
  return out;
};
