/**
 * The override list as a type: what a trick game supplies to `trickGame` (game.ts), and nothing else. The
 * members are numbered as the list always was; a required member is required here, an optional hook is
 * optional and has the default its comment names. `trickGame` makes the rest (dealing, the play step, trick
 * views, `toAct`/`legalActions`, errors, the deal results and the outcome) from them.
 *
 * The kernel's state, deal, view and outcome of such a game are here too, since the hooks read and write them.
 * The worked example is the test-only game in packages/engine/test/games/mini; docs/adding-a-game.md
 * says how a game joins.
 */
import type { Card } from '../core/cards.ts';
import type { Action, BaseOutcome, BaseView, BySeat, Seat } from '../core/game.ts';
import type { Result } from '../core/result.ts';
import type { Deck } from './deck.ts';
import type { FollowPolicy } from './follow.ts';
import type { PhaseHandler } from './phases.ts';
import type { TrickOrder, TrickView } from './trick.ts';

/** What every trick game's config holds (as its `parseConfig` gives it). */
export interface TrickConfig {
  readonly players: number;
  readonly preset: string;
}

/** The action the kernel knows itself: a card played. */
export interface CardAction {
  readonly t: 'play';
  readonly card: Card;
}

/** A deal of the kernel's default dealing: the hands by seat (a record holds this object, or its seed). */
export interface TrickDeal {
  readonly hands: readonly (readonly Card[])[];
}

/** What a finished deal gives: the kernel's tally, then the game's score of it (`scoreDeal`). */
export interface DealTally {
  /** The deal's number in the match, from 1. */
  readonly deal: number;
  readonly dealer: Seat;
  /** The parties of this deal (`parties`), each a list of seats; one seat each where all play alone. */
  readonly parties: readonly (readonly Seat[])[];
  /** Card points taken, the last-trick bonus included, by seat and by party (in `parties` order). */
  readonly points: BySeat<number>;
  readonly partyPoints: readonly number[];
  /** Tricks taken by seat. */
  readonly tricksWon: BySeat<number>;
  /** The seat that took the last trick. */
  readonly lastTrick: Seat;
}

/** The common fields of a deal's score; a game adds its own (`R` of the spec). */
export interface DealScore {
  /** What the deal adds to the match score, by seat (partners get the same). */
  readonly score: BySeat<number>;
  /** The seats that won the deal (all of a party). */
  readonly winners: readonly Seat[];
}

/** One finished deal, as the outcome and every view list it. */
export type TrickDealResult<R extends DealScore = DealScore> = DealTally & R;

/**
 * The state of a trick game: plain read-only data. The kernel owns every field but `own`, the game's part
 * (the trump named, bids, ...), which `initial`, `beginDeal` and the game's phases set.
 */
export interface TrickState<C extends TrickConfig, X, R extends DealScore = DealScore> {
  readonly config: C;
  /** `deal` (a chance node), `play`, `over`, or one of the game's own phases. */
  readonly phase: string;
  /** The dealer of the current deal, or of the next one while a deal is due. */
  readonly dealer: Seat;
  /** Deals finished. */
  readonly dealt: number;
  /** The hands by seat, each in the deck's kind order (both copies of a kind side by side). */
  readonly hands: readonly (readonly Card[])[];
  /** The seat to play in phase `play`; before it, the seat that will lead. */
  readonly turn: Seat;
  /** This deal's cards in the order played (the last deal's while the next one is due). */
  readonly plays: readonly { readonly seat: Seat; readonly card: Card }[];
  /** Card points (the last-trick bonus included) and tricks taken this deal, by seat. */
  readonly points: BySeat<number>;
  readonly tricksWon: BySeat<number>;
  readonly results: readonly TrickDealResult<R>[];
  /** The match score by seat: the deals' `score` summed. */
  readonly scores: BySeat<number>;
  readonly own: X;
}

/** A phase of the game's own (bidding, naming trump, ...): its handler and who acts in it. */
export interface TrickPhase<S, A extends Action> extends PhaseHandler<S, A> {
  /** The seats that may act, the seat whose turn it is first. The kernel calls `legal` and `apply` only for them. */
  toAct(s: S): readonly Seat[];
}

