/**
 * Differenzler's types: its part of the kernel's trick-game state, its actions, its deal and the row kept of
 * a finished round. The state is the kernel's (`TrickState`): plain read-only data, shared where unchanged.
 */
import type { Card, Suit } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import type { CardAction, TrickDeal, TrickState } from '../kernel/index.ts';
import type { DifferenzlerConfig } from './config.ts';

/** `deal` and `over` are the kernel's, `play` its step; `estimate` is Differenzler's own phase. */
export const PHASES = ['deal', 'estimate', 'play', 'over'] as const;
export type Phase = (typeof PHASES)[number];

/** What the kernel's state holds for Differenzler (`own`). */
export interface DifferenzlerOwn {
  /** Trump suit index of the current (or last finished) round; -1 before the first deal. */
  readonly trump: number;
  /** Estimates of the current (or last finished) round by seat; -1 = not yet given. */
  readonly estimates: readonly number[];
}

/** One finished round, as shown to everyone when it ends (002 Art. 4.8). */
export interface RoundResult {
  /** 1-based. */
  readonly round: number;
  readonly dealer: Seat;
  readonly trump: Suit;
  readonly estimates: readonly number[];
  readonly points: readonly number[];
  readonly differences: readonly number[];
  /** The seat that took the last trick, and its cards in play order (the table shows them at the end of the round). */
  readonly lastTrick: Seat;
  readonly lastCards: readonly { readonly seat: Seat; readonly card: Card }[];
}

/**
 * The match state: the kernel's fields (`dealt` rounds finished, `scores` the difference totals) and
 * Differenzler's `own`.
 */
export type DifferenzlerState = TrickState<DifferenzlerConfig, DifferenzlerOwn, RoundResult>;

/** A deal: the hands by seat and the trump suit drawn by chance (002 Art. 4.1, 4.2). */
export interface DifferenzlerDeal extends TrickDeal {
  readonly trump: Suit;
}

export type EstimateAction = { readonly t: 'estimate'; readonly points: number };
export type PlayAction = CardAction;
export type DifferenzlerAction = EstimateAction | PlayAction;
