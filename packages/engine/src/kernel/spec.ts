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
import type { Rng } from '../core/rng.ts';
import type { Deck } from './deck.ts';
import type { FollowPolicy } from './follow.ts';
import type { PhaseHandler } from './phases.ts';
import type { PlayedCard, TrickOrder, TrickView } from './trick.ts';

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

/**
 * Chance beside the hands (Differenzler's trump drawn with the deal): the fields it adds to the deal object,
 * drawn from the deal's generator after the shuffle, and read from an unchecked deal.
 */
export interface DealChance<E extends object> {
  /** The deal's fields besides `hands`, in the order the deal object lists them. */
  readonly fields: readonly (keyof E & string)[];
  draw(rng: Rng): E;
  /** The fields of an unchecked deal (`bad-deal` with a reason). */
  parse(input: Readonly<Record<string, unknown>>): Result<E>;
}

/**
 * A deal of the game's own shape (Klaberjass: six cards each, the turned card, three more each after the
 * bidding, the stock): how it is drawn and parsed, and the cards in hand when it begins. In place of the
 * kernel's dealing (`packet`, `chance`, hands of `deck.size / players`); `beginDeal` keeps the rest of it.
 */
export interface OwnDealing<S, D> {
  /** The deal drawn from the deal's generator. */
  draw(s: S, rng: Rng): D;
  /** An unchecked deal (a record's, a client's): `bad-deal` with a reason, or a copy of it. */
  parse(s: S, input: unknown): Result<D>;
  /**
   * The hands in hand when the deal begins, as `held` words (`TrickState.held`), or `bad-deal`. The game
   * says how many cards a hand holds: `parseConfig` does not ask that the deck be shared evenly.
   */
  held(s: S, deal: D): Result<number[]>;
}

/**
 * A claim made with a card (Klaberjass's Bella: `{ t: 'play', card, bella: true }`): the play action's boolean
 * field, and when it may be made. The kernel lists the claiming action right after its card's, parses the
 * field, and records the claim before the card is played (so the deal's last card scores with it).
 */