/** What every trick game's view holds; the game's own fields (`view`) are added to it. */
export interface TrickGameView<Id extends string, C extends TrickConfig, R extends DealScore = DealScore>
  extends BaseView<Id> {
  readonly config: C;
  readonly dealer: Seat;
  /** Deals finished. */
  readonly deals: number;
  /** The viewer's own hand in the deck's kind order; null for a spectator. */
  readonly hand: readonly Card[] | null;
  readonly handCounts: BySeat<number>;
  /** The open trick (null when none is open) and this deal's finished tricks in order. */
  readonly trick: TrickView | null;
  readonly tricks: readonly TrickView[];
  /** Card points and tricks taken this deal by seat (public: every card played is seen). */
  readonly points: BySeat<number>;
  readonly tricksWon: BySeat<number>;
  readonly results: readonly TrickDealResult<R>[];
  readonly scores: BySeat<number>;
  /** The match's winners once it is over. */
  readonly winners: readonly Seat[];
}

export interface TrickOutcome<R extends DealScore = DealScore> extends BaseOutcome {
  readonly deals: readonly TrickDealResult<R>[];
}

/**
 * The override list. Type parameters: `Id` the game's id, `C` its config, `X` its own part of the state,
 * `A` its own actions (besides `play`; `never` when it has none), `R` its deal score with its own fields,
 * `V` its own view fields.
 */
export interface TrickGameSpec<
  Id extends string,
  C extends TrickConfig,
  X,
  A extends Action = never,
  R extends DealScore = DealScore,
  V extends object = object,
> {
  readonly id: Id;
  /** Setup input to a config (players, preset, options); `bad-config` with a reason for anything else. */
  parseConfig(input: unknown): Result<C>;
  /** The game's part of the state at the start of a match. */
  initial(config: C): X;

  /**
   * 1. The deck: one of the kernel's (deck.ts) or `makeDeck`; by config where an option chooses it. Every
   * seat is dealt `deck.size / players` cards (a player count that does not divide it is refused).
   */
  deck(config: C): Deck;
  /**
   * 2.-4. The trick order of the deal in play: `suit(card)`, the effective suit (`TRUMP` for every trump;
   * trump need not be a suit); `strength(card)` inside it (Jass: `jassTables`); `equalBeats(card, best)`
   * (optional) whether the later of two equal cards wins (Doppelkopf's second Dulle; default: the first
   * wins). Called on any state, the one before the first deal included.
   */
  order(s: TrickState<C, X, R>): TrickOrder<Card>;
  /** 5. Card points (default: none) and the last trick's bonus (default: 0) (Jass: `jassTables`, `JassGame.lastTrick`). */
  cardPoints?(s: TrickState<C, X, R>, card: Card): number;
  lastTrickBonus?(s: TrickState<C, X, R>): number;
  /** 6. The follow policy (follow.ts) and the trumps a trump lead never forces (default: none; Differenzler's trump Jack). */
  policy(s: TrickState<C, X, R>): FollowPolicy;
  exempt?(s: TrickState<C, X, R>, card: Card): boolean;

  /**
   * 7. The game's own phases by name (not `deal`, `play` or `over`), one handler each (phases.ts). The
   * kernel checks what every phase shares (match over, deal due, seat, turn; a card outside `play`) before
   * it hands over. A phase ends by setting `phase` (to `play`, with `turn` the leader) and `own`.
   */
  readonly phases?: Readonly<Record<string, TrickPhase<TrickState<C, X, R>, A>>>;
  /** The shape of the game's own actions (`unknown-action` for a kind it does not know); `play` is the kernel's. */
  parseAction?(input: Readonly<Record<string, unknown>>): Result<A>;
  /**
   * The state just dealt, made ready: the deal's `own` fields reset, the first phase chosen. Default: phase
   * `play`, the seat after the dealer leads.
   */
  beginDeal?(s: TrickState<C, X, R>): TrickState<C, X, R>;

  /** The parties of the deal, at its end (default: every seat alone). */
  parties?(s: TrickState<C, X, R>): readonly (readonly Seat[])[];
  /** The deal's score from its tally: what it adds to the match score, its winners, the game's own fields. */
  scoreDeal(s: TrickState<C, X, R>, tally: DealTally): R;
  /** Whether the match is over, on the state whose results and scores count the deal just finished. */
  isMatchOver(s: TrickState<C, X, R>): boolean;
  /** The match's winners once it is over (default: the seats of the highest score). */
  matchWinners?(s: TrickState<C, X, R>): readonly Seat[];

  /**
   * 8. The view's own fields for `seat` (null: a spectator), beside the kernel's (`TrickGameView`: the
   * trick views made by `tricksView`, the hand, points, results). Only what that viewer may know.
   */
  view?(s: TrickState<C, X, R>, seat: Seat | null): V;

  // 9. Performance shortcuts: none yet. A game that brings its fast play step will override the reference
  // step here, guarded by an equivalence test against it (docs/architecture.md, performance shortcuts).
}
