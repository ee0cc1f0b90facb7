/**
 * A Doppelkopf deal begins: the match's start, the shuffle, a deal's input checked, the hands laid out, the
 * Vorführung owed; and a void deal (redeal) with what its result shows of the house rules.
 */

import { count } from '../core/bits.ts';
import type { Card } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { err, isObject, ok, type Result } from '../core/result.ts';
import type { Rng } from '../core/rng.ts';
import { checkHands, DOKO40, dealHands, type OwnDealing, TRUMP } from '../kernel/index.ts';
import type { DoppelkopfAction } from './actions.ts';
import { deckOf, KIND_CARDS, KINDS, kindOf, NORMAL, SUIT_MASK } from './cards.ts';
import { type DoppelkopfConfig, handSizeOf } from './config.ts';
import { schweinOf as schweinResult } from './schwein.ts';
import {
  bidCalls,
  CONTRACT_BASE,
  type DealResult,
  type DealState,
  type DoppelkopfState,
  type HouseResult,
  held,
  heldTwice,
  type RedealReason,
} from './state.ts';

type S = DoppelkopfState;
type A = DoppelkopfAction;

export const SEATS = 4;

/** A deal: the hands by seat, 12 cards each with nines, 10 without. */
export interface DoppelkopfDeal {
  readonly hands: readonly (readonly Card[])[];
}

export const handSize = (s: S): number => handSizeOf(s.config.options);
export const cardsInHand = (s: S, seat: Seat): number =>
  count(s.held[2 * seat]) + count(s.held[2 * seat + 1]);

export const NOBODY: readonly Seat[] = [];
export const NO_ACTIONS: readonly A[] = [];
const EMPTY4: readonly number[] = [0, 0, 0, 0];
/** No cards in hand: eight zero words, an array of doubles from the start (kernel/game.ts `WORDS`: a word with bit 30 or 31 set is no small integer). */
const EMPTY8: readonly number[] = Array.from({ length: 8 }, () => 0.5).fill(0);
const UNASKED: readonly number[] = [-1, -1, -1, -1];

const EMPTY_DEAL: DealState = {
  dealt: [],
  answers: UNASKED,
  decls: UNASKED,
  queue: NOBODY,
  forced: -1,
  contract: null,
  order: NORMAL,
  re: 0,
  leader: 0,
  annRe: 0,
  annKo: 0,
  inTime: 0,
  anns: null,
  pig: -1,
  house: null,
};

export function start(config: DoppelkopfConfig, dealer: Seat): S {
  const d = Number.isInteger(dealer) && dealer >= 0 && dealer < SEATS ? dealer : 0;
  // Every state has these fields in this order (`play` writes them out): one shape for all states.
  return {
    config,
    phase: 'deal',
    turn: (d + 1) % SEATS,
    played: 0,
    held: EMPTY8,
    trick: 0,
    plays: null,
    opt: 0,
    quiet: 0,
    calls: false,
    tricks: 0,
    winners: 0,
    d: EMPTY_DEAL,
    m: { deals: 0, dealer: d, forehand: (d + 1) % SEATS, soloDone: 0, results: [], scores: EMPTY4 },
  };
}

// ---- deals -------------------------------------------------------------------------------------------

/**
 * The shuffled deck (the kernel's `dealHands`, core/rng.ts) dealt in one packet per seat from the forehand
 * on (any way of dealing a uniform shuffle is the same).
 */
export const randomDeal = (state: S, rng: Rng): DoppelkopfDeal => ({
  hands: dealHands(deckOf(state.config.options.nines), SEATS, state.m.forehand, handSize(state), rng),
});

/** The game's kind (cards.ts, the DOKO48 numbering) of every kind of the 40-card deck. */
const KIND_MAP40: Int8Array = Int8Array.from(DOKO40.kinds, (c) => kindOf(c));

/**
 * The hands of a deal as the state's `held` words, or why it is not a deal of the deck: the kernel's
 * `checkHands`, whose card sets are the state's words with nines (the DOKO48 numbering); without them its
 * slots (kind + copy * 20 over DOKO40's kinds) are laid on the game's kinds.
 */
