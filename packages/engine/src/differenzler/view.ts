/**
 * What one seat (or a spectator) may know (002 Art. 4.3, 4.6, 4.8): its own hand and estimate, every
 * card played, the points each seat has taken; the other estimates only once the round is over.
 */
import { type Card, cardFromId, SUITS, type Suit } from '../core/cards.ts';
import { type BaseView, type BySeat, type Seat, SPECTATOR, type Viewer } from '../core/game.ts';
import { beats, cardValue, LAST_TRICK_BONUS } from './cards.ts';
import type { DifferenzlerConfig } from './config.ts';
import { matchWinners } from './outcome.ts';
import { type DifferenzlerState, type Phase, type PlayCell, type RoundResult, seatsToAct } from './state.ts';

export interface PlayedCard {
  readonly seat: Seat;
  readonly card: Card;
}

export interface DifferenzlerTrick {
  /** The seat that led; the cards follow in the order of play from there. */
  readonly leader: Seat;
  readonly cards: readonly PlayedCard[];
  /** The seat that took the trick; absent while it is open. */
  readonly winner?: Seat;
  /** Card points in the trick (with the last trick's 5 once it is taken). */
  readonly points: number;
}

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

/** The round's plays oldest first, grouped into tricks. */
export function tricksOf(plays: PlayCell | null, trump: number): DifferenzlerTrick[] {
  const list: PlayCell[] = [];
  for (let p = plays; p !== null; p = p.prev) list.push(p);
  list.reverse();
  const out: DifferenzlerTrick[] = [];
  for (let i = 0; i < list.length; i += 4) {
    const group = list.slice(i, i + 4);
    let best = group[0];
    let points = 0;
    for (const p of group) {
      if (beats(p.card, best.card, trump)) best = p;
      points += cardValue(p.card, trump);
    }
    const done = group.length === 4;
    if (done && i === 32) points += LAST_TRICK_BONUS;
    const cards = group.map((p) => ({ seat: p.seat, card: cardFromId(p.card) }));
    out.push(
      done
        ? { leader: group[0].seat, cards, winner: best.seat, points }
        : { leader: group[0].seat, cards, points },
    );
  }
  return out;
}

export function viewFor(state: DifferenzlerState, viewer: Viewer): DifferenzlerView {
  const seat: Seat | null =
    viewer !== SPECTATOR && Number.isInteger(viewer) && viewer >= 0 && viewer < 4 ? viewer : null;
  const roundOver = state.played === 36;
  const all = state.trump >= 0 ? tricksOf(state.plays, state.trump) : [];
  const open = all.length > 0 && all[all.length - 1].winner === undefined ? all[all.length - 1] : null;
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
    trick: open,
    tricks: open ? all.slice(0, -1) : all,
    results: state.results,
    scores: state.totals,
    winners: over ? matchWinners(state) : [],
  };
}
