/**
 * The play actions of a Jass-32 word (jass32.ts): the kernel's interned `PLAYS` by bit, and the list of a
 * word's cards from interned lists by suit (`suitPlays`), so a fast path's legal list allocates nothing
 * when one suit holds the cards (following, trumping). Klapper-Jas and Klaberjass read it.
 */
import { JASS32 } from './deck.ts';
import { PLAYS } from './game.ts';
import type { CardAction } from './spec.ts';
import { suitPlays } from './suitplays.ts';

/** The kernel's play action of every bit (JASS32 kind). */
export const PLAYS32: readonly CardAction[] = JASS32.kinds.map((card) => PLAYS[card]);

/** `BY_SUIT32[suit * 256 + byte]`: the play actions of the cards `byte` of one suit, lowest card first. */
const BY_SUIT32: readonly (readonly CardAction[])[] = Array.from({ length: 4 * 256 }, (_, i) =>
  PLAYS32.filter((_, b) => b >>> 3 === i >>> 8 && (i & 255 & (1 << (b & 7))) !== 0),
);

/** The play actions of the cards of `word`, lowest bit first (shared when one suit holds them all). */
export const wordPlays = (word: number): readonly CardAction[] =>
  suitPlays(BY_SUIT32, 256, word & 0xff, (word >>> 8) & 0xff, (word >>> 16) & 0xff, word >>> 24);
