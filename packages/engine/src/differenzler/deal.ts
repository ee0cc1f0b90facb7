/**
 * 002 Art. 4.1 "3 x 3 Karten": the kernel deals the 36 cards in packets of three, Vorhand first, three times
 * round; then the trump is drawn (4.2), the deal's one field besides the hands.
 */
import { SUITS, type Suit } from '../core/cards.ts';
import { err, ok } from '../core/result.ts';
import type { DealChance } from '../kernel/index.ts';

export const PACKET = 3;

export const TRUMP_DRAW: DealChance<{ readonly trump: Suit }> = {
  fields: ['trump'],
  draw: (rng) => ({ trump: SUITS[rng.int(4)] }),
  parse: (input) =>
    SUITS.includes(input.trump as Suit)
      ? ok({ trump: input.trump as Suit })
      : err('bad-deal', `trump must be one of ${SUITS.join(', ')}`),
};
