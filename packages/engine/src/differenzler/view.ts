/**
 * What one seat (or a spectator) may know (002 Art. 4.3, 4.6, 4.8): its own hand and estimate, every
 * card played, the points each seat has taken; the other estimates only once the round is over. The view
 * predates the kernel, so Differenzler shapes it itself (kernel spec.ts `viewFor`) from the kernel's parts.
 */
import { type Card, SUITS, type Suit } from '../core/cards.ts';
import { type BaseView, type BySeat, type Seat, SPECTATOR } from '../core/game.ts';
import type { PlayedCard, PointedTrickView, ViewParts } from '../kernel/index.ts';
import type { DifferenzlerConfig } from './config.ts';
import type { DifferenzlerState, Phase, RoundResult } from './types.ts';

export type { PlayedCard };

/**
 * A trick (the kernel's trick view): the seat that led, the cards in the order of play from there, the seat
 * that took it (absent while it is open), and its card points (with the last trick's 5 once it is taken).
 */
export type DifferenzlerTrick = PointedTrickView;

export interface DifferenzlerView extends BaseView<'differenzler'> {
  readonly phase: Phase;
  readonly config: DifferenzlerConfig;
  readonly rounds: number;
  /** Rounds finished so far. */
  readonly roundsPlayed: number;
  /** Dealer of the current round, or of the next one while a deal is due. */
  readonly dealer: Seat;
  /** The seat that leads the first trick: the one after the dealer in the order of play (to his right). */
  readonly vorhand: Seat;
  /** Trump of the current round, or of the last one while the next deal is due; null before the first deal. */
  readonly trump: Suit | null;
  /** The viewer's own hand in card id order (Kreuz, Pik, Herz, Karo; each from the Sechs up); null for a spectator. */
  readonly hand: readonly Card[] | null;
  readonly handCounts: BySeat<number>;
  /** Whether each seat has given its estimate this round. */
  readonly estimated: BySeat<boolean>;
  /** The viewer's own estimate; every seat's once the round is over; null where not (yet) visible. */
  readonly estimates: BySeat<number | null>;
  /** True once all nine tricks of the shown round are taken (estimates and differences are then public). */
  readonly roundOver: boolean;
  /** Points taken this round by seat (public: every card played is seen). */
  readonly points: BySeat<number>;
  /** The open trick; null when none is open. */
  readonly trick: DifferenzlerTrick | null;
  /** The finished tricks of this round, in order. */
  readonly tricks: readonly DifferenzlerTrick[];
  /** Every finished round: estimates, points, differences (002 Art. 4.8). */
  readonly results: readonly RoundResult[];
  /** Difference totals by seat (lower is better). */
  readonly scores: BySeat<number>;
  /** The match's winners once it is over. */
  readonly winners: readonly Seat[];
}

export function viewFor(s: DifferenzlerState, seat: Seat | null, kernel: ViewParts): DifferenzlerView {
  const roundOver = s.tricks.length === 9;
  const e = s.own.estimates;
  return {
    game: 'differenzler',
    viewer: seat ?? SPECTATOR,
    seats: 4,
    phase: s.phase as Phase,
    toAct: [...kernel.toAct],
    config: s.config,
    rounds: s.config.options.rounds,
    roundsPlayed: s.dealt,
    dealer: s.dealer,
    vorhand: (s.dealer + 1) % 4,
    trump: s.own.trump >= 0 ? SUITS[s.own.trump] : null,
    hand: kernel.hand,
    handCounts: kernel.handCounts,
    estimated: e.map((x) => x >= 0),
    estimates: e.map((x, i) => (x >= 0 && (roundOver || i === seat) ? x : null)),
    roundOver,
    points: s.points,
    trick: kernel.trick as DifferenzlerTrick | null,
    tricks: s.tricks as readonly DifferenzlerTrick[],
    results: s.results,
    scores: s.scores,
    winners: [...kernel.winners],
  };
}
