/**
 * The Differenzler match state: plain read-only data, shared between states where unchanged.
 */
import type { Card, Suit } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import type { PointedTrickView } from '../kernel/index.ts';
import type { DifferenzlerConfig } from './config.ts';

export const PHASES = ['deal', 'estimate', 'play', 'over'] as const;
export type Phase = (typeof PHASES)[number];

/** One card played this round; a list newest first, so that playing a card adds one cell and copies nothing. */
export interface PlayCell {
  readonly seat: Seat;
  readonly card: number;
  readonly prev: PlayCell | null;
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

export interface DifferenzlerState {
  readonly config: DifferenzlerConfig;
  readonly phase: Phase;
  /** Rounds finished. */
  readonly round: number;
  /** Dealer of the current round, or of the next one while a deal is due. */
  readonly dealer: Seat;
  /** Trump suit index of the current (or last finished) round; -1 before the first deal. */
  readonly trump: number;
  /** Per-suit 9-bit masks: `hands[seat * 4 + suit]`. */
  readonly hands: readonly number[];
  /** Estimates of the current (or last finished) round; -1 = not yet given. */
  readonly estimates: readonly number[];
  /** Points taken this round, by seat. */
  readonly points: readonly number[];
  /** The seat to play (phase `play`). */
  readonly turn: Seat;
  /** Cards played this round. */
  readonly played: number;
  /** First card of the open trick, -1 when none is open. */
  readonly lead: number;
  /** The card winning the open trick and its seat. */
  readonly best: number;
  readonly bestSeat: Seat;
  /** Card points in the open trick. */
  readonly trickPoints: number;
  readonly plays: PlayCell | null;
  /**
   * The finished tricks of the round as views show them, each made once when it is taken and shared by
   * every later state and every view: a server encodes a shared array once per table, not once per seat
   * and step (docs/architecture.md, performance shortcuts).
   */
  readonly done: readonly PointedTrickView[];
  readonly results: readonly RoundResult[];
  /** Difference totals by seat. */
  readonly totals: readonly number[];
}

/** Seats that may act: the seats still to estimate, Vorhand first (all at once, 002 Art. 4.3), or the seat to play. */
export function seatsToAct(state: DifferenzlerState): Seat[] {
  if (state.phase === 'play') return [state.turn];
  const out: Seat[] = [];
  if (state.phase !== 'estimate') return out;
  for (let k = 1; k <= 4; k++) {
    const s = (state.dealer + k) % 4;
    if (state.estimates[s] < 0) out.push(s);
  }
  return out;
}
