/**
 * `trickGame(spec)`: a complete `Game` from a game's spec (spec.ts, the override list). The kernel supplies
 * the rest, written once:
 * - dealing: the steps of the core `shuffle` of the deck by the chance step's generator, `deck.size / players` cards to
 *   each seat in packets (`packet`, default a whole hand), the first to the seat after the dealer, then the
 *   deal's own chance (`chance`); an explicit deal (`{ hands, ... }`) is checked card by card, so a record
 *   replays from its seeds or its hands alike;
 * - the reference play step: the turn, the card in the hand, the follow policy by the card-level
 *   `legalCards` (infer.ts) or the game's `fast` override of it; a complete trick goes to its winner's seat
 *   with its card points, the last one with the bonus, and its view is kept; the last trick ends the deal,
 *   which `scoreDeal` scores;
 * - `toAct`, `legalActions` and `apply` over the phases: the checks every phase shares, then the handler;
 * - typed errors, the trick views (`tricksView`) and the outcome.
 *
 * The follow check here is the reference (card-level `legalCards`); hands are card sets of two words, the open
 * trick's led and winning kinds and points are kept in the state, and played cards are the deck's interned
 * `{ seat, card }` (the shortcuts table in docs/architecture.md). A game's fast path is an override of its follow
 * check, or of the whole play step (spec.ts, item 9), with an equivalence test against
 * `trickGame(spec, { reference: true })`.
 */
import { count } from '../core/bits.ts';
import { ALL_CARDS, type Card, isCard } from '../core/cards.ts';
import {
  type Action,
  type BaseOutcome,
  type BaseView,
  type Game,
  type Seat,
  SPECTATOR,
  type Viewer,
} from '../core/game.ts';
import { err, isObject, ok, type Result } from '../core/result.ts';
import type { Rng } from '../core/rng.ts';
import { checkHands, dealHands } from './deal.ts';
import { handCards, handSizes, holds, without } from './held.ts';
import { legalCards, type TrickRules } from './infer.ts';
import type {
  CardAction,
  DealTally,
  TrickConfig,
  TrickDeal,
  TrickDealResult,
  TrickGameSpec,
  TrickGameView,
  TrickOutcome,
  TrickPhase,
  TrickState,
} from './spec.ts';
import { counts, dealtState, plus, stepped } from './states.ts';
import { beats, type PlayedCard, type PointedTrickView, type TrickView } from './trick.ts';

/** The `Game` a spec makes. */
export type TrickGame<
  Id extends string,
  C extends TrickConfig,
  X,
  A extends Action = never,
  R extends object = TrickDealResult,
  V extends object = object,
  E extends object = object,
  W extends BaseView<Id> = TrickGameView<Id, C, R> & V,
  O extends BaseOutcome = TrickOutcome<R>,
> = Game<C, TrickState<C, X, R>, CardAction | A, TrickDeal & E, W, O, Id>;

/** The phases the kernel runs itself; a game's own phases take other names. */
export const KERNEL_PHASES = ['deal', 'play', 'over'] as const;

/** One play action per card, interned: every legal list and parsed action shares them. */
export const PLAYS: Readonly<Record<string, CardAction>> = Object.fromEntries(
  ALL_CARDS.map((card) => [card, Object.freeze({ t: 'play', card }) as CardAction]),
);

const NOBODY: readonly Seat[] = [];
/** `[seat]` for every seat a table can have, shared by every state: the seat whose turn it is. */
const ONLY: readonly (readonly Seat[])[] = Array.from({ length: 16 }, (_, seat) => [seat]);
const NO_TRICK: readonly PlayedCard[] = [];
/**
 * Zero words of card sets by count, each an array of doubles from the start (a copy keeps its element
 * kind): a word with bit 30 or 31 set is no small integer to V8, and an array that changed its element kind
 * midway made every later read slower.
 */
const WORDS: readonly number[][] = Array.from({ length: 33 }, (_, n) =>
  Array.from({ length: n }, () => 0.5).fill(0),
);
/** Zero counts by seat count, packed small integers from the start (`new Array(n).fill(0)` stays holey). */
const ZEROS: readonly number[][] = Array.from({ length: 17 }, (_, n) => Array.from({ length: n }, () => 0));

