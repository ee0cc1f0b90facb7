/** Fixed set-ups for tests and tools: a dealt state from explicit hands, scripted estimates and play. */
import type { Card, Suit } from '../core/cards.ts';
import { unwrap } from '../core/result.ts';
import { differenzler as G } from './game.ts';
import type { UndertrumpRule } from './play.ts';
import type { DifferenzlerState } from './types.ts';

export type Options = { rounds?: number; undertrump?: UndertrumpRule; tiebreak?: 'shared' | 'hits' };

export const split = (text: string): Card[] => text.split(' ') as Card[];

export function dealt(
  hands: readonly string[],
  trump: Suit,
  dealer = 3,
  options: Options = {},
): DifferenzlerState {
  const config = unwrap(G.parseConfig({ players: 4, options }));
  const deal = unwrap(G.parseDeal(G.start(config, dealer), { hands: hands.map(split), trump }));
  return unwrap(G.applyDeal(G.start(config, dealer), deal));
}

export function estimated(state: DifferenzlerState, estimates: readonly number[]): DifferenzlerState {
  for (let s = 0; s < 4; s++) state = unwrap(G.apply(state, s, { t: 'estimate', points: estimates[s] }));
  return state;
}

export function playAll(state: DifferenzlerState, cards: string): DifferenzlerState {
  for (const card of split(cards)) {
    state = unwrap(G.apply(state, G.toAct(state)[0], { t: 'play', card }));
  }
  return state;
}

/**
 * The counting deal (trump Herz, dealer 3, so seat 0 is Vorhand), used by the counting test and the
 * example record examples/differenzler/one-round.json.
 */
export const COUNTING_HANDS = [
  'HJ H9 CA CK CQ SA S6 D6 D7',
  'HA HK CT CJ C6 ST SK D8 D9',
  'HQ HT C9 C8 SQ SJ DA DK DQ',
  'H8 H7 H6 C7 S9 S8 S7 DJ DT',
];

/** The nine tricks of the counting deal, each from its leader on: cards, winner, points. */
export const COUNTING_TRICKS: readonly [string, number, number][] = [
  ['HJ HK HQ H6', 0, 20 + 4 + 3 + 0],
  ['H9 HA HT H7', 0, 14 + 11 + 10 + 0],
  ['CA C6 C8 C7', 0, 11],
  ['CK CT C9 H8', 3, 4 + 10 + 0 + 0],
  ['S7 S6 SK SQ', 1, 0 + 0 + 4 + 3],
  ['ST SJ S9 SA', 0, 10 + 2 + 0 + 11],
  ['CQ CJ DA DT', 0, 3 + 2 + 11 + 10],
  ['D6 D8 DK DJ', 2, 0 + 0 + 4 + 2],
  ['DQ S8 D7 D9', 2, 3 + 0 + 0 + 0 + 5],
];
