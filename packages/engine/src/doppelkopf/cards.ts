/**
 * Doppelkopf cards: kinds, card points, and the trick order of every contract as tables.
 *
 * A card kind is its index in the kernel's DOKO48 deck (suit * 6 + rank, ranks 9 T J Q K A): 24 kinds, so a
 * hand fits one 32-bit word per copy (see `Hand` in state.ts). The 40-card deck of the house preset is the
 * same numbering without the nines (the kernel's DOKO40 lists its cards).
 *
 * Trump orders (highest first), as the DDV rules and the oracle's README list them:
 * - normal (also Hochzeit, stilles Solo, Armut) and Karo-Solo: HT, CQ SQ HQ DQ, CJ SJ HJ DJ, DA DT DK D9;
 * - Herz-, Pik-, Kreuz-Solo: HT, the Queens, the Jacks, then A T K 9 of the solo suit (Herz: A K 9);
 * - Buben-Solo: CJ SJ HJ DJ; Damen-Solo: CQ SQ HQ DQ; Fleischlos: no trumps (HT is a plain Herz ten).
 * Plain suits: A T K Q J 9 (where Queens and Jacks are not trumps).
 */
import type { Card } from '../core/cards.ts';
import { type Deck, DOKO40, DOKO48, TRUMP, type TrickOrder, type TrickRules } from '../kernel/index.ts';

export const KINDS = 24;
/** Kind of a card string (`HT`), -1 for anything else; the 40-card deck refuses nines (see `deckKind`). */
export const kindOf = DOKO48.kindOf;
export const KIND_CARDS: readonly Card[] = DOKO48.kinds;

const R9 = 0;
const RT = 1;
const RJ = 2;
const RQ = 3;
const RK = 4;
const RA = 5;
const kind = (suit: number, rank: number): number => suit * 6 + rank;
const C = 0;
const S = 1;
const H = 2;
const D = 3;

export const CQ = kind(C, RQ);
export const CJ = kind(C, RJ);
export const HT = kind(H, RT);
export const DA = kind(D, RA);
export const suitOfKind = (k: number): number => (k / 6) | 0;
export const rankOfKind = (k: number): number => k % 6;
export const isNine = (k: number): boolean => k % 6 === R9;
/** Copies of kind `k` in the deck: two, none of the nines without them. */
export const copiesIn = (nines: boolean, k: number): number => (nines || !isNine(k) ? 2 : 0);

/** Card points by rank: 9 = 0, T = 10, J = 2, Q = 3, K = 4, A = 11 (240 in a deck). */
const RANK_POINTS = [0, 10, 2, 3, 4, 11];
export const POINTS: readonly number[] = Array.from({ length: KINDS }, (_, k) => RANK_POINTS[rankOfKind(k)]);
/** Card points of the whole deck, every kind in its copies (240; the nines, with or without them, count none). */
export const DECK_POINTS = POINTS.reduce((a, p, k) => a + copiesIn(true, k) * p, 0);

/** The games a seat may declare: solos by trumps, Hochzeit, Armut. */
export const SOLOS = ['diamonds', 'hearts', 'spades', 'clubs', 'jacks', 'queens', 'fleischlos'] as const;
export type Solo = (typeof SOLOS)[number];
export const GAMES_DECLARED = ['hochzeit', 'armut', ...SOLOS] as const;
export type Declared = (typeof GAMES_DECLARED)[number];

/** Trick orders: 0 normal, then one per solo in SOLOS order. */
export const ORDERS = ['normal', ...SOLOS] as const;
export type OrderName = (typeof ORDERS)[number];
export const NORMAL = 0;
export const orderOfSolo = (solo: Solo): number => 1 + SOLOS.indexOf(solo);
/** Trick order of a contract: its solo's, else normal (also Hochzeit, Armut, stilles Solo); none yet: normal. */
export const orderOfContract = (c: { readonly kind: string; readonly solo: Solo | null } | null): number =>
  c !== null && c.kind === 'solo' && c.solo !== null ? orderOfSolo(c.solo) : NORMAL;

const QUEENS = [kind(C, RQ), kind(S, RQ), kind(H, RQ), kind(D, RQ)];
const JACKS = [kind(C, RJ), kind(S, RJ), kind(H, RJ), kind(D, RJ)];

/** The trumps of an order, highest first. */
function trumpsOf(order: OrderName): number[] {
  const suitTrumps = (s: number): number[] => [RA, RT, RK, R9].map((r) => kind(s, r)).filter((k) => k !== HT);
  switch (order) {
    case 'normal':
    case 'diamonds':
      return [HT, ...QUEENS, ...JACKS, ...suitTrumps(D)];
    case 'hearts':
      return [HT, ...QUEENS, ...JACKS, ...suitTrumps(H)];
    case 'spades':
      return [HT, ...QUEENS, ...JACKS, ...suitTrumps(S)];
    case 'clubs':
      return [HT, ...QUEENS, ...JACKS, ...suitTrumps(C)];
    case 'jacks':
      return JACKS;
    case 'queens':
      return QUEENS;
    case 'fleischlos':
      return [];
  }
}