/** Every seat alone, by player count: the default parties. */
const ALONE: readonly (readonly (readonly Seat[])[])[] = Array.from({ length: 17 }, (_, n) =>
  Array.from({ length: n }, (_, i) => [i]),
);
const NO_TRICKS: readonly TrickView[] = [];

/**
 * The seats with the highest score: the match's winners by default, and Doppelkopf's (whose outcome is its own).
 * Not `highest`: core/bits.ts exports that name (the top bit of a set) and the package index re-exports both.
 */
export const highestSeats = (scores: readonly number[]): Seat[] => {
  const top = Math.max(...scores);
  return scores.flatMap((x, s) => (x === top ? [s] : []));
};

/** How a game is built: `reference` leaves out its `fast` override (for the equivalence tests). */
export interface TrickGameOptions {
  readonly reference?: boolean;
}

export function trickGame<
  Id extends string,
  C extends TrickConfig,
  X,
  A extends Action = never,
  R extends object = TrickDealResult,
  V extends object = object,
  E extends object = object,
  W extends BaseView<Id> = TrickGameView<Id, C, R> & V,
  O extends BaseOutcome = TrickOutcome<R>,
>(
  spec: TrickGameSpec<Id, C, X, A, R, V, E, W, O>,
  options: TrickGameOptions = {},
): TrickGame<Id, C, X, A, R, V, E, W, O> {
  type S = TrickState<C, X, R>;
  type Act = CardAction | A;
  type Deal = TrickDeal & E;
  const phases: Readonly<Record<string, TrickPhase<S, A>>> = spec.phases ?? {};
  for (const p of KERNEL_PHASES)
    if (Object.hasOwn(phases, p)) throw new Error(`${spec.id}: phase ${p} is the kernel's own`);

  const fast = options.reference ? undefined : spec.fast;
  const step = fast?.step;
  const during = spec.during;
  const cardPoints = spec.cardPoints ?? (() => 0);
  const lastTrickBonus = spec.lastTrickBonus ?? (() => 0);
  const matchWinners = spec.matchWinners ?? ((s: S) => highestSeats(s.scores));
  const pointed = spec.pointedTricks === true;
  const chance = spec.chance;
  const dealing = spec.dealing;
  const claim = spec.claim;
  const inDeal = spec.inDeal;
  const playDeck = spec.playDeck;
  if (inDeal && !dealing) throw new Error(`${spec.id}: inDeal needs the game's own dealing`);
  /** The claiming play action of every card, interned (`claim`). */
  const CLAIMS: Readonly<Record<string, Act>> = claim
    ? Object.fromEntries(
        ALL_CARDS.map((card) => [card, Object.freeze({ t: 'play', card, [claim.field]: true }) as Act]),
      )
    : {};
  const dealFields = new Set(['hands', ...(chance?.fields ?? [])]);
  const rulesOf = (s: S): TrickRules<Card> => {
    const exempt = spec.exempt;
    return {
      order: spec.order(s),
      policy: spec.policy(s),
      ...(exempt ? { exempt: (c: Card) => exempt(s, c) } : {}),
    };
  };
  const handSize = (c: C): number => spec.deck(c).size / c.players;
  const zeros = (n: number): number[] => ZEROS[n].slice();
  /** `n` zero words of card sets (`WORDS`). */
  const words = (n: number): number[] => WORDS[n].slice();

  function parseConfig(input: unknown): Result<C> {
    const c = spec.parseConfig(input);
    if (!c.ok) return c;
    // A game of its own dealing says itself what a hand holds (Klapper-Jas: 32 cards, 9 each to 3 players).
    if (dealing) return c;
    const deck = spec.deck(c.value);
    if (!Number.isInteger(handSize(c.value)))
      return err('bad-config', `${c.value.players} players cannot share the ${deck.size} cards evenly`);
    const packet = spec.packet ?? handSize(c.value);
    if (handSize(c.value) % packet !== 0)
      return err('bad-config', `hands of ${handSize(c.value)} cards are not dealt in packets of ${packet}`);
    return c;
  }

  function start(config: C, dealer: Seat): S {
    const n = config.players;
    const d = Number.isInteger(dealer) && dealer >= 0 && dealer < n ? dealer : 0;
    return {
      config,
      phase: 'deal',
      dealer: d,
      dealt: 0,
      held: words(2 * n),
      turn: (d + 1) % n,
      trick: NO_TRICK,
      best: 0,
      led: -1,
      top: -1,
      worth: 0,
      tricks: NO_TRICKS,
      points: zeros(n),
      tricksWon: zeros(n),
      results: [],
      scores: zeros(n),
      own: spec.initial(config),
    };
  }

  function randomDeal(s: S, rng: Rng): Deal {
    if (dealing) return dealing.draw(s, rng);
    const n = s.config.players;
    const hands = dealHands(
      spec.deck(s.config),
      n,
      (s.dealer + 1) % n,
      spec.packet ?? handSize(s.config),
      rng,
    );
    return chance ? ({ hands, ...chance.draw(rng) } as Deal) : ({ hands } as Deal);
  }

  /**
   * The hands of an unchecked deal as card sets (`held`), or why it is not a deal of the deck to these
   * seats: n hands of `size` cards, no kind more often than the deck has it, so exactly the deck.
   */
  function checkDeal(s: S, input: unknown): Result<number[]> {
    if (!isObject(input))
      return err(
        'bad-deal',
        `a deal is { ${[...dealFields].map((f) => (f === 'hands' ? 'hands: Card[][]' : f)).join(', ')} }`,
      );
    for (const k in input) if (!dealFields.has(k)) return err('bad-deal', `unknown field ${k}`);
    const n = s.config.players;
    return checkHands(spec.deck(s.config), n, input.hands, words(2 * n));
  }

  /** The deal's chance fields of an unchecked deal (none: an empty object). */
  const parseChance = (input: unknown): Result<E> =>
    chance ? chance.parse(input as Readonly<Record<string, unknown>>) : ok({} as E);

  function parseDeal(s: S, input: unknown): Result<Deal> {
    if (dealing) return dealing.parse(s, input);
    const held = checkDeal(s, input);
    if (!held.ok) return held;
    const extra = parseChance(input);
    if (!extra.ok) return extra;
    const hands = (input as TrickDeal).hands.map((h) => h.slice());
    return ok({ hands, ...extra.value } as Deal);
  }

  function applyDeal(s: S, deal: Deal): Result<S> {
    if (s.phase === 'over') return err('game-over', 'the match is over');
    if (s.phase !== 'deal') return err('wrong-phase', 'no deal is due now');
    const held = dealing ? dealing.held(s, deal) : checkDeal(s, deal);
    if (!held.ok) return held;
    const extra = dealing ? ok(deal) : parseChance(deal);
    if (!extra.ok) return extra;
    const n = s.config.players;
    // Written out field by field (`stepped`), not spread: every deal (and redeal) of self-play comes here.
    const dealt = dealtState(s, held.value, after(s, s.dealer), NO_TRICK, NO_TRICKS, zeros(n), zeros(n));
    // The deal as checked: its hands and chance fields (nothing else passes `checkDeal`).
    return ok(spec.beginDeal ? spec.beginDeal(dealt, deal) : dealt);
  }

  function toAct(s: S): readonly Seat[] {
    if (s.phase === 'play') return during ? withTurn(s.turn, during.toAct(s)) : ONLY[s.turn];
    const phase = phases[s.phase];
    return phase ? phase.toAct(s) : NOBODY;
  }

  /** The seat after `seat` in turn: the next one, past any seat out of the deal (`inDeal`). */
  function after(s: S, seat: Seat): Seat {
    const n = s.config.players;
    if (!inDeal) return (seat + 1) % n;
    const mask = inDeal(s);
    let next = (seat + 1) % n;
    while ((mask & (1 << next)) === 0 && next !== seat) next = (next + 1) % n;
    return next;
  }

  /** The cards of the open trick, in the order played. */
  const trickCards = (s: S): Card[] => s.trick.map((p) => p.card);

  /** The play actions `seat` may take now, each kind once (its hand is in kind order). */
  function playable(s: S, seat: Seat): readonly CardAction[] {
    if (fast) return fast.playable(s, seat);
    const hand = handCards(spec.deck(s.config), s.held, seat);
    const legal = s.trick.length === 0 ? hand : legalCards(rulesOf(s), hand, trickCards(s));
    const out: CardAction[] = [];
    for (let i = 0; i < legal.length; i++)
      if (i === 0 || legal[i] !== legal[i - 1]) out.push(PLAYS[legal[i]]);
    return out;
  }

  /** The seat to play first, then the others `during` names (the list shared when there are none). */
  function withTurn(turn: Seat, others: readonly Seat[]): readonly Seat[] {
    if (others.length === 0) return ONLY[turn];
    const out = [turn];
    for (const seat of others) if (seat !== turn) out.push(seat);
    return out;
  }

  function legalActions(s: S, seat: Seat): readonly Act[] {
    if (s.phase === 'play') {
      if (!during) return seat === s.turn ? cardActs(s, seat) : NOBODY_ACTS;
      if (seat !== s.turn) return during.toAct(s).includes(seat) ? during.legal(s, seat) : NOBODY_ACTS;
      const cards = cardActs(s, seat);
      const more = during.legal(s, seat);
      return more.length === 0 ? cards : [...cards, ...more];
    }
    if (!toAct(s).includes(seat)) return [];
    return phases[s.phase].legal(s, seat);
  }
  const NOBODY_ACTS: readonly Act[] = [];

  /** The seat to play's card actions, with the claiming ones when the game has a claim it may make. */
  function cardActs(s: S, seat: Seat): readonly Act[] {
    return claim?.may(s, seat) ? withClaims(s, seat) : playable(s, seat);
  }

  /** The play actions with the claiming one right after each card that may carry the claim. */
  function withClaims(s: S, seat: Seat): readonly Act[] {
    const out: Act[] = [];
    const deck = spec.deck(s.config);
    for (const a of playable(s, seat)) {
      out.push(a);
      if (claim?.allows(s, seat, deck.kindOf(a.card))) out.push(CLAIMS[a.card]);
    }
    return out;
  }

  function parseAction(input: unknown): Result<Act> {
    if (!isObject(input)) return err('malformed', 'an action is an object { t, ... }');
    if (input.t === 'play') {
      for (const k of Object.keys(input))
        if (k !== 't' && k !== 'card' && k !== claim?.field)
          return err('malformed', `play: unknown field ${k}`);
      if (!isCard(input.card)) return err('malformed', `play: ${JSON.stringify(input.card)} is not a card`);
      if (playDeck && playDeck.kindOf(input.card) < 0)
        return err('malformed', `play: ${input.card} is not a card of this game`);
      if (claim === undefined || input[claim.field] === undefined || input[claim.field] === false)
        return ok(PLAYS[input.card]);
      if (input[claim.field] !== true) return err('malformed', `play: ${claim.field} must be true`);
      return ok(CLAIMS[input.card]);
    }
    if (spec.parseAction) return spec.parseAction(input);
    return err('unknown-action', `unknown action ${JSON.stringify(input.t)}; ${spec.id} knows play`);
  }

  function apply(s: S, seat: Seat, action: Act): Result<S> {
    if (s.phase === 'over') return err('game-over', 'the match is over');
    if (s.phase === 'deal') return err('wrong-phase', 'a deal is due first');
    if (!Number.isInteger(seat) || seat < 0 || seat >= s.config.players)
      return err('bad-seat', `no seat ${String(seat)}`);
    if (!isObject(action)) return err('malformed', 'an action is an object { t, ... }');
    if (s.phase === 'play') {
      if (action.t !== 'play') return during ? beside(s, seat, action) : notPlay(action);
      return play(s, seat, (action as CardAction).card, claim !== undefined && action[claim.field] === true);
    }
    const phase = phases[s.phase];
    if (phase?.checksSeat !== true && !toAct(s).includes(seat))
      return err('not-your-turn', `seat ${seat} does not act in ${s.phase}`);
    if (action.t === 'play') return err('illegal-action', `no card is played before ${s.phase} is over`);
    return phase.apply(s, seat, action as A);
  }

  /** Why an action other than a card is refused while cards are played: no such kind, or not now. */
  function notPlay(action: Readonly<Record<string, unknown>>): Result<never> {
    const known = spec.parseAction ? spec.parseAction(action) : undefined;
    if (known === undefined || (!known.ok && known.error.code === 'unknown-action'))
      return err('unknown-action', `unknown action ${JSON.stringify(action.t)}`);
    return err('illegal-action', `only cards are played now, not ${String(action.t)}`);
  }

  /** An action of the game's own while cards are played (`during`), from a seat that may take it now. */
  function beside(s: S, seat: Seat, action: Readonly<Record<string, unknown>>): Result<S> {
    const known = spec.parseAction ? spec.parseAction(action) : undefined;
    if (known === undefined || (!known.ok && known.error.code === 'unknown-action'))
      return err('unknown-action', `unknown action ${JSON.stringify(action.t)}`);
    const handler = during as TrickPhase<S, A>;
    if (!handler.checksSeat && seat !== s.turn && !handler.toAct(s).includes(seat))
      return err('not-your-turn', `seat ${seat} does not act now`);
    return handler.apply(s, seat, action as unknown as A);
  }

  /** Why a held card may not go on the open trick. */
  function fault(s: S, card: Card): string {
    if (spec.fault) return spec.fault(s, card);
    const legal = legalCards(rulesOf(s), handCards(spec.deck(s.config), s.held, s.turn), trickCards(s));
    return `${card} breaks the ${spec.policy(s)} rule here: play one of ${[...new Set(legal)].join(' ')}`;
  }

  /** The reference play step (with the game's `fast` follow check and `beats` where it has them). */
  function play(s: S, seat: Seat, card: Card, claims: boolean): Result<S> {
    if (step) return step(s, seat, card, claims, finishDeal);
    if (seat !== s.turn) return err('not-your-turn', `seat ${s.turn} is to play`);
    const deck = spec.deck(s.config);
    const kind = deck.kindOf(card);
    if (kind < 0) return err('malformed', `${JSON.stringify(card)} is not a card of this game`);
    // The slot of the copy held (the second copy first, as `removeKind`), from the seat's two words.
    const w = 2 * seat;
    const kinds = deck.kinds.length;
    const second = kind + kinds;
    const slot = deck.copies === 2 && holds(s.held, w, second) ? second : kind;
    if (!holds(s.held, w, slot)) return err('illegal-action', `${card} is not in your hand`);
    const open = s.trick;
    const k = open.length;
    if (k > 0) {
      const legal = fast
        ? fast.allows(s, seat, kind)
        : legalCards(rulesOf(s), handCards(deck, s.held, seat), trickCards(s)).includes(card);
      if (!legal) return err('illegal-action', fault(s, card));
    }
    if (claims) {
      // Recorded before the card is played: the deal's last card is scored with its claim.
      if (!claim?.allows(s, seat, kind)) return err('illegal-action', claim?.refusal ?? 'no claim here');
      s = claim.record(s, seat);
    }
    const n = s.config.players;
    const size = inDeal ? count(inDeal(s)) : n;
    const held = without(s.held, slot < 32 ? w : w + 1, slot < 32 ? ~(1 << slot) : ~(1 << (slot - 32)));
    const trick: readonly PlayedCard[] =
      k === 0 ? deck.opened[seat * kinds + kind] : extend(open, k, deck.played[seat * kinds + kind]);
    const takes =
      k === 0 || (fast ? fast.beats(s, kind, s.top) : beats(spec.order(s), card, open[s.best].card));
    const best = takes ? k : s.best;
    const top = takes ? kind : s.top;
    const worth = s.worth + cardPoints(s, kind);
    if (k + 1 < size)
      return ok(
        stepped(
          s,
          held,
          inDeal ? after(s, seat) : (seat + 1) % n,
          trick,
          best,
          k === 0 ? kind : s.led,
          top,
          worth,
          s.tricks,
          s.points,
          s.tricksWon,
        ),
      );
    // The trick is complete: its winner takes its points (the last one with the bonus) and leads next.
    const winner = trick[best].seat;
    const last = (held[w] | held[w + 1]) === 0;
    const taken = last ? worth + lastTrickBonus(s) : worth;
    const points = plus(s.points, winner, taken);
    const tricksWon = plus(s.tricksWon, winner, 1);
    const leader = trick[0].seat;
    const view: TrickView | PointedTrickView = pointed
      ? { leader, cards: trick, winner, points: taken }
      : { leader, cards: trick, winner };
    // Copied into an array of the new length (a slice and a push would grow its store a second time).
    const m = s.tricks.length;
    const tricks: TrickView[] = new Array(m + 1);
    for (let i = 0; i < m; i++) tricks[i] = s.tricks[i];
    tricks[m] = view;
    const took = stepped(s, held, winner, NO_TRICK, 0, -1, -1, 0, tricks, points, tricksWon);
    const next = spec.afterTrick ? spec.afterTrick(took, winner) : took;
    return ok(last ? finishDeal(next, winner) : next);
  }

  /** The open trick of `k` cards with `p` added, in an array of the new length (a slice and a push grow it twice). */
  function extend(open: readonly PlayedCard[], k: number, p: PlayedCard): PlayedCard[] {
    const trick: PlayedCard[] = new Array(k + 1);
    for (let i = 0; i < k; i++) trick[i] = open[i];
    trick[k] = p;
    return trick;
  }

  /** The deal is played out: its tally, the game's row of it, and the next deal or the match's end. */
  function finishDeal(s: S, lastTrick: Seat): S {
    const n = s.config.players;
    const parties = spec.parties ? spec.parties(s) : ALONE[n];
    // Loops, not `map`/`reduce` closures: this runs once a deal, on the self-play's hot path.
    const partyPoints = new Array<number>(parties.length);
    for (let i = 0; i < parties.length; i++) {
      let sum = 0;
      for (const seat of parties[i]) sum += s.points[seat];
      partyPoints[i] = sum;
    }
    const tally: DealTally = {
      deal: s.dealt + 1,
      dealer: s.dealer,
      parties,
      points: s.points,
      partyPoints,
      tricksWon: s.tricksWon,
      lastTrick,
    };
    const row = spec.scoreDeal(s, tally);
    const score = spec.dealScore(row);
    const scores = s.scores.slice();
    for (let seat = 0; seat < n; seat++) scores[seat] += score[seat];
    const m = s.results.length;
    const results: R[] = new Array(m + 1);
    for (let i = 0; i < m; i++) results[i] = s.results[i];
    results[m] = row;
    const dealt = s.dealt + 1;
    const counted = counts(s, s.phase, s.dealer, s.turn, dealt, results, scores, s.own);
    const scored = spec.settle
      ? counts(s, s.phase, s.dealer, s.turn, dealt, results, scores, spec.settle(counted, row))
      : counted;
    if (spec.isMatchOver(scored))
      return counts(s, 'over', s.dealer, s.turn, dealt, results, scores, scored.own);
    const dealer = spec.nextDealer ? spec.nextDealer(scored) : (s.dealer + 1) % n;
    return counts(s, 'deal', dealer, (dealer + 1) % n, dealt, results, scores, scored.own);
  }

  /** The open trick as views show it (null when none is open). */
  function openTrickView(s: S): TrickView | PointedTrickView | null {
    const cards = s.trick;
    if (cards.length === 0) return null;
    const leader = cards[0].seat;
    return pointed ? { leader, cards, points: s.worth } : { leader, cards };
  }

  function viewFor(s: S, viewer: Viewer): W {
    const n = s.config.players;
    const seat =
      viewer !== SPECTATOR && Number.isInteger(viewer) && viewer >= 0 && viewer < n ? viewer : null;
    const over = s.phase === 'over';
    const deck = spec.deck(s.config);
    const hand = seat === null ? null : handCards(deck, s.held, seat);
    const handCounts = handSizes(s.held, n);
    if (spec.viewFor)
      return spec.viewFor(s, seat, {
        toAct: toAct(s),
        hand,
        handCounts,
        trick: openTrickView(s),
        winners: over ? matchWinners(s) : NOBODY,
      });
    const common: TrickGameView<Id, C, R> = {
      game: spec.id,
      viewer: seat ?? SPECTATOR,
      seats: n,
      phase: s.phase,
      toAct: [...toAct(s)],
      config: s.config,
      dealer: s.dealer,
      deals: s.dealt,
      hand,
      handCounts,
      trick: openTrickView(s),
      tricks: s.tricks,
      points: s.points,
      tricksWon: s.tricksWon,
      results: s.results,
      scores: s.scores,
      winners: over ? [...matchWinners(s)] : [],
    };
    return { ...common, ...spec.view?.(s, seat) } as unknown as W;
  }

  function outcome(s: S): O {
    const over = s.phase === 'over';
    const winners = over ? [...matchWinners(s)] : [];
    if (spec.outcome) return spec.outcome(s, winners);
    const base: TrickOutcome<R> = { deals: s.results, scores: s.scores, over, winners };
    return base as unknown as O;
  }

  return {
    id: spec.id,
    parseConfig,
    start,
    config: (s) => s.config,
    seats: (s) => s.config.players,
    phase: (s) => s.phase,
    awaitsDeal: (s) => s.phase === 'deal',
    toAct,
    isOver: (s) => s.phase === 'over',
    randomDeal,
    parseDeal,
    applyDeal,
    legalActions,
    parseAction,
    apply,
    viewFor,
    outcome,
  };
}
