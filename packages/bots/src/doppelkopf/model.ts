/**
 * The Doppelkopf model of the bots: card kinds (the engine's 24 kinds, cards.ts), each existing twice; a
 * hand is a count per kind (0, 1, 2) or, in the solver, two 24-bit words (kinds held at least once, kinds
 * held twice) as the engine's `held` and `heldTwice` read them. Trump is a fifth follow-class (`TRUMP` = 4), never one of the suits.
 * Every rule here is the engine's (trick order, Schwein, second Dulle, card points), named for the bots'
 * loops; nothing is copied.
 */
import type { Card } from '@stich/engine';
import { TRUMP } from '@stich/engine';
import {
  ESUIT,
  kindOf as engineKindOf,
  KIND_CARDS,
  POINTS,
  STRENGTH,
  SUIT_MASK,
} from '@stich/engine/doppelkopf/index';

export {
  beatsBest,
  CJ,
  CQ,
  copiesIn,
  DA,
  DECK_POINTS,
  dulleSecondIn,
  followKinds,
  HOUSE_LIMIT,
  HT,
  handSizeOf,
  hochzeitAfter,
  KINDS,
  orderOfContract as orderOf,
  PIG_STRENGTH,
  strengthOf,
} from '@stich/engine/doppelkopf/index';
export { TRUMP };

import { KINDS } from '@stich/engine/doppelkopf/index';

export const kindOf = (c: Card): number => {
  const k = engineKindOf(c);
  if (k < 0) throw new Error(`not a Doppelkopf card: ${c}`);
  return k;
};
export const cardOf = (k: number): Card => KIND_CARDS[k];
export const points = (k: number): number => POINTS[k];
/** Rank letter of each kind (the engine's card names), for the bots' rules of thumb. */
const RANK: readonly string[] = KIND_CARDS.map((c) => c[1]);
export const isQueen = (k: number): boolean => RANK[k] === 'Q';
export const isAce = (k: number): boolean => RANK[k] === 'A';

export const esuit = (order: number, k: number): number => ESUIT[order * KINDS + k];
export const strength = (order: number, k: number): number => STRENGTH[order * KINDS + k];
export const suitMask = (order: number, e: number): number => SUIT_MASK[order * 5 + e];
export const isTrump = (order: number, k: number): boolean => ESUIT[order * KINDS + k] === TRUMP;

/** Kinds of each effective suit by ascending strength: `byStrength(order)[esuit]`. */
const BY_STRENGTH: number[][][] = [];
export function byStrength(order: number): number[][] {
  let t = BY_STRENGTH[order];
  if (!t) {
    t = [[], [], [], [], []];
    for (let k = 0; k < KINDS; k++) t[esuit(order, k)].push(k);
    for (const list of t) list.sort((a, b) => strength(order, a) - strength(order, b));
    BY_STRENGTH[order] = t;
  }
  return t;
}

/** The two words of a count vector (kinds held at least once, kinds held twice). */
export function wordsOf(counts: readonly number[]): [number, number] {
  let one = 0;
  let two = 0;
  for (let k = 0; k < KINDS; k++) {
    if (counts[k] >= 1) one |= 1 << k;
    if (counts[k] >= 2) two |= 1 << k;
  }
  return [one, two];
}