/** Plain suit order, highest first: A T K Q J 9. */
const PLAIN = [RA, RT, RK, RQ, RJ, R9];

/** Effective suit of each kind per order: `ESUIT[order * 24 + kind]`, 0..3 or TRUMP. */
export const ESUIT = new Int8Array(ORDERS.length * KINDS);
/** Strength inside the effective suit, higher wins: `STRENGTH[order * 24 + kind]`. */
export const STRENGTH = new Int8Array(ORDERS.length * KINDS);
/** Kind masks of each effective suit per order: `SUIT_MASK[order * 5 + esuit]`. */
export const SUIT_MASK = new Int32Array(ORDERS.length * 5);

ORDERS.forEach((name, o) => {
  const trumps = trumpsOf(name);
  for (let k = 0; k < KINDS; k++) {
    const t = trumps.indexOf(k);
    const i = o * KINDS + k;
    if (t >= 0) {
      ESUIT[i] = TRUMP;
      STRENGTH[i] = 50 - t;
    } else {
      ESUIT[i] = suitOfKind(k);
      STRENGTH[i] = 20 - PLAIN.indexOf(rankOfKind(k));
    }
    SUIT_MASK[o * 5 + ESUIT[i]] |= 1 << k;
  }
});

/** Strength of a Schwein (house preset): above every other trump. */
export const PIG_STRENGTH = 60;

/** Strength of kind `k` in `order` when played by the seat that holds the Schwein (`pig`) or not. */
export const strengthOf = (order: number, k: number, pig: boolean): number =>
  pig && k === DA ? PIG_STRENGTH : STRENGTH[order * KINDS + k];

/** 004 "Die zweite Dulle sticht die erste": under `dulle: 'second'`, where Herz-Zehn is a trump. */
export const dulleSecondIn = (order: number, dulle: 'first' | 'second'): boolean =>
  dulle === 'second' && ESUIT[order * KINDS + HT] === TRUMP;

/**
 * Whether kind `k` (strength `kStrength`, see `strengthOf`) played to a trick led in effective suit `led`
 * beats its best card so far (`bestKind`, strength `best`, effective suit `bestSuit`): a higher card of the
 * same effective suit or a trump on a plain card; of two equal cards the first, except the second Dulle
 * where `dulleSecond` (`dulleSecondIn`). The engine's play step and the bots' searches rank by this.
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
  const e = ESUIT[order * KINDS + k];
  if (e !== TRUMP && e !== led) return false;
  if (bestSuit === TRUMP && e !== TRUMP) return false;
  if (e === TRUMP && bestSuit !== TRUMP) return true;
  if (kStrength > best) return true;
  return kStrength === best && dulleSecond && k === HT && bestKind === HT;
}

/**
 * The kernel's `TrickOrder` of a contract's order over kinds; `dulleSecond`: the second of two Herz-Zehn beats the
 * first (004: "Die zweite Dulle sticht die erste"), where Herz-Zehn is a trump. `schwein`: a Schwein is live
 * (schwein.ts), so a Karo-Ass still to come is the Schwein (its owner played the other one), above every trump.
 */
export function trickOrder(order: number, dulleSecond: boolean, schwein = false): TrickOrder<number> {
  const base = order * KINDS;
  const dulleTrump = ESUIT[base + HT] === TRUMP;
  return {
    suit: (k) => ESUIT[base + k],
    strength: schwein ? (k) => strengthOf(order, k, true) : (k) => STRENGTH[base + k],
    equalBeats: dulleSecond && dulleTrump ? (k) => k === HT : undefined,
  };
}

/**
 * The follow rule as the kernel's card-level `TrickRules` (kernel/infer.ts `legalCards`, `cannotHold`): follow
 * the effective suit led (trump is one suit), else any card.
 */
export const trickRules = (order: number, dulleSecond: boolean, schwein = false): TrickRules<number> => ({
  order: trickOrder(order, dulleSecond, schwein),
  policy: 'follow',
});

/** The deck of a preset: 48 cards with nines, or 40 without. */
export const deckOf = (nines: boolean): Deck => (nines ? DOKO48 : DOKO40);

/** Kinds sorted for showing a hand: trumps high to low, then the plain suits C S H D, each high to low. */
export function displayOrder(order: number): number[] {
  const base = order * KINDS;
  const ks = Array.from({ length: KINDS }, (_, k) => k);
  const rankKey = (k: number) =>
    ESUIT[base + k] === TRUMP ? 1000 - STRENGTH[base + k] : 2000 + ESUIT[base + k] * 100 - STRENGTH[base + k];
  return ks.sort((a, b) => rankKey(a) - rankKey(b));
}
