/**
 * The Doppelkopf model of the bots: card kinds (the engine's 24 kinds, cards.ts), each existing twice; a
 * hand is a count per kind (0, 1, 2) or, in the solver, two 24-bit words (kinds held at least once, kinds
 * held twice) as the engine keeps them. Trump is a fifth follow-class (`TRUMP` = 4), never one of the suits.
 * The tables are the engine's (ESUIT, STRENGTH, POINTS by trick order), never a copy.
 */
import type { Card } from '@stich/engine';
import { TRUMP } from '@stich/engine';
import {
  type Contract,
  ESUIT,
  KIND_CARDS,
  POINTS,
  SOLOS,
  STRENGTH,
  SUIT_MASK,
} from '@stich/engine/doppelkopf/index';

export { TRUMP };
export const KINDS = 24;
export const CQ = 3; // kind(C, Q): suit 0 * 6 + rank 3
export const CJ = 2;
export const HT = 2 * 6 + 1;
export const DA = 3 * 6 + 5;
/** Strength of a Schwein: above every other trump (engine cards.ts `PIG_STRENGTH`). */
export const PIG_STRENGTH = 60;

const KIND_OF = new Map<Card, number>(KIND_CARDS.map((c, k) => [c, k]));
export const kindOf = (c: Card): number => {
  const k = KIND_OF.get(c);
  if (k === undefined) throw new Error(`not a Doppelkopf card: ${c}`);
  return k;
};
export const cardOf = (k: number): Card => KIND_CARDS[k];
export const points = (k: number): number => POINTS[k];

/** Trick order of a contract: 0 normal (also Hochzeit, Armut, stilles Solo), 1.. the solos in SOLOS order. */
export const orderOf = (c: Contract | null): number =>
  c !== null && c.kind === 'solo' && c.solo !== null ? 1 + SOLOS.indexOf(c.solo) : 0;

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

/** Counts per kind of a list of cards. */
export function countsOf(cards: readonly Card[]): number[] {
  const n = new Array<number>(KINDS).fill(0);
  for (const c of cards) n[kindOf(c)]++;
  return n;
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

/**
 * Whether card `k` played by `seat` beats the trick's best so far (`best` strength, `bestSuit` its effective
 * suit), the first of two equal cards winning except the second Dulle where `dulleSecond`.
 */
export function beatsBest(
  order: number,
  k: number,
  kStrength: number,
  led: number,
  best: number,
  bestKind: number,
  bestSuit: number,
  dulleSecond: boolean,
): boolean {
  const e = esuit(order, k);
  if (e !== TRUMP && e !== led) return false;
  if (bestSuit === TRUMP && e !== TRUMP) return false;
  if (e === TRUMP && bestSuit !== TRUMP) return true;
  if (kStrength > best) return true;
  return kStrength === best && dulleSecond && k === HT && bestKind === HT;
}