function dealBits(config: DoppelkopfConfig, input: unknown): Result<number[]> {
  if (!isObject(input)) return err('bad-deal', 'a deal is { hands: Card[][] }');
  for (const k of Object.keys(input)) if (k !== 'hands') return err('bad-deal', `unknown field ${k}`);
  const nines = config.options.nines;
  const sets = checkHands(deckOf(nines), SEATS, input.hands, EMPTY8.slice());
  if (!sets.ok || nines) return sets;
  const kinds = DOKO40.kinds.length;
  const h = EMPTY8.slice();
  for (let w = 0; w < 8; w++)
    for (let m = sets.value[w]; m !== 0; m &= m - 1) {
      const slot = 31 - Math.clz32(m & -m) + 32 * (w & 1);
      const at = KIND_MAP40[slot % kinds] + (slot < kinds ? 0 : KINDS);
      h[(w & ~1) + (at < 32 ? 0 : 1)] |= 1 << (at & 31);
    }
  return ok(h);
}

/**
 * Shortcut (docs/architecture.md, shortcut table): the hands of a well-formed deal read straight into the
 * state's `held` words in one pass (no card sets, no map from slots to kinds); false for anything else (a
 * wrong shape, a card not of the deck, a kind dealt too often), which `dealBits` refuses with its reason.
 * Accepts exactly what `dealBits` accepts, with the same words (doppelkopf.fast.test.ts).
 */
export function fastHands(nines: boolean, hands: unknown, into: number[]): boolean {
  if (!Array.isArray(hands) || hands.length !== SEATS) return false;
  const size = deckOf(nines).size >> 2;
  // Kinds dealt once and twice over all seats: 4 * size cards, none more often than twice, is the deck.
  let once = 0;
  let both = 0;
  for (let seat = 0; seat < SEATS; seat++) {
    const hand: unknown = hands[seat];
    if (!Array.isArray(hand) || hand.length !== size) return false;
    let one = 0;
    let two = 0;
    for (let i = 0; i < size; i++) {
      const k = kindOf(hand[i]);
      if (k < 0 || (!nines && k % 6 === 0)) return false;
      const bit = 1 << k;
      if ((once & bit) === 0) once |= bit;
      else if ((both & bit) === 0) both |= bit;
      else return false;
      if ((one & bit) === 0) one |= bit;
      else two |= bit;
    }
    // The kernel's words (state.ts): the second copies at slots 24-47.
    into[2 * seat] = one | (two << 24);
    into[2 * seat + 1] = two >>> 8;
  }
  return true;
}

export function parseDeal(state: S, input: unknown): Result<DoppelkopfDeal> {
  const b = dealBits(state.config, input);
  if (!b.ok) return b;
  return ok({ hands: (input as DoppelkopfDeal).hands.map((h) => h.slice()) });
}

/** A deal's hands as the state's `held` words (`fastHands`, else the kernel check with its reason). */
function heldOf(state: S, deal: DoppelkopfDeal): Result<number[]> {
  const words = EMPTY8.slice();
  let fast = isObject(deal) && fastHands(state.config.options.nines, deal.hands, words);
  if (fast) for (const k in deal) if (k !== 'hands') fast = false;
  return fast ? ok(words) : dealBits(state.config, deal);
}

/**
 * Doppelkopf's dealing in the kernel's terms (`OwnDealing`, kernel/spec.ts: drawn, parsed, the hands as
 * `held` words), which `applyDeal` deals by: what the game's spec hands `trickGame` once it moves there (its
 * deck is then DOKO48 for both presets, whose kinds are the game's: the 40 cards are dealt here).
 */
export const DEALING: OwnDealing<S, DoppelkopfDeal> = { draw: randomDeal, parse: parseDeal, held: heldOf };

/**
 * The cards of two words in kind order (both copies side by side): a hand's, or the cards an Armut passes
 * (kinds at least once, kinds twice).
 */
export function cardsOf(one: number, two: number): Card[] {
  const out = new Array<Card>(count(one) + count(two));
  // A kind is held twice only if held at least once (state.ts), so the held kinds of `one` are all.
  let i = 0;
  for (let m = one; m !== 0; m &= m - 1) {
    const low = m & -m;
    const c = KIND_CARDS[31 - Math.clz32(low)];
    out[i++] = c;
    if ((two & low) !== 0) out[i++] = c;
  }
  return out;
}

/** A seat's hand in `held` words (state.ts) as `cardsOf` lists it. */
const dealtOf = (w: readonly number[], seat: Seat): Card[] =>
  cardsOf(w[2 * seat] & 0xffffff, (w[2 * seat] >>> 24) | (w[2 * seat + 1] << 8));

