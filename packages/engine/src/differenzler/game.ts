/**
 * Differenzler (rule source 002) as a `Game`. Seats are numbered in the order of play, which 002 Art. 4.4
 * makes counterclockwise: seat i + 1 sits to the right of seat i. The deal passes the same way, and
 * Vorhand (dealer + 1) leads the first trick. See docs/rules/differenzler.md.
 */
import { type Card, cardFromId, DECK36, SUITS, type Suit } from '../core/cards.ts';
import type { Game, Seat } from '../core/game.ts';
import { err, isObject, ok, type Result } from '../core/result.ts';
import type { Rng } from '../core/rng.ts';
import {
  JASS36,
  NO_HANDLER,
  type PhaseHandler,
  type PhaseHandlers,
  type PlayedCard,
  type PointedTrickView,
} from '../kernel/index.ts';
import {
  beats,
  cardValue,
  LAST_TRICK_BONUS,
  rankIndex,
  SUIT_BITS,
  suitIndex,
  TOTAL_POINTS,
} from './cards.ts';
import { type DifferenzlerConfig, parseConfig } from './config.ts';
import { type DifferenzlerOutcome, outcome } from './outcome.ts';
import { followFault, legalMasks } from './rules.ts';
import type { DifferenzlerState, Phase, PlayCell, RoundResult } from './state.ts';
import { type DifferenzlerView, viewFor } from './view.ts';

export const SEATS = 4;
const NO_TRICKS: readonly PointedTrickView[] = Object.freeze([]);
export const CARDS_PER_HAND = 9;
const CARDS = SEATS * CARDS_PER_HAND;

/** A deal: the hands by seat and the trump suit drawn by chance (002 Art. 4.1, 4.2). */
export interface DifferenzlerDeal {
  readonly hands: readonly (readonly Card[])[];
  readonly trump: Suit;
}

export type EstimateAction = { readonly t: 'estimate'; readonly points: number };
export type PlayAction = { readonly t: 'play'; readonly card: Card };
export type DifferenzlerAction = EstimateAction | PlayAction;

/** Interned actions: one object per estimate value and per card. */
// The lists are not frozen: V8 reads frozen arrays markedly slower; `readonly` guards them in TypeScript.
export const ESTIMATES: readonly EstimateAction[] = Array.from(
  { length: TOTAL_POINTS + 1 },
  (_, points) => Object.freeze({ t: 'estimate', points }) as EstimateAction,
);
export const PLAYS: readonly PlayAction[] = DECK36.map(
  (card) => Object.freeze({ t: 'play', card }) as PlayAction,
);
/** The play actions of each suit's 9-bit mask, interned: `BY_SUIT[suit * 512 + mask]`. */
const BY_SUIT: readonly (readonly PlayAction[])[] = Array.from({ length: 4 * 512 }, (_, i) =>
  PLAYS.filter((_, id) => suitIndex(id) === i >> 9 && (i & 511 & (1 << rankIndex(id))) !== 0),
);
/** The id of a card string, or -1 for anything that is not one of the 36 cards (the kernel deck parses it). */
const idOf = JASS36.kindOf;

const DECK_SCRATCH = new Int8Array(36);

/**
 * Shortcut for `quickMasks` (applyDeal parses every deal): by the two character codes of a card string,
 * suit << 12 | its rank bit, 0 for anything that is not one of the 36 cards. Built once from the kernel
 * deck (`idOf`), so it accepts exactly the cards `idOf` accepts (kernel.fast.test.ts checks applyDeal against it).
 */
const SUIT_BIT = (() => {
  const t = new Int16Array(128 * 128);
  for (let a = 0; a < 128; a++)
    for (let r = 0; r < 128; r++) {
      const id = idOf(String.fromCharCode(a, r));
      if (id >= 0) t[(a << 7) | r] = (suitIndex(id) << 12) | (1 << rankIndex(id));
    }
  return t;
})();

// Shared lists, typed read-only but not frozen (see ESTIMATES).
const NOBODY: readonly Seat[] = [];
const ONLY: readonly (readonly Seat[])[] = [[0], [1], [2], [3]];
const NO_ACTIONS: readonly DifferenzlerAction[] = [];

const vorhandOf = (dealer: Seat): Seat => (dealer + 1) % SEATS;

