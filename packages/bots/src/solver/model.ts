/**
 * The solver's compact model of a card-play position, shared by every game.
 *
 * A card is a code `suit << 4 | strength`: `strength` is its rank order inside its suit for trick
 * taking (0 = weakest), under the game's trump or plain order. A hand is four suit masks, bit
 * `strength` set for each card held, so "follow suit", "a higher trump" and "the best card left" are
 * single mask operations. The game's rules enter only through `SolverRules`: rank orders, card values,
 * the follow rule, the last-trick bonus and points that are fixed before play.
 */
import type { Card, FollowPolicy, JassGame, Seat, Suit, TrickOrder, TrickRules } from '@stich/engine';
import { DIFFERENZLER_GAME, JASS32_GAME, jassOrder, jassTrickRules, SUITS } from '@stich/engine';
import { POLICIES as DIFFERENZLER_POLICIES } from '@stich/engine/differenzler/index';
import { FOLLOW_RULE as JASS32_FOLLOW } from '@stich/engine/klapperjas/index';

const FOLLOW_FAMILIES = ['klapperjas', 'differenzler'] as const;
/**
 * Which of the engine's follow policies a game plays (the rules themselves live in the engine's kernel,
 * packages/engine/src/kernel/follow.ts): `klapperjas` (also 2-player Klaberjass) is `ruff-overtrump`;
 * `differenzler` is `trump-anytime-002` or `trump-anytime-swiss` by the undertrump option.
 */
type FollowFamily = (typeof FOLLOW_FAMILIES)[number];

/** `difference`: the maximising party's points minus the other's. `target`: minus |points still wanted − points won|. */
export type Objective = 'difference' | 'target';

/** A game's card play as the bots use it, made from the engine's Jass tables (`JassGame`). */
export interface GameRules {
  readonly deck: 32 | 36;
  readonly follow: FollowFamily;
  /** The engine's tables: deck, orders, points, last trick, exempt trumps. */
  readonly jass: JassGame;
  /** Ranks weakest first for tricks, plain and trump suits. */
  readonly plainOrder: readonly string[];
  readonly trumpOrder: readonly string[];
  readonly plainValue: Readonly<Record<string, number>>;
  readonly trumpValue: Readonly<Record<string, number>>;
  readonly lastTrick: number;
  /** The engine's trick order over card strings by trump suit (SUITS index), made once. */
  readonly orders: readonly TrickOrder<Card>[];
}

function fromEngine(jass: JassGame, follow: FollowFamily): GameRules {
  const t = jass.tables;
  const ranks = jass.deck.ranks;
  return {
    deck: jass.deck.size as 32 | 36,
    follow,
    jass,
    plainOrder: t.plainRanks,
    trumpOrder: t.trumpRanks,
    plainValue: Object.fromEntries(ranks.map((r, i) => [r, t.plainPoints[i]])),
    trumpValue: Object.fromEntries(ranks.map((r, i) => [r, t.trumpPoints[i]])),
    lastTrick: jass.lastTrick,
    orders: SUITS.map((_, t) => jassOrder(jass, t)),
  };
}

/** Klapper-Jas and 2-player Klaberjass (000 Abb. 1 and 2, 003): the engine's 32-card Jass tables. */
export const JAS32: GameRules = fromEngine(JASS32_GAME, 'klapperjas');

/** Differenzler (002 3.1/3.2): the engine's Swiss order, last trick 5, 157 in all. */
export const DIFFERENZLER: GameRules = fromEngine(DIFFERENZLER_GAME, 'differenzler');

/** The engine's follow policy of a game (Differenzler: by its undertrump option). */
export const followPolicy = (rules: GameRules, undertrump?: '002' | 'swiss'): FollowPolicy =>
  rules.follow === 'klapperjas' ? JASS32_FOLLOW.policy : DIFFERENZLER_POLICIES[undertrump ?? '002'];

/** The engine's trick rules over card strings: its order, follow policy and exempt trumps. */
export const trickRules = (rules: GameRules, trump: number, undertrump?: '002' | 'swiss'): TrickRules<Card> =>
  jassTrickRules(rules.jass, trump, followPolicy(rules, undertrump));

const suitIdx = (s: Suit): number => SUITS.indexOf(s);

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
