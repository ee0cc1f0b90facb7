/**
 * The solver's compact model of a card-play position, shared by every game.
 *
 * A card is a code `suit << 4 | strength`: `strength` is its rank order inside its suit for trick
 * taking (0 = weakest), under the game's trump or plain order. A hand is four suit masks, bit
 * `strength` set for each card held, so "follow suit", "a higher trump" and "the best card left" are
 * single mask operations. The game's rules enter only through `SolverRules`: rank orders, card values,
 * the follow rule, the last-trick bonus and points that are fixed before play.
 */
import type { Card, Seat, Suit } from '@stich/engine';
import { SUITS } from '@stich/engine';

export const FOLLOW_RULES = ['klapperjas', 'differenzler'] as const;
/**
 * `klapperjas` (also 2-player Klaberjass): follow suit; void: trump; trump in the trick (led or
 * ruffed): a higher trump when able, else any trump. `differenzler` (002 4.5): follow suit or trump at
 * any time; no undertrumping while able to follow; a trump lead must be followed, but the trump Jack
 * is never forced.
 */
export type FollowRule = (typeof FOLLOW_RULES)[number];

/** `difference`: the maximising party's points minus the other's. `target`: minus |points still wanted − points won|. */
export type Objective = 'difference' | 'target';

export interface GameRules {
  readonly deck: 32 | 36;
  readonly follow: FollowRule;
  /** Ranks weakest first for tricks, plain and trump suits. */
  readonly plainOrder: readonly string[];
  readonly trumpOrder: readonly string[];
  readonly plainValue: Readonly<Record<string, number>>;
  readonly trumpValue: Readonly<Record<string, number>>;
  readonly lastTrick: number;
}

/** 000 Abb. 1 and 2 (Klapper-Jas and 2-player Klaberjass, 003 gives the same values). */
export const JAS32: GameRules = {
  deck: 32,
  follow: 'klapperjas',
  plainOrder: ['7', '8', '9', 'J', 'Q', 'K', 'T', 'A'],
  trumpOrder: ['7', '8', 'Q', 'K', 'T', 'A', '9', 'J'],
  plainValue: { '7': 0, '8': 0, '9': 0, J: 2, Q: 3, K: 4, T: 10, A: 11 },
  trumpValue: { '7': 0, '8': 0, '9': 14, J: 20, Q: 3, K: 4, T: 10, A: 11 },
  lastTrick: 10,
};

/** 002 3.1/3.2: Swiss order (the Banner below the Under in plain suits), last trick 5, 157 in all. */
export const DIFFERENZLER: GameRules = {
  deck: 36,
  follow: 'differenzler',
  plainOrder: ['6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'],
  trumpOrder: ['6', '7', '8', 'T', 'Q', 'K', 'A', '9', 'J'],
  plainValue: { '6': 0, '7': 0, '8': 0, '9': 0, T: 10, J: 2, Q: 3, K: 4, A: 11 },
  trumpValue: { '6': 0, '7': 0, '8': 0, '9': 14, T: 10, J: 20, Q: 3, K: 4, A: 11 },
  lastTrick: 5,
};

export const suitIdx = (s: Suit): number => SUITS.indexOf(s);

/** Card code under a trump: suit << 4 | strength. */
export function encode(rules: GameRules, trump: number, card: Card): number {
  const s = suitIdx(card[0] as Suit);
  const order = s === trump ? rules.trumpOrder : rules.plainOrder;
  const b = order.indexOf(card[1]);
  if (b < 0) throw new Error(`card ${card} is not in this game's deck`);
  return (s << 4) | b;
}

export function decode(rules: GameRules, trump: number, code: number): Card {
  const s = code >>> 4;
  const order = s === trump ? rules.trumpOrder : rules.plainOrder;
  return `${SUITS[s]}${order[code & 15]}` as Card;
}

/** VALUES[code]: card points under the trump. */
export function valueTable(rules: GameRules, trump: number): Int8Array {
  const t = new Int8Array(64);
  for (let s = 0; s < 4; s++) {
    const order = s === trump ? rules.trumpOrder : rules.plainOrder;
    const val = s === trump ? rules.trumpValue : rules.plainValue;
    for (let b = 0; b < order.length; b++) t[(s << 4) | b] = val[order[b]];
  }
  return t;
}

/** Everything the search needs besides the cards: who plays with whom and what is fixed already. */
export interface Problem {
  readonly rules: GameRules;
  /** Suit index 0..3 (SUITS order). */
  readonly trump: number;
  /** Every seat's remaining cards (the stock and played cards are simply absent). */
  readonly hands: readonly (readonly Card[])[];
  /** The current trick's cards, in playing order, led by `leader`. */
  readonly trick: readonly Card[];
  readonly leader: Seat;
  /** Party of each seat: 0 = the maximising party, 1 = the other. */
  readonly party: readonly number[];
  /** Points a party gains once it wins a trick (melds that count only then), by party. */
  readonly ifTrick?: readonly [number, number];
  /** Parties that have already won a trick: bit 0 party 0, bit 1 party 1. */
  readonly tookTrick?: number;
  readonly objective?: Objective;
  /** For `target`: points party 0 still wants from the rest of the deal. */
  readonly need?: number;
  /** Differenzler undertrumping (docs/rules/differenzler.md): `002` when void in the suit led, `swiss` only from a hand of trumps. */
  readonly undertrump?: '002' | 'swiss';
}