/**
 * The seats still to estimate, Vorhand first: `ESTIMATING[dealer * 16 + given]`, where bit s of `given`
 * is set once seat s has estimated. The same lists as `seatsToAct`, made once.
 */
const ESTIMATING: readonly (readonly Seat[])[] = Array.from({ length: 64 }, (_, i) => {
  const dealer = i >> 4;
  const out: Seat[] = [];
  for (let k = 1; k <= SEATS; k++) {
    const s = (dealer + k) % SEATS;
    if ((i & (1 << s)) === 0) out.push(s);
  }
  return out;
});

function start(config: DifferenzlerConfig, dealer: Seat): DifferenzlerState {
  const d = Number.isInteger(dealer) && dealer >= 0 && dealer < SEATS ? dealer : 0;
  // Every state has these fields in this order (the others are spread from it): one shape for all states.
  return {
    config,
    phase: 'deal',
    round: 0,
    dealer: d,
    trump: -1,
    hands: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    estimates: [-1, -1, -1, -1],
    points: [0, 0, 0, 0],
    turn: vorhandOf(d),
    played: 0,
    lead: -1,
    best: -1,
    bestSeat: -1,
    trickPoints: 0,
    plays: null,
    done: NO_TRICKS,
    results: [],
    totals: [0, 0, 0, 0],
  };
}

