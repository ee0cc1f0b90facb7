/**
 * The house preset's part of a deal's state and result (004 "Melden", "Armut", "Schwein"): plain read-only
 * data, replaced as a whole at its few steps (none of them on the card path). See house.ts, armut.ts, schwein.ts.
 */
import type { Card } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';

/** One step of the bidding ("Reizen"): a level bid or held (1 RE .. 5 KEINE-1), or 0 for folding. */
export interface HouseBid {
  readonly seat: Seat;
  readonly level: number;
}

/** Armut in progress or played. Card sets are a hand's two words (kinds held once / twice). */
export interface ArmutDeal {
  readonly poor: Seat;
  /** Cards the poor player passes. */
  readonly n: number;
  /** The face-down cards passed (and, once taken, the taker's); words as a hand's. */
  readonly given1: number;
  readonly given2: number;
  readonly given: number;
  /** The seat the cards are offered to (-1 while the poor player is still giving). */
  readonly at: Seat;
  /** Seats that passed the cards on ("weiterschieben"), in order. */
  readonly shoved: readonly Seat[];
  readonly taker: Seat;
  /** The cards returned face down so far. */
  readonly back1: number;
  readonly back2: number;
  readonly returned: number;
  /** Announced by the taker once all are returned: whether trumps came back (null before). */
  readonly trumpsBack: boolean | null;
}

export interface HouseDeal {
  /** Solo candidates in the order of the Melden round (from the forehand): "vorne" first. */
  readonly cands: readonly Seat[];
  /** Bidding: the front player (holds), the rear player (bids), the next candidate's index in `cands`. */
  readonly holder: Seat;
  readonly challenger: Seat;
  readonly next: number;
  /** The level reached: 0 none, 1 RE, 2 KEINE-90, 3 KEINE-60, 4 KEINE-30, 5 KEINE-1. */
  readonly level: number;
  readonly bids: readonly HouseBid[];
  /** The bidding's winner, who names his solo (-1 before). */
  readonly soloist: Seat;
  readonly armut: ArmutDeal | null;
}

export const REDEAL_REASONS = ['krankheit', 'two-poor', 'armut-refused'] as const;
export type RedealReason = (typeof REDEAL_REASONS)[number];

/** What a finished deal (or a redeal) shows of the house rules (null with `melden: 'ddv'` and no Schweine). */
export interface HouseResult {
  readonly redeal: RedealReason | null;
  /** Krankheit: the sick player; two poor players: both. */
  readonly seats: readonly Seat[];
  readonly bids: readonly { readonly seat: Seat; readonly call: string }[];
  readonly armut: {
    readonly poor: Seat;
    readonly taker: Seat;
    readonly shoved: readonly Seat[];
    readonly given: readonly Card[];
    readonly returned: readonly Card[];
    readonly trumpsBack: boolean | null;
  } | null;
  /** The Schwein, announced when it was played: its owner and trick (1-based). */
  readonly schwein: { readonly seat: Seat; readonly trick: number } | null;
}
