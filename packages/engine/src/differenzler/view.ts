/**
 * What one seat (or a spectator) may know (002 Art. 4.3, 4.6, 4.8): its own hand and estimate, every
 * card played, the points each seat has taken; the other estimates only once the round is over.
 */
import { type Card, cardFromId, SUITS, type Suit } from '../core/cards.ts';
import { type BaseView, type BySeat, type Seat, SPECTATOR, type Viewer } from '../core/game.ts';
import type { PlayedCard, PointedTrickView } from '../kernel/index.ts';
import type { DifferenzlerConfig } from './config.ts';
import { matchWinners } from './outcome.ts';
import { type DifferenzlerState, type Phase, type RoundResult, seatsToAct } from './state.ts';

export type { PlayedCard };

/**
 * A trick (the kernel's trick view): the seat that led, the cards in the order of play from there, the seat
 * that took it (absent while it is open), and its card points (with the last trick's 5 once it is taken).
 */
export type DifferenzlerTrick = PointedTrickView;

export interface DifferenzlerView extends BaseView {
  readonly game: 'differenzler';
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

function cardsOf(hands: readonly number[], seat: Seat): Card[] {
  const out: Card[] = [];
  for (let s = 0; s < 4; s++) {
    for (let r = 0; r < 9; r++) if ((hands[seat * 4 + s] & (1 << r)) !== 0) out.push(cardFromId(s * 9 + r));
  }
  return out;
}

function popcount(m: number): number {
  let n = 0;
  for (; m !== 0; m &= m - 1) n++;
  return n;
}

/** The open trick: the cards played since the last trick was taken, from its leader on. */
function openTrick(state: DifferenzlerState): DifferenzlerTrick | null {
  const n = state.played % 4;
  if (n === 0 || state.phase !== 'play') return null;
  const cards: PlayedCard[] = new Array(n);
  let p = state.plays;
  for (let j = n - 1; j >= 0 && p !== null; j--, p = p.prev)
    cards[j] = { seat: p.seat, card: cardFromId(p.card) };
  return { leader: cards[0].seat, cards, points: state.trickPoints };
}

export function viewFor(state: DifferenzlerState, viewer: Viewer): DifferenzlerView {
  const seat: Seat | null =
    viewer !== SPECTATOR && Number.isInteger(viewer) && viewer >= 0 && viewer < 4 ? viewer : null;
  const roundOver = state.played === 36;
  const seats = [0, 1, 2, 3];
  const over = state.phase === 'over';
  return {
    game: 'differenzler',
    viewer: seat ?? SPECTATOR,
    seats: 4,
    phase: state.phase,
    toAct: seatsToAct(state),
    config: state.config,
    rounds: state.config.options.rounds,
    roundsPlayed: state.round,
    dealer: state.dealer,
    vorhand: (state.dealer + 1) % 4,
    trump: state.trump >= 0 ? SUITS[state.trump] : null,
    hand: seat === null ? null : cardsOf(state.hands, seat),
    handCounts: seats.map((s) => seats.reduce((n, suit) => n + popcount(state.hands[s * 4 + suit]), 0)),
    estimated: state.estimates.map((e) => e >= 0),
    estimates: state.estimates.map((e, s) => (e >= 0 && (roundOver || s === seat) ? e : null)),
    roundOver,
    points: state.points,
    trick: openTrick(state),
    tricks: state.done,
    results: state.results,
    scores: state.totals,
    winners: over ? matchWinners(state) : [],
  };
}