/** 002 Art. 4.1 "3 x 3 Karten": packets of three, Vorhand first, three times round; then the trump (4.2). */
function randomDeal(state: DifferenzlerState, rng: Rng): DifferenzlerDeal {
  // Exactly the steps of core shuffle(DECK36, rng), in place on card ids: no array to allocate.
  const deck = DECK_SCRATCH;
  for (let i = 0; i < CARDS; i++) deck[i] = i;
  for (let i = CARDS - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  const trump = SUITS[rng.int(4)];
  // Packet p goes to seat (Vorhand + p) % 4: the k-th seat from Vorhand gets packets k, k + 4 and k + 8.
  const first = vorhandOf(state.dealer);
  const h0 = handOf(deck, (SEATS - first) % SEATS);
  const h1 = handOf(deck, (SEATS + 1 - first) % SEATS);
  const h2 = handOf(deck, (SEATS + 2 - first) % SEATS);
  const h3 = handOf(deck, (SEATS + 3 - first) % SEATS);
  return { hands: [h0, h1, h2, h3], trump };
}

/** The nine cards of the seat that is `k` seats from Vorhand, in the order dealt. */
function handOf(deck: Int8Array, k: number): Card[] {
  const a = k * 3;
  const b = a + 12;
  const c = a + 24;
  const D = DECK36;
  return [
    D[deck[a]],
    D[deck[a + 1]],
    D[deck[a + 2]],
    D[deck[b]],
    D[deck[b + 1]],
    D[deck[b + 2]],
    D[deck[c]],
    D[deck[c + 1]],
    D[deck[c + 2]],
  ];
}

/** Per-suit masks of a deal's hands, or why the deal is not a deal of the 36 cards. */
function dealMasks(input: unknown): Result<{ hands: number[]; trump: number }> {
  if (!isObject(input)) return err('bad-deal', 'a deal is { hands: Card[][], trump: Suit }');
  for (const k of Object.keys(input))
    if (k !== 'hands' && k !== 'trump') return err('bad-deal', `unknown field ${k}`);
  const trump = SUITS.indexOf(input.trump as Suit);
  if (trump < 0) return err('bad-deal', `trump must be one of ${SUITS.join(', ')}`);
  const raw = input.hands;
  if (!Array.isArray(raw) || raw.length !== SEATS) return err('bad-deal', 'hands must be a list of 4 hands');
  const hands = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const seen = [0, 0, 0, 0];
  for (let seat = 0; seat < SEATS; seat++) {
    const hand: unknown = raw[seat];
    if (!Array.isArray(hand) || hand.length !== CARDS_PER_HAND)
      return err('bad-deal', `hand ${seat} must hold ${CARDS_PER_HAND} cards`);
    for (const c of hand) {
      const id = idOf(c);
      if (id < 0) return err('bad-deal', `hand ${seat}: ${JSON.stringify(c)} is not a card`);
      const s = suitIndex(id);
      const b = 1 << rankIndex(id);
      if ((seen[s] & b) !== 0) return err('bad-deal', `${c} is dealt twice`);
      seen[s] |= b;
      hands[seat * 4 + s] |= b;
    }
  }
  return ok({ hands, trump });
}

function parseDeal(_state: DifferenzlerState, input: unknown): Result<DifferenzlerDeal> {
  const m = dealMasks(input);
  if (!m.ok) return m;
  const d = input as DifferenzlerDeal;
  return ok({ hands: d.hands.map((h) => h.slice()), trump: d.trump });
}

/**
 * The deal's per-suit masks written into `masks` and its trump index, or -1 where anything is off
 * (then `dealMasks` finds the reason). Accepts exactly what `dealMasks` accepts, without a Result.
 */
function quickMasks(input: unknown, masks: number[]): number {
  if (!isObject(input)) return -1;
  let keys = 0;
  for (const k in input) {
    if (k !== 'hands' && k !== 'trump') return -1;
    keys++;
  }
  if (keys !== 2 || !Object.hasOwn(input, 'hands') || !Object.hasOwn(input, 'trump')) return -1;
  const t = input.trump;
  const trump = t === 'C' ? 0 : t === 'S' ? 1 : t === 'H' ? 2 : t === 'D' ? 3 : -1;
  if (trump < 0) return -1;
  const raw = input.hands;
  if (!Array.isArray(raw) || raw.length !== SEATS) return -1;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let seat = 0; seat < SEATS; seat++) {
    const hand: unknown = raw[seat];
    if (!Array.isArray(hand) || hand.length !== CARDS_PER_HAND) return -1;
    let m0 = 0;
    let m1 = 0;
    let m2 = 0;
    let m3 = 0;
    for (let i = 0; i < CARDS_PER_HAND; i++) {
      const c: unknown = hand[i];
      if (typeof c !== 'string' || c.length !== 2) return -1;
      const a = c.charCodeAt(0);
      const r = c.charCodeAt(1);
      const code = (a | r) > 127 ? 0 : SUIT_BIT[(a << 7) | r];
      if (code === 0) return -1;
      const b = code & SUIT_BITS;
      const suit = code >>> 12;
      if (suit === 0) m0 |= b;
      else if (suit === 1) m1 |= b;
      else if (suit === 2) m2 |= b;
      else m3 |= b;
    }
    // A card in two hands overlaps; a card twice in one hand leaves a suit short of its nine.
    if (((s0 & m0) | (s1 & m1) | (s2 & m2) | (s3 & m3)) !== 0) return -1;
    s0 |= m0;
    s1 |= m1;
    s2 |= m2;
    s3 |= m3;
    masks[seat * 4] = m0;
    masks[seat * 4 + 1] = m1;
    masks[seat * 4 + 2] = m2;
    masks[seat * 4 + 3] = m3;
  }
  return s0 === SUIT_BITS && s1 === SUIT_BITS && s2 === SUIT_BITS && s3 === SUIT_BITS ? trump : -1;
}

function applyDeal(state: DifferenzlerState, deal: DifferenzlerDeal): Result<DifferenzlerState> {
  if (state.phase === 'over') return err('game-over', 'the match is over');
  if (state.phase !== 'deal') return err('wrong-phase', 'no deal is due now');
  let hands: readonly number[] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  let trump = quickMasks(deal, hands as number[]);
  if (trump < 0) {
    const m = dealMasks(deal);
    if (!m.ok) return m;
    hands = m.value.hands;
    trump = m.value.trump;
  }
  return ok({
    ...state,
    phase: 'estimate',
    trump,
    hands,
    estimates: [-1, -1, -1, -1],
    points: [0, 0, 0, 0],
    turn: vorhandOf(state.dealer),
    played: 0,
    lead: -1,
    best: -1,
    bestSeat: -1,
    trickPoints: 0,
    plays: null,
    done: NO_TRICKS,
  });
}

function toAct(state: DifferenzlerState): readonly Seat[] {
  const phase = state.phase;
  if (phase === 'play') return ONLY[state.turn];
  if (phase !== 'estimate') return NOBODY;
  const e = state.estimates;
  const given = (e[0] >= 0 ? 1 : 0) | (e[1] >= 0 ? 2 : 0) | (e[2] >= 0 ? 4 : 0) | (e[3] >= 0 ? 8 : 0);
  return ESTIMATING[state.dealer * 16 + given];
}