export interface PlayClaim<S> {
  readonly field: string;
  /** Whether `seat`, to play, may claim with any card now (a cheap check before the card by card one). */
  may(s: S, seat: Seat): boolean;
  /** Whether `seat` may claim with the held, legal card of deck kind `kind`. */
  allows(s: S, seat: Seat, kind: number): boolean;
  /** Why a claim is refused. */
  readonly refusal: string;
  /** The state with `seat`'s claim recorded (the card not yet played). */
  record(s: S, seat: Seat): S;
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

/** The common fields of a deal's score; a game adds its own. */
export interface DealScore {
  /** What the deal adds to the match score, by seat (partners get the same). */
  readonly score: BySeat<number>;
  /** The seats that won the deal (all of a party). */
  readonly winners: readonly Seat[];
}

/** One finished deal as a new game lists it: the tally and its score (`R` of a spec is any row a game keeps). */
export type TrickDealResult<R extends DealScore = DealScore> = DealTally & R;

/**
 * The state of a trick game: plain read-only data. The kernel owns every field but `own`, the game's part
 * (the trump named, bids, ...), which `initial`, `beginDeal` and the game's phases set.
 */
export interface TrickState<C extends TrickConfig, X, R extends object = TrickDealResult> {
  readonly config: C;
  /** `deal` (a chance node), `play`, `over`, or one of the game's own phases. */
  readonly phase: string;
  /** The dealer of the current deal, or of the next one while a deal is due. */
  readonly dealer: Seat;
  /** Deals finished. */
  readonly dealt: number;
  /**
   * The hands as card sets (cardset.ts): `held[2 * seat]` and `held[2 * seat + 1]` are the low and high
   * word of the seat's slots (slot = kind + copy * kinds). Views list a hand from it in kind order
   * (`handCards`); a game's fast path reads its bits at once.
   */
  readonly held: readonly number[];
  /** The seat to play in phase `play`; before it, the seat that will lead. */
  readonly turn: Seat;
  /** The open trick's cards in the order played (empty when a trick is to be led). */
  readonly trick: readonly PlayedCard[];
  /** The index in `trick` of the card winning it so far (0 while no trick is open). */
  readonly best: number;
  /**
   * The deck kinds of the open trick's first card and of the card winning it so far, and its card points so
   * far (-1, -1, 0 while no trick is open): kept as numbers when a card is played, so that the follow
   * check, `beats` and the points never parse a card string back (the fast path reads them at once).
   */
  readonly led: number;
  readonly top: number;
  readonly worth: number;
  /**
   * This deal's finished tricks as every view shows them (the last deal's while the next one is due), each
   * made once when it is taken and shared by every later state and view: a server encodes a shared array
   * once per table, not once per seat and step. With `pointedTricks` each carries its card points.
   */
  readonly tricks: readonly TrickView[];
  /** Card points (the last-trick bonus included) and tricks taken this deal, by seat. */
  readonly points: BySeat<number>;
  readonly tricksWon: BySeat<number>;
  /** The finished deals, as `scoreDeal` made them. */
  readonly results: readonly R[];
  /** The match score by seat: what `dealScore` gives of each deal, summed. */
  readonly scores: BySeat<number>;
  readonly own: X;
}

/** A phase of the game's own (bidding, naming trump, ...): its handler and who acts in it. */
export interface TrickPhase<S, A extends Action> extends PhaseHandler<S, A> {
  /** The seats that may act, the seat whose turn it is first. The kernel calls `legal` and `apply` only for them. */
  toAct(s: S): readonly Seat[];
  /**
   * 14. The handler refuses the actions of seats `toAct` does not name itself (default: the kernel refuses
   * them, `not-your-turn`, before the handler). Klapper-Jas's calls: Re before Kontra, or Kontra from a seat
   * that may not say it, is `illegal-action` whoever says it. The kernel still checks the match, the deal,
   * the seat's number and, outside `play`, that no card is played.
   */
  readonly checksSeat?: boolean;
}

/** What every trick game's view holds; the game's own fields (`view`) are added to it. */
export interface TrickGameView<Id extends string, C extends TrickConfig, R extends object = TrickDealResult>
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
  readonly results: readonly R[];
  readonly scores: BySeat<number>;
  /** The match's winners once it is over. */
  readonly winners: readonly Seat[];
}

export interface TrickOutcome<R extends object = TrickDealResult> extends BaseOutcome {
  readonly deals: readonly R[];
}

/** What the kernel makes of every view, for a game that shapes its view itself (`viewFor`). */
export interface ViewParts {
  /** The seats to act (a list of the kernel's, shared: copy it into a view). */
  readonly toAct: readonly Seat[];
  /** The viewer's hand in the deck's kind order (null for a spectator), and every seat's number of cards. */
  readonly hand: readonly Card[] | null;
  readonly handCounts: readonly number[];
  /** The open trick as views show it, null when none is open. */
  readonly trick: TrickView | null;
  /** The match's winners once it is over, else empty. */
  readonly winners: readonly Seat[];
}

/**
 * 9. The performance shortcut of the play step: the follow rule over the game's own bit layout, in place of
 * the reference (infer.ts `legalCards` over the hand and the open trick), and the trick order's `beats` on
 * its own tables. The rest of the step (the hand, the trick, its points, the deal's end) stays the kernel's, unless the game brings `step`, the whole of it. A game that brings one keeps an
 * equivalence test: `trickGame(spec, { reference: true })` runs without it, and the two games must give
 * equal legal actions and equal states on the same steps (test/kernel.override.test.ts).
 */
