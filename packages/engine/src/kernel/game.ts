/**
 * `trickGame(spec)`: a complete `Game` from a game's spec (spec.ts, the override list). The kernel supplies
 * the rest, written once:
 * - dealing: the core `shuffle` of the deck by the chance step's generator, `deck.size / players` cards to
 *   each seat, the first block to the seat after the dealer; an explicit deal (`{ hands }`) is checked card
 *   by card, so a record replays from its seeds or its hands alike;
 * - the reference play step: the turn, the card in the hand, the follow policy by the card-level
 *   `legalCards` (infer.ts); a complete trick goes to `winnerIndex`'s seat with its card points, the last
 *   one with the bonus; the last trick ends the deal, which `scoreDeal` scores;
 * - `toAct`, `legalActions` and `apply` over the phases: the checks every phase shares, then the handler;
 * - typed errors, the trick views (`tricksView`) and the outcome.
 *
 * It is the reference: plain arrays of cards, no bit layout. A game's fast path is an override of it with an
 * equivalence test (spec.ts, item 9).
 */
import { ALL_CARDS, type Card, isCard } from '../core/cards.ts';
import { type Action, type Game, type Seat, SPECTATOR, type Viewer } from '../core/game.ts';
import { err, isObject, ok, type Result } from '../core/result.ts';
import { type Rng, shuffle } from '../core/rng.ts';
import type { Deck } from './deck.ts';
import { legalCards, type TrickRules } from './infer.ts';
import type {
  CardAction,
  DealScore,
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
import { tricksView, winnerIndex } from './trick.ts';

/** The `Game` a spec makes. */
export type TrickGame<
  Id extends string,
  C extends TrickConfig,
  X,
  A extends Action = never,
  R extends DealScore = DealScore,
  V extends object = object,
> = Game<C, TrickState<C, X, R>, CardAction | A, TrickDeal, TrickGameView<Id, C, R> & V, TrickOutcome<R>, Id>;

/** The phases the kernel runs itself; a game's own phases take other names. */
export const KERNEL_PHASES = ['deal', 'play', 'over'] as const;

/** One play action per card, interned: every legal list and parsed action shares them. */
const PLAYS: Readonly<Record<string, CardAction>> = Object.fromEntries(
  ALL_CARDS.map((card) => [card, Object.freeze({ t: 'play', card }) as CardAction]),
);

const NOBODY: readonly Seat[] = [];
/** `[seat]` for every seat a table can have, shared by every state: the seat whose turn it is. */
const ONLY: readonly (readonly Seat[])[] = Array.from({ length: 16 }, (_, seat) => [seat]);

/** The seats with the highest score. */
const highest = (scores: readonly number[]): Seat[] => {
  const top = Math.max(...scores);
  return scores.flatMap((x, s) => (x === top ? [s] : []));
};

/** The hands of a deal as the state keeps them: each sorted in the deck's kind order. */
const sortedHand = (deck: Deck, hand: readonly Card[]): Card[] =>
  hand.slice().sort((a, b) => deck.kindOf(a) - deck.kindOf(b));

export function trickGame<
  Id extends string,
  C extends TrickConfig,
  X,
  A extends Action = never,
  R extends DealScore = DealScore,
  V extends object = object,
>(spec: TrickGameSpec<Id, C, X, A, R, V>): TrickGame<Id, C, X, A, R, V> {
  type S = TrickState<C, X, R>;
  type Act = CardAction | A;
  const phases: Readonly<Record<string, TrickPhase<S, A>>> = spec.phases ?? {};
  for (const p of KERNEL_PHASES)
    if (Object.hasOwn(phases, p)) throw new Error(`${spec.id}: phase ${p} is the kernel's own`);

  const cardPoints = spec.cardPoints ?? (() => 0);
  const lastTrickBonus = spec.lastTrickBonus ?? (() => 0);
  const matchWinners = spec.matchWinners ?? ((s: S) => highest(s.scores));
  const rulesOf = (s: S): TrickRules<Card> => {
    const exempt = spec.exempt;
    return {
      order: spec.order(s),
      policy: spec.policy(s),
      ...(exempt ? { exempt: (c: Card) => exempt(s, c) } : {}),
    };
  };
  const handSize = (c: C): number => spec.deck(c).size / c.players;
  const zeros = (n: number): number[] => new Array<number>(n).fill(0);

  function parseConfig(input: unknown): Result<C> {
    const c = spec.parseConfig(input);
    if (!c.ok) return c;
    const deck = spec.deck(c.value);
    if (!Number.isInteger(handSize(c.value)))
      return err('bad-config', `${c.value.players} players cannot share the ${deck.size} cards evenly`);
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
      hands: Array.from({ length: n }, () => []),
      turn: (d + 1) % n,
      plays: [],
      points: zeros(n),
      tricksWon: zeros(n),
      results: [],
      scores: zeros(n),
      own: spec.initial(config),
    };
  }

  function randomDeal(s: S, rng: Rng): TrickDeal {
    const n = s.config.players;
    const size = handSize(s.config);
    const cards = shuffle(spec.deck(s.config).cards, rng);
    const hands: Card[][] = new Array(n);
    for (let k = 0; k < n; k++) hands[(s.dealer + 1 + k) % n] = cards.slice(k * size, (k + 1) * size);
    return { hands };
  }

  /** The hands of an unchecked deal, or why it is not a deal of the deck to these seats. */
  function checkDeal(s: S, input: unknown): Result<readonly (readonly Card[])[]> {
    if (!isObject(input)) return err('bad-deal', 'a deal is { hands: Card[][] }');
    for (const k of Object.keys(input)) if (k !== 'hands') return err('bad-deal', `unknown field ${k}`);
    const n = s.config.players;
    const size = handSize(s.config);
    const deck = spec.deck(s.config);
    const raw = input.hands;
    if (!Array.isArray(raw) || raw.length !== n) return err('bad-deal', `hands must be a list of ${n} hands`);
    const copies = new Array<number>(deck.kinds.length).fill(0);
    for (let seat = 0; seat < n; seat++) {
      const hand: unknown = raw[seat];
      if (!Array.isArray(hand) || hand.length !== size)
        return err('bad-deal', `hand ${seat} must hold ${size} cards`);
      for (const c of hand) {
        const k = deck.kindOf(c);
        if (k < 0) return err('bad-deal', `hand ${seat}: ${JSON.stringify(c)} is not a card of the deck`);
        if (++copies[k] > deck.copies)
          return err('bad-deal', `${c} is dealt more often than the deck has it`);
      }
    }
    // n hands of `size` cards, no kind more often than the deck has it: exactly the deck.
    return ok(raw as Card[][]);
  }

  function parseDeal(s: S, input: unknown): Result<TrickDeal> {
    const hands = checkDeal(s, input);
    return hands.ok ? ok({ hands: hands.value.map((h) => h.slice()) }) : hands;
  }

  function applyDeal(s: S, deal: TrickDeal): Result<S> {
    if (s.phase === 'over') return err('game-over', 'the match is over');
    if (s.phase !== 'deal') return err('wrong-phase', 'no deal is due now');
    const hands = checkDeal(s, deal);
    if (!hands.ok) return hands;
    const n = s.config.players;
    const deck = spec.deck(s.config);
    const dealt: S = {
      ...s,
      phase: 'play',
      hands: hands.value.map((h) => sortedHand(deck, h)),
      turn: (s.dealer + 1) % n,
      plays: [],
      points: zeros(n),
      tricksWon: zeros(n),
    };
    return ok(spec.beginDeal ? spec.beginDeal(dealt) : dealt);
  }

  function toAct(s: S): readonly Seat[] {
    if (s.phase === 'play') return ONLY[s.turn];
    const phase = phases[s.phase];
    return phase ? phase.toAct(s) : NOBODY;
  }

  /** The cards of the trick on the table (none when a trick is to be led). */
  const openTrick = (s: S): Card[] => {
    const n = s.config.players;
    return s.plays.slice(s.plays.length - (s.plays.length % n)).map((p) => p.card);
  };

  /** The cards `seat` may play now, each kind once (its hand is in kind order). */
  function playable(s: S, seat: Seat): Card[] {
    const hand = s.hands[seat];
    const trick = openTrick(s);
    const legal = trick.length === 0 ? hand : legalCards(rulesOf(s), hand, trick);
    return legal.filter((c, i) => i === 0 || c !== legal[i - 1]);
  }

  function legalActions(s: S, seat: Seat): readonly Act[] {
    if (!toAct(s).includes(seat)) return [];
    if (s.phase === 'play') return playable(s, seat).map((c) => PLAYS[c]);
    return phases[s.phase].legal(s, seat);
  }

  function parseAction(input: unknown): Result<Act> {
    if (!isObject(input)) return err('malformed', 'an action is an object { t, ... }');
    if (input.t === 'play') {
      for (const k of Object.keys(input))
        if (k !== 't' && k !== 'card') return err('malformed', `play: unknown field ${k}`);
      if (!isCard(input.card)) return err('malformed', `play: ${JSON.stringify(input.card)} is not a card`);
      return ok(PLAYS[input.card]);
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
      if (action.t !== 'play') return err('illegal-action', `only cards are played now, not ${action.t}`);
      return play(s, seat, (action as CardAction).card);
    }
    if (!toAct(s).includes(seat)) return err('not-your-turn', `seat ${seat} does not act in ${s.phase}`);
    if (action.t === 'play') return err('illegal-action', `no card is played before ${s.phase} is over`);
    return phases[s.phase].apply(s, seat, action as A);
  }

  /** The reference play step. */
  function play(s: S, seat: Seat, card: Card): Result<S> {
    if (seat !== s.turn) return err('not-your-turn', `seat ${s.turn} is to play`);
    const deck = spec.deck(s.config);
    if (deck.kindOf(card) < 0) return err('malformed', `${JSON.stringify(card)} is not a card of this game`);
    const hand = s.hands[seat];
    const at = hand.indexOf(card);
    if (at < 0) return err('illegal-action', `${card} is not in your hand`);
    const trick = openTrick(s);
    if (trick.length > 0) {
      const legal = legalCards(rulesOf(s), hand, trick);
      if (!legal.includes(card))
        return err(
          'illegal-action',
          `${card} breaks the ${spec.policy(s)} rule here: play one of ${[...new Set(legal)].join(' ')}`,
        );
    }
    const n = s.config.players;
    const hands = s.hands.slice();
    hands[seat] = hand.filter((_, i) => i !== at);
    const plays = [...s.plays, { seat, card }];
    if (plays.length % n !== 0) return ok({ ...s, hands, plays, turn: (seat + 1) % n });
    // The trick is complete: its winner takes its points (the last one with the bonus) and leads next.
    const taken = plays.slice(plays.length - n);
    const winner =
      taken[
        winnerIndex(
          spec.order(s),
          taken.map((p) => p.card),
        )
      ].seat;
    const last = plays.length === deck.size;
    let worth = last ? lastTrickBonus(s) : 0;
    for (const p of taken) worth += cardPoints(s, p.card);
    const points = s.points.slice();
    points[winner] += worth;
    const tricksWon = s.tricksWon.slice();
    tricksWon[winner]++;
    const next: S = { ...s, hands, plays, turn: winner, points, tricksWon };
    return ok(last ? finishDeal(next, winner) : next);
  }

  /** The deal is played out: its tally, the game's score of it, and the next deal or the match's end. */
  function finishDeal(s: S, lastTrick: Seat): S {
    const n = s.config.players;
    const parties = spec.parties?.(s) ?? Array.from({ length: n }, (_, i) => [i]);
    const tally: DealTally = {
      deal: s.dealt + 1,
      dealer: s.dealer,
      parties,
      points: s.points,
      partyPoints: parties.map((p) => p.reduce((a, seat) => a + s.points[seat], 0)),
      tricksWon: s.tricksWon,
      lastTrick,
    };
    const score = spec.scoreDeal(s, tally);
    const result: TrickDealResult<R> = { ...tally, ...score };
    const scored: S = {
      ...s,
      dealt: s.dealt + 1,
      results: [...s.results, result],
      scores: s.scores.map((x, seat) => x + score.score[seat]),
    };
    if (spec.isMatchOver(scored)) return { ...scored, phase: 'over' };
    const dealer = (s.dealer + 1) % n;
    return { ...scored, phase: 'deal', dealer, turn: (dealer + 1) % n };
  }

  function viewFor(s: S, viewer: Viewer): TrickGameView<Id, C, R> & V {
    const n = s.config.players;
    const seat =
      viewer !== SPECTATOR && Number.isInteger(viewer) && viewer >= 0 && viewer < n ? viewer : null;
    const over = s.phase === 'over';
    const { trick, tricks } = tricksView(s.plays, n, spec.order(s), (c) => c);
    const common: TrickGameView<Id, C, R> = {
      game: spec.id,
      viewer: seat ?? SPECTATOR,
      seats: n,
      phase: s.phase,
      toAct: [...toAct(s)],
      config: s.config,
      dealer: s.dealer,
      deals: s.dealt,
      hand: seat === null ? null : s.hands[seat],
      handCounts: s.hands.map((h) => h.length),
      trick,
      tricks,
      points: s.points,
      tricksWon: s.tricksWon,
      results: s.results,
      scores: s.scores,
      winners: over ? [...matchWinners(s)] : [],
    };
    return { ...common, ...(spec.view?.(s, seat) as V) };
  }

  function outcome(s: S): TrickOutcome<R> {
    const over = s.phase === 'over';
    return { deals: s.results, scores: s.scores, over, winners: over ? [...matchWinners(s)] : [] };
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