const scratch = new Int32Array(4);

function legalActions(state: DifferenzlerState, seat: Seat): readonly DifferenzlerAction[] {
  // Shortcut (kernel phases.ts): the hottest phase's handler by name, the others through the table.
  if (state.phase === 'play') return PLAY_HANDLER.legal(state, seat);
  return HANDLERS[state.phase].legal(state, seat);
}

/** The cards `seat` may play, as interned play actions. */
function playList(state: DifferenzlerState, seat: Seat): readonly DifferenzlerAction[] {
  if (seat !== state.turn) return NO_ACTIONS;
  const h = state.hands;
  const base = seat * 4;
  let m0 = h[base];
  let m1 = h[base + 1];
  let m2 = h[base + 2];
  let m3 = h[base + 3];
  if (state.lead >= 0) {
    const out4 = scratch;
    legalMasks(h, base, state.trump, state.lead, state.best, state.config.options.undertrump, out4);
    m0 = out4[0];
    m1 = out4[1];
    m2 = out4[2];
    m3 = out4[3];
  }
  // Following suit, or trumping: one suit, an interned list.
  if ((m1 | m2 | m3) === 0) return BY_SUIT[m0];
  if ((m0 | m2 | m3) === 0) return BY_SUIT[512 + m1];
  if ((m0 | m1 | m3) === 0) return BY_SUIT[1024 + m2];
  if ((m0 | m1 | m2) === 0) return BY_SUIT[1536 + m3];
  const l0 = BY_SUIT[m0];
  const l1 = BY_SUIT[512 + m1];
  const l2 = BY_SUIT[1024 + m2];
  const l3 = BY_SUIT[1536 + m3];
  const out: DifferenzlerAction[] = new Array(l0.length + l1.length + l2.length + l3.length);
  let k = 0;
  for (let i = 0; i < l0.length; i++) out[k++] = l0[i];
  for (let i = 0; i < l1.length; i++) out[k++] = l1[i];
  for (let i = 0; i < l2.length; i++) out[k++] = l2[i];
  for (let i = 0; i < l3.length; i++) out[k++] = l3[i];
  return out;
}

function parseAction(input: unknown): Result<DifferenzlerAction> {
  if (!isObject(input)) return err('malformed', 'an action is an object { t, ... }');
  if (input.t === 'estimate') {
    for (const k of Object.keys(input))
      if (k !== 't' && k !== 'points') return err('malformed', `estimate: unknown field ${k}`);
    const p = input.points;
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 0 || p > TOTAL_POINTS)
      return err('malformed', `estimate: points must be an integer from 0 to ${TOTAL_POINTS}`);
    return ok(ESTIMATES[p]);
  }
  if (input.t === 'play') {
    for (const k of Object.keys(input))
      if (k !== 't' && k !== 'card') return err('malformed', `play: unknown field ${k}`);
    const id = idOf(input.card);
    if (id < 0) return err('malformed', `play: ${JSON.stringify(input.card)} is not a card`);
    return ok(PLAYS[id]);
  }
  return err(
    'unknown-action',
    `unknown action ${JSON.stringify(input.t)}; Differenzler knows estimate and play`,
  );
}

const FAULTS = {
  'follow-suit': 'must follow the suit led or trump',
  'follow-trump': 'must follow trump (only the trump Bube is never forced)',
  undertrump: 'may not undertrump here',
} as const;

function apply(state: DifferenzlerState, seat: Seat, action: DifferenzlerAction): Result<DifferenzlerState> {
  if (state.phase === 'over') return err('game-over', 'the match is over');
  if (state.phase === 'deal') return err('wrong-phase', 'a deal is due first');
  if (!Number.isInteger(seat) || seat < 0 || seat >= SEATS) return err('bad-seat', `no seat ${String(seat)}`);
  if (!isObject(action)) return err('malformed', 'an action is an object { t, ... }');
  // Shortcut (the hottest call): a card in the play phase goes straight to `play`, as its handler would.
  if (state.phase === 'play' && action.t === 'play') return play(state, seat, action.card);
  return HANDLERS[state.phase].apply(state, seat, action);
}