export interface FastFollow<S> {
  /** The play actions of the seat to play, leading or not (each kind once, in kind order). */
  playable(s: S, seat: Seat): readonly CardAction[];
  /** Whether the card of deck kind `kind`, held by the seat to play, may go on the open trick (`s.led`, `s.top`). */
  allows(s: S, seat: Seat, kind: number): boolean;
  /** Whether the card of kind `kind`, played after kind `top` (winning so far), takes the trick: the trick order's `beats` (trick.ts). */
  beats(s: S, kind: number, top: number): boolean;
  /**
   * The whole play step on the game's own layout, in place of the kernel's (optional): `card` from `seat`,
   * with its claim or not, to the same state or refusal as the reference step (`afterTrick` included).
   * `finish` is the kernel's end of the deal, for the state after its last trick (that trick's winner).
   */
  step?(s: S, seat: Seat, card: Card, claims: boolean, finish: (s: S, lastTrick: Seat) => S): Result<S>;
}

/**
 * The override list. Type parameters: `Id` the game's id, `C` its config, `X` its own part of the state,
 * `A` its own actions (besides `play`; `never` when it has none), `R` the row it keeps of a finished deal
 * (a new game: the tally and its score, `TrickDealResult`), `V` its own view fields, `E` its deal's fields
 * besides the hands. `W` and `O` are the view and outcome a game whose clients already read another shape
 * makes itself (`viewFor`, `outcome`); a new game keeps the kernel's.
 */