/** The seat that owes the Vorführung of this deal, or -1 (DDV: the open Pflichtsoli are forced at the end). */
function vorfuehrung(s: S): Seat {
  const m = s.m;
  if (!s.config.options.pflichtsolo) return -1;
  const open = SEATS - count(m.soloDone);
  if (open === 0 || s.config.options.games - m.deals > open) return -1;
  for (let k = 0; k < SEATS; k++) {
    const seat = (m.forehand + k) % SEATS;
    if ((m.soloDone & (1 << seat)) === 0) return seat;
  }
  return -1;
}

export function applyDeal(state: S, deal: DoppelkopfDeal): Result<S> {
  if (state.phase === 'over') return err('game-over', 'the match is over');
  if (state.phase !== 'deal') return err('wrong-phase', 'no deal is due now');
  const held = DEALING.held(state, deal);
  if (!held.ok) return held;
  const words = held.value;
  const forced = vorfuehrung(state);
  const m = state.m;
  // Written out in the order of `start` and EMPTY_DEAL (one shape for all states, no spread per deal).
  return ok({
    config: state.config,
    phase: forced >= 0 ? 'declare' : 'reserve',
    turn: forced >= 0 ? forced : m.forehand,
    played: 0,
    held: words,
    trick: 0,
    plays: null,
    opt: 0,
    quiet: 0,
    calls: false,
    tricks: 0,
    winners: 0,
    d: {
      // As the kernel's `handCards` lists them, by the bits held (it asks kind by kind): once a deal of self-play.
      dealt: [dealtOf(words, 0), dealtOf(words, 1), dealtOf(words, 2), dealtOf(words, 3)],
      answers: UNASKED,
      decls: UNASKED,
      queue: forced >= 0 ? [forced] : NOBODY,
      forced,
      contract: null,
      order: NORMAL,
      re: 0,
      leader: m.forehand,
      annRe: 0,
      annKo: 0,
      inTime: 0,
      anns: null,
      pig: -1,
      house: null,
    },
    m,
  });
}

// ---- hands ---------------------------------------------------------------------------------------------

export const TRUMP_MASK = SUIT_MASK[NORMAL * 5 + TRUMP];
/** The four Kings' kinds (rank K = 4 in each suit). */
export const KING_MASK = (1 << 4) | (1 << 10) | (1 << 16) | (1 << 22);

export const countIn = (s: S, seat: Seat, mask: number): number =>
  count(held(s, seat) & mask) + count(heldTwice(s, seat) & mask);
export const trumpsOf = (s: S, seat: Seat): number => countIn(s, seat, TRUMP_MASK);

// ---- redeal and results --------------------------------------------------------------------------------

/** What the deal's result shows of the house rules (null with `melden: 'ddv'` and no Schweine). */
export function houseResult(s: S, redealt: RedealReason | null, seats: readonly Seat[]): HouseResult | null {
  if (s.config.options.melden !== 'house' && s.config.options.schwein === 'off') return null;
  const h = s.d.house;
  const a = h?.armut ?? null;
  return {
    redeal: redealt,
    seats,
    bids: h === null ? [] : bidCalls(h.bids),
    armut:
      a === null
        ? null
        : {
            poor: a.poor,
            taker: a.taker,
            shoved: a.shoved,
            given: cardsOf(a.given1, a.given2),
            returned: cardsOf(a.back1, a.back2),
            trumpsBack: a.trumpsBack,
          },
    schwein: schweinResult(s.d.pig, s.plays),
  };
}

/**
 * The deal is void and dealt again at once by the same dealer (Krankheit, two poor players, an Armut nobody
 * takes). It is listed in the outcome as contract `redeal` with no points and does not count toward `games`.
 */
export function redeal(s: S, reason: RedealReason, seats: readonly Seat[]): S {
  const m = s.m;
  const result: DealResult = {
    deal: m.deals + 1,
    dealer: m.dealer,
    forehand: m.forehand,
    leader: m.forehand,
    hands: s.d.dealt,
    contract: { ...CONTRACT_BASE, kind: 'redeal', declarer: seats[0] },
    parties: { re: [], kontra: [] },
    announcements: [],
    tricks: [],
    cardPoints: { re: 0, kontra: 0, bySeat: [0, 0, 0, 0] },
    tricksWon: { re: 0, kontra: 0, bySeat: [0, 0, 0, 0] },
    winner: 'none',
    needs: null,
    items: [],
    forRe: 0,
    multiplier: 1,
    score: [0, 0, 0, 0],
    house: houseResult(s, reason, seats),
  };
  const results = m.results.slice();
  results.push(result);
  return { ...s, phase: 'deal', turn: m.forehand, opt: 0, quiet: 0, calls: false, m: { ...m, results } };
}
