/**
 * Explicit deals written as card text and scripted play: for tests, examples and tools. Also the worked
 * deal of the counting tests and docs/rules/klaberjass.md.
 */
import { type Card, DECK32, parseCards } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { unwrap } from '../core/result.ts';
import type { KlaberjassAction } from './actions.ts';
import { klaberjass } from './game.ts';
import type { KlaberjassConfig, KlaberjassDeal, KlaberjassState } from './types.ts';

export const game = klaberjass;

export const config = (options: Record<string, unknown> = {}): KlaberjassConfig =>
  unwrap(game.parseConfig({ players: 2, options }));

const cards = (text: string): Card[] => {
  const list = parseCards(text);
  if (!list) throw new Error(`bad cards ${text}`);
  return list;
};

/**
 * An explicit deal: `nd` and `dl` are the non-dealer's and the dealer's 9 cards as received (6, then the 3
 * extra cards); `turned` is the 13th card; the rest of the deck forms the stock in deck order.
 */
export function deal(nd: string, dl: string, turned: Card, dealer: Seat = 0): KlaberjassDeal {
  const a = cards(nd);
  const b = cards(dl);
  const used = new Set<Card>([...a, ...b, turned]);
  const hands: Card[][] = [];
  hands[1 - dealer] = a;
  hands[dealer] = b;
  return { hands, stock: [turned, ...DECK32.filter((c) => !used.has(c))] };
}

export type Step = readonly [Seat, KlaberjassAction];

export function run(state: KlaberjassState, steps: readonly Step[]): KlaberjassState {
  for (const [seat, action] of steps) {
    const r = game.apply(state, seat, action);
    if (!r.ok) throw new Error(`${JSON.stringify(action)} by ${seat}: ${r.error.code}: ${r.error.reason}`);
    state = r.value;
  }
  return state;
}

export const started = (d: KlaberjassDeal, dealer: Seat = 0, options: Record<string, unknown> = {}) =>
  unwrap(game.applyDeal(game.start(config(options), dealer), d));

export const play = (card: string, bella = false): KlaberjassAction =>
  bella ? { t: 'play', card: card as Card, bella: true } : { t: 'play', card: card as Card };

/**
 * The fixed deal of the counting tests (dealer seat 0, non-dealer seat 1), turned card H8:
 * non-dealer HJ H9 HA CA CT SA + HT ST S9 (Herz J-10-9: a Terz of 20 in trump),
 * dealer HK HQ DA DT DK DQ + H7 CK C7 (Karo A-K-Q: 20, top Ace; Herz K and Q for Bella; the trump 7).
 */
export const DEAL_F = deal('HJ H9 HA CA CT SA HT ST S9', 'HK HQ DA DT DK DQ H7 CK C7', 'H8');

/** The play of DEAL_F after the talk, non-dealer leading every trick (worked out by hand in the tests). */
export const PLAY_F: readonly Step[] = [
  [1, play('HJ')],
  [0, play('H8')],
  [1, play('H9')],
  [0, play('HQ')],
  [1, play('HA')],
  [0, play('HK', true)],
  [1, play('HT')],
  [0, play('C7')],
  [1, play('CA')],
  [0, play('CK')],
  [1, play('CT')],
  [0, play('DQ')],
  [1, play('SA')],
  [0, play('DK')],
  [1, play('ST')],
  [0, play('DT')],
  [1, play('S9')],
  [0, play('DA')],
];

/** DEAL_F's sequence talk: 20 against 20, "how high?", Jack against the dealer's Ace: not good. */
export const TALK_F: readonly Step[] = [
  [1, { t: 'announce', value: 20 }],
  [0, { t: 'answer', verdict: 'equal' }],
  [1, { t: 'top', rank: 'J' }],
  [0, { t: 'answer', verdict: 'not-good' }],
];
