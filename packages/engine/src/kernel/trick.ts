/**
 * Tricks: which card wins, what a trick is worth, and the trick part of every view.
 *
 * A game ranks cards through a `TrickOrder`: each card has an effective suit (its suit, or `TRUMP` for every
 * trump: in Doppelkopf the Queens, Jacks, Heart Ten and Diamonds are one suit) and a strength inside it. A
 * card beats the best card so far if it is of the same effective suit and stronger, or a trump on a plain
 * card. Of two equal cards (Doppelkopf's duplicates) the first wins, unless the game's `equalBeats` hook says
 * otherwise (the second Heart Ten, "Dulle", beats the first under the usual rule).
 */
import type { Card } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';

/** The effective suit of every trump. Plain suits are 0..3 (SUITS order). */
export const TRUMP = 4;

export interface TrickOrder<C> {
  /** The card's effective suit: 0..3, or `TRUMP`. */
  suit(card: C): number;
  /** Strength inside the effective suit; higher wins. */
  strength(card: C): number;
  /** Hook for equal cards: whether `card`, as strong as `best` and played after it, takes the trick. Default: never. */
  equalBeats?(card: C, best: C): boolean;
}

/** Whether `card`, played after `best` (the card winning so far), takes the trick. */
export function beats<C>(order: TrickOrder<C>, card: C, best: C): boolean {
  const s = order.suit(card);
  if (s === order.suit(best)) {
    const a = order.strength(card);
    const b = order.strength(best);
    return a > b || (a === b && order.equalBeats !== undefined && order.equalBeats(card, best));
  }
  return s === TRUMP;
}

/** The index of the winning card of a (possibly unfinished) trick, cards in play order. */
export function winnerIndex<C>(order: TrickOrder<C>, cards: readonly C[]): number {
  let w = 0;
  for (let i = 1; i < cards.length; i++) if (beats(order, cards[i], cards[w])) w = i;
  return w;
}

/** The trick order of the Jass games over card strings with trump suit index `trump` (-1: none). */
export function suitTrickOrder(
  trump: number,
  plainStrength: (card: Card) => number,
  trumpStrength: (card: Card) => number,
  suitOf: (card: Card) => number,
): TrickOrder<Card> {
  return {
    suit: (c) => (suitOf(c) === trump ? TRUMP : suitOf(c)),
    strength: (c) => (suitOf(c) === trump ? trumpStrength(c) : plainStrength(c)),
  };
}

// ---- views ----

export interface PlayedCard {
  readonly seat: Seat;
  readonly card: Card;
}

/** A trick as every view shows it: the leader, the cards in play order, the winner once it is complete. */
export interface TrickView {
  readonly leader: Seat;
  readonly cards: readonly PlayedCard[];
  readonly winner?: Seat;
}

/** The trick part of a view: the open trick (null when none) and the finished ones in order. */
export interface TricksView<T extends TrickView = TrickView> {
  readonly trick: T | null;
  readonly tricks: readonly T[];
}

/** A trick view with its card points (Differenzler's views). */
export interface PointedTrickView extends TrickView {
  readonly points: number;
}

/**
 * The tricks of a deal from its plays in order (`plays[i]` = seat and card), `size` cards to a trick. With
 * `points`, every trick also shows its points: `points(cards, index, done)` (the last-trick bonus included).
 */
export function tricksView<C>(
  plays: readonly { readonly seat: Seat; readonly card: C }[],
  size: number,
  order: TrickOrder<C>,
  name: (card: C) => Card,
): TricksView;
export function tricksView<C>(
  plays: readonly { readonly seat: Seat; readonly card: C }[],
  size: number,
  order: TrickOrder<C>,
  name: (card: C) => Card,
  points: (cards: readonly C[], index: number, done: boolean) => number,
): TricksView<PointedTrickView>;
export function tricksView<C>(
  plays: readonly { readonly seat: Seat; readonly card: C }[],
  size: number,
  order: TrickOrder<C>,
  name: (card: C) => Card,
  points?: (cards: readonly C[], index: number, done: boolean) => number,
): TricksView<TrickView | PointedTrickView> {
  const tricks: (TrickView | PointedTrickView)[] = [];
  let trick: TrickView | PointedTrickView | null = null;
  for (let i = 0, k = 0; i < plays.length; i += size, k++) {
    const n = Math.min(size, plays.length - i);
    const raw: C[] = new Array(n);
    const cards: PlayedCard[] = new Array(n);
    let w = 0;
    for (let j = 0; j < n; j++) {
      const p = plays[i + j];
      raw[j] = p.card;
      cards[j] = { seat: p.seat, card: name(p.card) };
      if (j > 0 && beats(order, p.card, raw[w])) w = j;
    }
    const leader = plays[i].seat;
    const done = n === size;
    if (points === undefined) {
      if (done) tricks.push({ leader, cards, winner: plays[i + w].seat });
      else trick = { leader, cards };
    } else {
      const pts = points(raw, k, done);
      if (done) tricks.push({ leader, cards, winner: plays[i + w].seat, points: pts });
      else trick = { leader, cards, points: pts };
    }
  }
  return { trick, tricks };
}
