import type { Card, Suit } from '../core/cards.ts';
import type { BaseOutcome, BaseView, BySeat, Seat, Viewer } from '../core/game.ts';
import type { PlayedCard, TrickState, TrickView } from '../kernel/index.ts';
import type { KlaberjassAction, Verdict } from './actions.ts';
import type { KjRank, SequenceCompare } from './cards.ts';

export interface KlaberjassOptions {
  /** Match target (003: "Spiel ist 500 Punkte"). */
  readonly target: number;
  /** How sequences compare: `value` (20 vs 50, then top card; 003) or `length` (longer first, then top card). */
  readonly sequences: SequenceCompare;
}

export interface KlaberjassConfig {
  readonly players: 2;
  readonly preset: 'hoyle';
  readonly options: KlaberjassOptions;
}

/**
 * An explicit deal. `hands[seat]` holds the 9 cards that seat receives, in the order received: the first
 * 6 before the bidding (two packets of three), the last 3 the "drei zusätzliche Karten" dealt once trump is
 * fixed. `stock[0]` is the turned card, then the undealt rest of the pack, top first (13 cards).
 */
export interface KlaberjassDeal {
  readonly hands: readonly (readonly Card[])[];
  readonly stock: readonly Card[];
}

export const PHASES = ['deal', 'bid', 'schmeiss', 'bid2', 'exchange', 'sequences', 'play', 'over'] as const;
export type KlaberjassPhase = (typeof PHASES)[number];

/** One thing said at the table: a bid, a schmeiss answer, an announcement. */
export interface Said {
  readonly seat: Seat;
  readonly action: KlaberjassAction;
}

/**
 * Klaberjass's own part of the kernel's state (`TrickState.own`): the deal beyond the hands (kept after its
 * end until the next deal) and the throw-ins since the last played deal. Card sets are 32-bit (cards.ts).
 */
export interface KlaberjassOwn {
  /** The three extra cards of each seat, until trump is fixed. */
  readonly extra: BySeat<number>;
  /** The stock below the turned card (the extra cards not included). */
  readonly stock: number;
  readonly turned: number;
  readonly bids: readonly Said[];
  readonly schmeisser: number;
  readonly maker: number;
  readonly trump: number;
  /** The seat holding the trump 7 who may exchange it, -1 if none (hidden: both seats are asked). */
  readonly sevenHolder: number;
  readonly exchanged: boolean;
  readonly talk: readonly Said[];
  /** Best sequence key per seat (0: none), see cards.ts `sequenceKey`. */
  readonly seqKeys: BySeat<number>;
  /** Step of the sequence talk: 0 non-dealer speaks, 1 dealer answers, 2 non-dealer names top, 3 dealer answers, 4 dealer alone. */
  readonly seqStep: number;
  readonly seqWinner: number;
  /** The hands when play began (for the sequences shown and Bella). */
  readonly startHands: BySeat<number>;
  /** The seat holding trump King and Queen when play began, and the seat that claimed Bella (-1: none). */
  readonly bellaHolder: number;
  readonly bella: number;
  /** Deals thrown in since the last played deal. */
  readonly thrownIn: number;
  /** Why the last deal was thrown in, until a deal is played (the table says so when the cards come again). */
  readonly throwIn: 'schmeiss' | 'passed' | null;
  /** The seats whose schmeiss was accepted since the last played deal, in order (for the deal's result). */
  readonly schmeissed: readonly Seat[];
}

/** The kernel's state of a Klaberjass match; the hands are `held[0]` and `held[2]` (32-bit card sets). */
export type KlaberjassState = TrickState<KlaberjassConfig, KlaberjassOwn, KlaberjassDealResult>;

export interface KlaberjassSequences {
  /** Who won the comparison and scores all his sequences; null when neither held one. */
  readonly seat: Seat | null;
  readonly points: number;
  readonly cards: readonly (readonly Card[])[];
}

export interface KlaberjassDealResult {
  readonly dealer: Seat;
  readonly maker: Seat;
  readonly trump: Suit;
  readonly turned: Card;
  /** The seat that exchanged the trump 7 for the turned card, or null. */
  readonly exchange: Seat | null;
  readonly sequences: KlaberjassSequences;
  /** The seat that claimed Bella (20), or null. */
  readonly bella: Seat | null;
  readonly lastTrick: Seat;
  /** The cards of the last trick in play order (the table shows them at the end of the deal). */
  readonly lastCards: readonly PlayedCard[];
  /** Points of the cards in each seat's tricks (without the last-trick 10). */
  readonly cardPoints: BySeat<number>;
  /** Each seat's total: card points, last trick, sequences, Bella. */
  readonly totals: BySeat<number>;
  /** What each seat scored for the match from this deal. */
  readonly scored: BySeat<number>;
  /** Who won the deal: the maker with the higher total, else his opponent (a tie goes against the maker). */
  readonly winner: Seat;
  /** Deals thrown in (schmeiss accepted, or all passed) before this one. */
  readonly thrownIn: number;
  /**
   * Schmeiss said since the last played deal: the seats whose schmeiss was accepted (those deals were thrown
   * in), and the seat whose schmeiss in this deal was refused (it is then the maker), else null.
   */
  readonly schmeiss: { readonly accepted: readonly Seat[]; readonly refused: Seat | null };
}

export type { PlayedCard };
/** A trick in play order; `winner` once it is complete (the kernel's trick view). */
export type KlaberjassTrick = TrickView;

export interface KlaberjassView extends BaseView {
  readonly game: 'klaberjass';
  readonly viewer: Viewer;
  readonly dealer: Seat;
  readonly target: number;
  /** The turned-up card (13th card); null before the first deal. */
  readonly turned: Card | null;
  /** The viewer's own hand; null for a spectator. */
  readonly hand: readonly Card[] | null;
  readonly handCounts: BySeat<number>;
  readonly stockCount: number;
  readonly bids: readonly Said[];
  readonly maker: Seat | null;
  readonly trump: Suit | null;
  /** The trump-7 exchange once made: the 7 goes out of play, the turned card into `seat`'s hand. */
  readonly exchange: { readonly seat: Seat; readonly gave: Card; readonly took: Card } | null;
  /** The sequence talk: announce, answer, top. */
  readonly announcements: readonly Said[];
  /** The seat whose sequences count, once the talk has settled it; null if none or not yet. */
  readonly sequenceWinner: Seat | null;
  /** The winner's sequences, shown after the first trick. */
  readonly sequences: KlaberjassSequences | null;
  /** The trick on the table, null when no card is on it. */
  readonly trick: KlaberjassTrick | null;
  readonly tricks: readonly KlaberjassTrick[];
  /** Card points taken so far (last trick included once it is played). */
  readonly points: BySeat<number>;
  readonly bella: Seat | null;
  readonly thrownIn: number;
  readonly throwIn: 'schmeiss' | 'passed' | null;
  readonly results: readonly KlaberjassDealResult[];
  readonly scores: BySeat<number>;
}

export interface KlaberjassOutcome extends BaseOutcome {
  readonly deals: readonly KlaberjassDealResult[];
}

export type { KjRank, Verdict };