/**
 * Either action in either phase: each function refuses what its phase does not allow, with the reason
 * (an estimate in play, a card before every seat has estimated).
 */
function act(state: DifferenzlerState, seat: Seat, action: DifferenzlerAction): Result<DifferenzlerState> {
  if (action.t === 'play') return play(state, seat, action.card);
  if (action.t === 'estimate') return estimate(state, seat, action.points);
  return err('unknown-action', `unknown action ${JSON.stringify((action as { t: unknown }).t)}`);
}

const PLAY_HANDLER: PhaseHandler<DifferenzlerState, DifferenzlerAction> = { legal: playList, apply: act };

/** One handler per phase (kernel phases.ts); `apply` has checked the seat and that the match is on. */
const HANDLERS: PhaseHandlers<Phase, DifferenzlerState, DifferenzlerAction> = {
  deal: NO_HANDLER,
  over: NO_HANDLER,
  estimate: {
    legal: (state, seat) => (state.estimates[seat] === -1 ? ESTIMATES : NO_ACTIONS),
    apply: act,
  },
  play: PLAY_HANDLER,
};

function estimate(state: DifferenzlerState, seat: Seat, points: unknown): Result<DifferenzlerState> {
  if (state.phase !== 'estimate') return err('illegal-action', 'estimates are given before the first card');
  if (state.estimates[seat] !== -1) return err('not-your-turn', `seat ${seat} has already estimated`);
  if (typeof points !== 'number' || !Number.isInteger(points) || points < 0 || points > TOTAL_POINTS)
    return err('illegal-action', `an estimate is an integer from 0 to ${TOTAL_POINTS}`);
  const estimates = state.estimates.slice();
  estimates[seat] = points;
  const all = estimates[0] >= 0 && estimates[1] >= 0 && estimates[2] >= 0 && estimates[3] >= 0;
  const s = state;
  return ok({
    ...s,
    phase: all ? 'play' : 'estimate',
    estimates,
    played: 0,
    lead: -1,
    best: -1,
    bestSeat: -1,
    trickPoints: 0,
    plays: null,
    done: NO_TRICKS,
  });
}

/** Why `play` refuses a card: the checks of `play` in its order, kept out of its hot path. */
function refuse(state: DifferenzlerState, seat: Seat, card: unknown): Result<never> {
  if (state.phase !== 'play') return err('illegal-action', 'every seat must estimate before the first card');
  if (seat !== state.turn) return err('not-your-turn', `seat ${state.turn} is to play`);
  const id = idOf(card);
  if (id < 0) return err('malformed', `${JSON.stringify(card)} is not a card`);
  if ((state.hands[seat * 4 + suitIndex(id)] & (1 << rankIndex(id))) === 0)
    return err('illegal-action', `${card} is not in your hand`);
  return err('illegal-action', `${card}: ${FAULTS[followFault(state.trump, state.lead, id)]}`);
}

function play(state: DifferenzlerState, seat: Seat, card: unknown): Result<DifferenzlerState> {
  const s = state;
  if (s.phase !== 'play' || seat !== s.turn) return refuse(s, seat, card);
  const id = idOf(card);
  if (id < 0) return refuse(s, seat, card);
  const suit = suitIndex(id);
  const bit = 1 << rankIndex(id);
  const base = seat * 4;
  if ((s.hands[base + suit] & bit) === 0) return refuse(s, seat, card);
  const trump = s.trump;
  let lead = s.lead;
  let best = s.best;
  if (lead >= 0) {
    legalMasks(s.hands, base, trump, lead, best, s.config.options.undertrump, scratch);
    if ((scratch[suit] & bit) === 0) return refuse(s, seat, card);
  }
  const hands = s.hands.slice();
  hands[base + suit] ^= bit;
  const plays: PlayCell = { seat, card: id, prev: s.plays };
  const played = s.played + 1;
  const trickPoints = s.trickPoints + cardValue(id, trump);
  let bestSeat = s.bestSeat;
  if (lead < 0) {
    lead = id;
    best = id;
    bestSeat = seat;
  } else if (beats(id, best, trump)) {
    best = id;
    bestSeat = seat;
  }
  // The same fields in the same order as `start` (written out: this is the hottest path).
  if (played % SEATS !== 0)
    return ok({
      config: s.config,
      phase: s.phase,
      round: s.round,
      dealer: s.dealer,
      trump,
      hands,
      estimates: s.estimates,
      points: s.points,
      turn: (seat + 1) % SEATS,
      played,
      lead,
      best,
      bestSeat,
      trickPoints,
      plays,
      done: s.done,
      results: s.results,
      totals: s.totals,
    });
  // 002 Art. 4.6/4.7: the trick's winner takes its points and leads next; 3.2: the last trick counts 5 more.
  const points = s.points.slice();
  const taken = trickPoints + (played === CARDS ? LAST_TRICK_BONUS : 0);
  points[bestSeat] += taken;
  const done = s.done.slice();
  done.push(takenTrick(plays, bestSeat, taken));
  if (played === CARDS) return ok(finishRound(s, hands, points, bestSeat, plays, done));
  return ok({
    config: s.config,
    phase: s.phase,
    round: s.round,
    dealer: s.dealer,
    trump,
    hands,
    estimates: s.estimates,
    points,
    turn: bestSeat,
    played,
    lead: -1,
    best: -1,
    bestSeat: -1,
    trickPoints: 0,
    plays,
    done,
    results: s.results,
    totals: s.totals,
  });
}

