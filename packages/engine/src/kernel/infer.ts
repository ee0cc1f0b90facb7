/**
 * Card-level form of the trick rules, for bots, tools and tests: legal cards and what play shows a seat
 * cannot hold, over any card type, from a `TrickRules` (an order, a follow policy, the exempt trumps).
 * Both come from the same policy tables as the games' bit-set paths (follow.ts).
 */
import type { Seat } from '../core/game.ts';
import {
  allowedCategories,
  EXEMPT,
  FOLLOW,
  FOLLOW_RULES,
  type FollowPolicy,
  HIGHER,
  LOWER,
  OTHER,
  voidCategories,
} from './follow.ts';
import { beats, TRUMP, type TrickOrder, winnerIndex } from './trick.ts';

export interface TrickRules<C> {
  readonly order: TrickOrder<C>;
  readonly policy: FollowPolicy;
  /** Trumps a trump lead never forces out (Differenzler: the trump Jack). */
  readonly exempt?: (card: C) => boolean;
}

/** Facts of a trick so far that the categories depend on. */
interface Situation<C> {
  readonly led: number;
  readonly best: C;
  readonly trumpLed: boolean;
  readonly ruffed: boolean;
}

function situation<C>(rules: TrickRules<C>, trick: readonly C[]): Situation<C> {
  const o = rules.order;
  const led = o.suit(trick[0]);
  const best = trick[winnerIndex(o, trick)];
  return { led, best, trumpLed: led === TRUMP, ruffed: led !== TRUMP && o.suit(best) === TRUMP };
}

function category<C>(rules: TrickRules<C>, s: Situation<C>, card: C): number {
  const suit = rules.order.suit(card);
  if (suit !== TRUMP) return suit === s.led ? FOLLOW : OTHER;
  if (s.trumpLed && rules.exempt?.(card)) return EXEMPT;
  return beats(rules.order, card, s.best) ? HIGHER : LOWER;
}

/** The category (follow.ts) of `card` against a trick of at least one card. */
export const categoryOf = <C>(rules: TrickRules<C>, trick: readonly C[], card: C): number =>
  category(rules, situation(rules, trick), card);

/** The cards of `hand` that may be played to `trick` (cards in play order; empty: leading, any card). */
export function legalCards<C>(rules: TrickRules<C>, hand: readonly C[], trick: readonly C[]): C[] {
  if (trick.length === 0) return [...hand];
  const s = situation(rules, trick);
  const cats = hand.map((c) => category(rules, s, c));
  const held = cats.reduce((a, c) => a | c, 0);
  const allowed = allowedCategories(FOLLOW_RULES[rules.policy], held, s.trumpLed, s.ruffed);
  return hand.filter((_, i) => (cats[i] & allowed) !== 0);
}

/**
 * Which cards of `deck` the seat that played `played` to `trick` (the cards before it) cannot have held
 * then, and so cannot hold later: the categories its play rules out.
 */
export function ruledOut<C>(rules: TrickRules<C>, deck: readonly C[], trick: readonly C[], played: C): C[] {
  if (trick.length === 0) return [];
  const s = situation(rules, trick);
  const out = voidCategories(FOLLOW_RULES[rules.policy], category(rules, s, played), s.trumpLed, s.ruffed);
  if (out === 0) return [];
  return deck.filter((c) => (category(rules, s, c) & out) !== 0);
}

export interface PlayedTrick<C> {
  readonly leader: Seat;
  readonly cards: readonly C[];
}

/**
 * For each seat of `order` (the seats that play, in playing order), the cards play shows it cannot hold:
 * every failure to follow, ruff or overtrump in `tricks`, the open trick included.
 */
export function cannotHold<C>(
  rules: TrickRules<C>,
  deck: readonly C[],
  tricks: readonly PlayedTrick<C>[],
  order: readonly Seat[],
): Map<Seat, Set<C>> {
  const out = new Map<Seat, Set<C>>();
  for (const s of order) out.set(s, new Set());
  const n = order.length;
  for (const t of tricks) {
    const li = order.indexOf(t.leader);
    for (let i = 1; i < t.cards.length; i++) {
      const set = out.get(order[(li + i) % n])!;
      for (const c of ruledOut(rules, deck, t.cards.slice(0, i), t.cards[i])) set.add(c);
    }
  }
  return out;
}