export interface TrickGameSpec<
  Id extends string,
  C extends TrickConfig,
  X,
  A extends Action = never,
  R extends object = TrickDealResult,
  V extends object = object,
  E extends object = object,
  W extends BaseView<Id> = TrickGameView<Id, C, R> & V,
  O extends BaseOutcome = TrickOutcome<R>,
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
   * How the shuffled deck goes round: packets of this many cards, the first to the seat after the dealer,
   * until every hand is full (default: a whole hand at once). And the deal's chance beside the hands.
   */
  readonly packet?: number;
  readonly chance?: DealChance<E>;
  /**
   * 2.-4. The trick order of the deal in play: `suit(card)`, the effective suit (`TRUMP` for every trump;
   * trump need not be a suit); `strength(card)` inside it (Jass: `jassTables`); `equalBeats(card, best)`
   * (optional) whether the later of two equal cards wins (Doppelkopf's second Dulle; default: the first
   * wins). Called on any state, the one before the first deal included.
   */
  order(s: TrickState<C, X, R>): TrickOrder<Card>;
  /**
   * 5. Card points of a card by its deck kind (default: none) and the last trick's bonus (default: 0)
   * (Jass: `jassTables`, `JassGame.lastTrick`). A kind, not a string: it is called on every card played.
   */
  cardPoints?(s: TrickState<C, X, R>, kind: number): number;
  lastTrickBonus?(s: TrickState<C, X, R>): number;
  /** 6. The follow policy (follow.ts) and the trumps a trump lead never forces (default: none; Differenzler's trump Jack). */
  policy(s: TrickState<C, X, R>): FollowPolicy;
  exempt?(s: TrickState<C, X, R>, card: Card): boolean;
  /** Why a held card may not go on the open trick (default: the policy's name and the legal cards). */
  fault?(s: TrickState<C, X, R>, card: Card): string;

  /**
   * 7. The game's own phases by name (not `deal`, `play` or `over`), one handler each (phases.ts). The
   * kernel checks what every phase shares (match over, deal due, seat, turn; a card outside `play`) before
   * it hands over. A phase ends by setting `phase` (to `play`, with `turn` the leader) and `own`.
   */
  readonly phases?: Readonly<Record<string, TrickPhase<TrickState<C, X, R>, A>>>;
  /** The shape of the game's own actions (`unknown-action` for a kind it does not know); `play` is the kernel's. */
  parseAction?(input: Readonly<Record<string, unknown>>): Result<A>;
  /**
   * 15. The deck of every config, where no option changes it: a play action naming a card outside it is
   * `malformed` when parsed (Klapper-Jas refuses the Six of a 36-card deck there). Default: any card of
   * core/cards.ts is parsed, and the play step refuses one outside the config's deck.
   */
  readonly playDeck?: Deck;
  /**
   * The state just dealt, made ready: the deal's `own` fields reset (from the deal's chance fields, where it
   * has some), the first phase chosen. Default: phase `play`, the seat after the dealer leads.
   */
  beginDeal?(s: TrickState<C, X, R>, deal: TrickDeal & E): TrickState<C, X, R>;
  /** A deal of the game's own shape, in place of the kernel's dealing (`OwnDealing`; default: none). */
  readonly dealing?: OwnDealing<TrickState<C, X, R>, TrickDeal & E>;
  /** A claim a card may carry (`PlayClaim`; default: none, a play action is `{ t, card }` only). */
  readonly claim?: PlayClaim<TrickState<C, X, R>>;

  /** The parties of the deal, at its end (default: every seat alone). */
  parties?(s: TrickState<C, X, R>): readonly (readonly Seat[])[];
  /**
   * The row kept of a finished deal, from its tally (a new game: `{ ...tally, score, winners, ... }`), and
   * what it adds to the match score by seat.
   */
  scoreDeal(s: TrickState<C, X, R>, tally: DealTally): R;
  dealScore(row: R): BySeat<number>;
  /**
   * The game's part once a deal is scored (on the state whose results count it), before the next deal or
   * the end (Klaberjass: the count of deals thrown in starts again). Default: `own` unchanged.
   */
  settle?(s: TrickState<C, X, R>, row: R): X;
  /** Whether the match is over, on the state whose results and scores count the deal just finished. */
  isMatchOver(s: TrickState<C, X, R>): boolean;
  /** The match's winners once it is over (default: the seats of the highest score). */
  matchWinners?(s: TrickState<C, X, R>): readonly Seat[];

  /**
   * 8. The view's own fields for `seat` (null: a spectator), beside the kernel's (`TrickGameView`: the
   * trick views kept in the state, the hand, points, results). Only what that viewer may know.
   * `pointedTricks`: every trick view carries its card points (the open one its points so far).
   */
  view?(s: TrickState<C, X, R>, seat: Seat | null): V;
  readonly pointedTricks?: boolean;
  /**
   * A game whose clients read a view or outcome of another shape makes them itself, from the same state
   * and the kernel's parts of the view (Differenzler's views predate the kernel).
   */
  viewFor?(s: TrickState<C, X, R>, seat: Seat | null, kernel: ViewParts): W;
  outcome?(s: TrickState<C, X, R>, winners: readonly Seat[]): O;

  /** 9. The performance shortcut of the play step (`FastFollow`). */
  readonly fast?: FastFollow<TrickState<C, X, R>>;

  /**
   * 10. The game's own actions while cards are played (Doppelkopf's announcements and `quiet`), a handler
   * beside the play step: its `toAct` names the seats besides the one to play that may act now (none: an
   * empty list), its `legal` a seat's actions (the seat to play lists them after its cards), its `apply`
   * takes them; the kernel hands over every action but a card whose kind `parseAction` knows, from the seat
   * to play or a seat `toAct` names. Default: none, only cards are played.
   */
  readonly during?: TrickPhase<TrickState<C, X, R>, A>;
  /**
   * 11. What a trick taken settles in the game's part, on the state after it (its winner leads; the trick's
   * view is the last of `tricks`), before the deal's end is scored: Doppelkopf's Hochzeit finds its partner
   * here. Default: nothing.
   */
  afterTrick?(s: TrickState<C, X, R>, winner: Seat): TrickState<C, X, R>;
  /**
   * 12. The dealer of the next deal, on the state whose results count the deal just finished (default: the
   * seat after the dealer). Doppelkopf's DDV rules repeat the deal after a Pflichtsolo with the same dealer.
   */
  nextDealer?(s: TrickState<C, X, R>): Seat;
  /**
   * 13. The seats dealt in, as a mask of seats (default: every seat). A seat out of the deal (Klapper-Jas's
   * 3-player end game, where two play on for second place) holds no cards and is passed over in turn, and a
   * trick has a card from each seat dealt in. Only with `dealing`: the kernel's own dealing deals every seat.
   */
  inDeal?(s: TrickState<C, X, R>): number;
}