/** The trick just taken, as views show it: its four cards from the leader on (the newest play is last). */
function takenTrick(plays: PlayCell, winner: Seat, points: number): PointedTrickView {
  const cards: PlayedCard[] = new Array(SEATS);
  let p: PlayCell | null = plays;
  for (let j = SEATS - 1; j >= 0 && p !== null; j--, p = p.prev)
    cards[j] = { seat: p.seat, card: cardFromId(p.card) };
  return { leader: cards[0].seat, cards, winner, points };
}

/** The last trick's four cards in play order, from the newest play back. */
function lastPlays(plays: PlayCell | null): { seat: Seat; card: Card }[] {
  const out: { seat: Seat; card: Card }[] = [];
  for (let p = plays; p !== null && out.length < SEATS; p = p.prev)
    out.unshift({ seat: p.seat, card: cardFromId(p.card) });
  return out;
}

/** 002 Art. 1, 4.8, 4.9: the differences are scored, the deal passes on, until the match's rounds are played. */
function finishRound(
  s: DifferenzlerState,
  hands: readonly number[],
  points: readonly number[],
  turn: Seat,
  plays: PlayCell,
  done: readonly PointedTrickView[],
): DifferenzlerState {
  const estimates = s.estimates;
  const differences = [
    Math.abs(estimates[0] - points[0]),
    Math.abs(estimates[1] - points[1]),
    Math.abs(estimates[2] - points[2]),
    Math.abs(estimates[3] - points[3]),
  ];
  const round = s.round + 1;
  const result: RoundResult = {
    round,
    dealer: s.dealer,
    trump: SUITS[s.trump],
    estimates,
    points,
    differences,
    lastTrick: turn,
    lastCards: lastPlays(plays),
  };
  const over = round >= s.config.options.rounds;
  const t = s.totals;
  const totals = [t[0] + differences[0], t[1] + differences[1], t[2] + differences[2], t[3] + differences[3]];
  const results = s.results.slice();
  results.push(result);
  return {
    ...s,
    phase: over ? 'over' : 'deal',
    round,
    dealer: over ? s.dealer : (s.dealer + 1) % SEATS,
    hands,
    points,
    turn,
    played: CARDS,
    lead: -1,
    best: -1,
    bestSeat: -1,
    trickPoints: 0,
    plays,
    done,
    results,
    totals,
  };
}

export type DifferenzlerGame = Game<
  DifferenzlerConfig,
  DifferenzlerState,
  DifferenzlerAction,
  DifferenzlerDeal,
  DifferenzlerView,
  DifferenzlerOutcome
>;

export const differenzler: DifferenzlerGame = {
  id: 'differenzler',
  parseConfig,
  start,
  config: (state) => state.config,
  seats: () => SEATS,
  phase: (state) => state.phase,
  awaitsDeal: (state) => state.phase === 'deal',
  toAct,
  isOver: (state) => state.phase === 'over',
  randomDeal,
  parseDeal,
  applyDeal,
  legalActions,
  parseAction,
  apply,
  viewFor,
  outcome,
};
