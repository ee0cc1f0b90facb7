/**
 * 004 "Melden" (option `melden: 'house'`): the reservation round, Krankheit, the bidding of several solo
 * candidates ("Reizen") and the resolution of the Vorbehalte. Armut itself: armut.ts. docs/rules/doppelkopf.md
 * "House preset (004)" quotes every passage.
 *
 * "Sonderspiele (Soli, Hochzeit, Armut, Krankheit) werden im Uhrzeigersinn, links vom Geber beginnend
 * gemeldet. Dabei hat Krankheit das höchste Gewicht, es wird sofort neu gemischt. Solo hat Vorrang vor Armut.
 * Armut hat Vorrang vor Hochzeit. Bei mehreren Solo-Anwärtern wird gereizt. [...] Um nicht zu viele
 * Informationen preiszugeben, wird Hochzeit oder Armut zunächst nur als 'Vorbehalt' angemeldet [...]"
 *
 * 1. Phase `reserve`, from the forehand (the dealer's left) once round: `healthy`; `solo` ("I play a solo",
 *    the kind named later); `reserve` (Vorbehalt: a Hochzeit or an Armut, the kind kept hidden; only a seat
 *    that has one); `sick` (five or more Kings): the deal is void at once and the same dealer deals again.
 * 2. One solo candidate: he names his solo (phase `declare`). Several: phase `bid` (below), the winner names
 *    his solo. The Vorbehalte are then void and never shown.
 * 3. No solo, Vorbehalte: each reserver names its kind (`declare` hochzeit / armut), seen only by himself.
 *    Two Armut → redeal ("Sind sogar zwei Spieler arm, so wird neu gegeben"); one → Armut (armut.ts), before
 *    any Hochzeit; else the Hochzeit. The kind is public from then on (the next step, passing the Armut
 *    cards or leading the first card of the Hochzeit, shows it anyway).
 * 4. Nobody: a normal game, or a stilles Solo (game.ts).
 *
 * Reizen: "Der 'hinten' sitzende Spieler kann sein Solo nur durchsetzen, wenn der 'vorne' sitzende Spieler
 * bei den Ansagen (RE, keine-90, usw.) nicht mithalten kann." The candidates bid in pairs, the front player
 * (earlier in the Melden order) holding, the rear one bidding, as in Skat: the rear player bids a level
 * above the current one (`bid` re = RE, keine90, keine60, keine30, schwarz = KEINE-1) or folds; the front
 * player holds it (`bid` with the same call) or folds. The survivor holds against the next candidate, the
 * level carries on. The winner plays his solo with the level he bid or held already announced: at the
 * first card it stands as his RE (and KEINE-90 .. KEINE-1 up to it), made in time; the others' bids bind
 * nothing. A candidate who is not challenged (the rear player folds at once) announces nothing.
 */
import { count } from '../core/bits.ts';
import type { Card } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import { TRUMP } from '../kernel/index.ts';
import { BID, DECLARE, type DoppelkopfAction, FOLD, HEALTHY, RESERVE, SICK, SOLO } from './actions.ts';
import { startArmut } from './armut.ts';
import { CQ, GAMES_DECLARED, KIND_CARDS, KINDS, NORMAL, type Solo, SUIT_MASK } from './cards.ts';
import {
  CONTRACT_BASE,
  handSize,
  SEATS,
  SOLO_DECLS,
  silentOrNormal,
  soloContract,
  startPlay,
} from './game.ts';
import type { HouseDeal, HouseResult, RedealReason } from './housedeal.ts';
import { schweinOf } from './schwein.ts';
import {
  CALLS,
  type Call,
  type DealResult,
  type DoppelkopfState,
  held,
  heldTwice,
  levelOf,
} from './state.ts';

type S = DoppelkopfState;
type A = DoppelkopfAction;

export const TRUMP_MASK = SUIT_MASK[NORMAL * 5 + TRUMP];
/** The four Kings' kinds (rank K = 4 in each suit). */
const KING_MASK = (1 << 4) | (1 << 10) | (1 << 16) | (1 << 22);

const countIn = (s: S, seat: Seat, mask: number): number =>
  count(held(s, seat) & mask) + count(heldTwice(s, seat) & mask);
export const trumpsOf = (s: S, seat: Seat): number => countIn(s, seat, TRUMP_MASK);
/** 004: "Krank ist, wer fünf oder mehr Könige auf der Hand hat." */
export const isSick = (s: S, seat: Seat): boolean => countIn(s, seat, KING_MASK) >= 5;
/** 004: "Arm ist, wer nicht mehr als drei Trumpfkarten hat." */
export const isPoor = (s: S, seat: Seat): boolean =>
  s.config.options.armut !== 'off' && trumpsOf(s, seat) <= 3;
const hasHochzeit = (s: S, seat: Seat): boolean => (heldTwice(s, seat) & (1 << CQ)) !== 0;

export const callOfLevel = (level: number): Call => (level === 1 ? 're' : CALLS[level]);

// ---- legal actions -------------------------------------------------------------------------------------

/** Melden answers by [can reserve][sick]. */
const MELDEN: readonly (readonly A[])[] = [
  [HEALTHY, SOLO],
  [HEALTHY, SOLO, SICK],
  [HEALTHY, RESERVE, SOLO],
  [HEALTHY, RESERVE, SOLO, SICK],
];
const KINDS_OF: readonly (readonly A[])[] = [
  [],
  [DECLARE.hochzeit],
  [DECLARE.armut],
  [DECLARE.hochzeit, DECLARE.armut],
];
/** The rear player's bids above level l, and folding. */
const CHALLENGE: readonly (readonly A[])[] = [0, 1, 2, 3, 4, 5].map((l) => [
  ...[1, 2, 3, 4, 5].filter((x) => x > l).map((x) => BID[callOfLevel(x)]),
  FOLD,
]);
/** The front player holds level l or folds. */
const HOLD: readonly (readonly A[])[] = [0, 1, 2, 3, 4, 5].map((l) =>
  l === 0 ? [FOLD] : [BID[callOfLevel(l)], FOLD],
);

/** Legal actions of the seat to act in the house phases `reserve`, `declare`, `bid` (the caller checked the turn). */
export function houseLegal(s: S, seat: Seat): readonly A[] {
  switch (s.phase) {
    case 'reserve': {
      const reserve = hasHochzeit(s, seat) || isPoor(s, seat) ? 2 : 0;
      const sick = s.config.options.krankheit && isSick(s, seat) ? 1 : 0;
      return MELDEN[reserve + sick];
    }
    case 'declare': {
      const h = s.d.house;
      if (s.d.forced === seat || (h !== null && h.soloist === seat))
        return SOLO_DECLS[s.config.options.solos];
      return KINDS_OF[(hasHochzeit(s, seat) ? 1 : 0) + (isPoor(s, seat) ? 2 : 0)];
    }
    case 'bid': {
      const h = s.d.house as HouseDeal;
      return seat === h.challenger ? CHALLENGE[h.level] : HOLD[h.level];
    }
    default:
      return [];
  }
}

// ---- apply ---------------------------------------------------------------------------------------------

/** `a` is one of `list` (interned actions, or the same fields). */
export function listedIn(list: readonly A[], a: A): boolean {
  for (const x of list) {
    if (x === a) return true;
    if (x.t !== a.t) continue;
    const xa = x as Record<string, unknown>;
    const aa = a as Record<string, unknown>;
    if (xa.call === aa.call && xa.game === aa.game && xa.card === aa.card) return true;
  }
  return false;
}

const notTurn = (s: S, seat: Seat): Result<never> =>
  err('not-your-turn', `seat ${s.turn} is to act, not seat ${seat}`);

const refused = (s: S, seat: Seat, a: A, why: string): Result<never> =>
  seat !== s.turn ? notTurn(s, seat) : err('illegal-action', `${JSON.stringify(a)}: ${why}`);

/** The house phases' steps: Melden, naming, bidding (Armut: armut.ts). */
export function houseAct(s: S, seat: Seat, a: A): Result<S> {
  const phase = s.phase;
  const legal = phase === 'reserve' || phase === 'declare' || phase === 'bid';
  if (!legal || seat !== s.turn || !listedIn(houseLegal(s, seat), a)) {
    const why =
      phase === 'reserve'
        ? 'in the Melden round say healthy, solo, reserve (a Hochzeit or an Armut) or sick (five Kings)'
        : phase === 'declare'
          ? 'name your solo, or the kind of your Vorbehalt that your hand allows'
          : phase === 'bid'
            ? 'bid above the current level (rear player) or hold it (front player), or fold'
            : `${a.t} is not possible now`;
    return refused(s, seat, a, why);
  }
  switch (a.t) {
    case 'sick':
      return ok(redeal(s, 'krankheit', [seat]));
    case 'healthy':
    case 'reserve':
    case 'solo':
      return ok(answer(s, seat, a.t === 'healthy' ? 0 : a.t === 'reserve' ? 1 : 2));
    case 'declare':
      return ok(declare(s, seat, GAMES_DECLARED.indexOf(a.game)));
    case 'bid':
      return ok(bid(s, seat, levelOf(a.call)));
    case 'fold':
      return ok(fold(s, seat));
    default:
      return refused(s, seat, a, 'not now');
  }
}

function answer(s: S, seat: Seat, value: number): S {
  const answers = s.d.answers.slice();
  answers[seat] = value;
  const d = { ...s.d, answers };
  const next = (seat + 1) % SEATS;
  const forehand = s.m.forehand;
  if (next !== forehand) return { ...s, turn: next, d };
  const cands: Seat[] = [];
  const reservers: Seat[] = [];
  for (let k = 0; k < SEATS; k++) {
    const x = (forehand + k) % SEATS;
    if (answers[x] === 2) cands.push(x);
    else if (answers[x] === 1) reservers.push(x);
  }
  const done = { ...s, d };
  if (cands.length === 0) {
    if (reservers.length === 0) return startPlay(done, silentOrNormal(done));
    return { ...done, phase: 'declare', turn: reservers[0], d: { ...d, queue: reservers } };
  }
  const house: HouseDeal = {
    cands,
    holder: cands.length > 0 ? cands[0] : -1,
    challenger: cands.length > 1 ? cands[1] : -1,
    next: 2,
    level: 0,
    bids: [],
    soloist: cands.length === 1 ? cands[0] : -1,
    armut: null,
  };
  if (cands.length > 1) return { ...s, phase: 'bid', turn: house.challenger, d: { ...d, house } };
  return { ...s, phase: 'declare', turn: cands[0], d: { ...d, house, queue: cands } };
}

function bid(s: S, seat: Seat, level: number): S {
  const h = s.d.house as HouseDeal;
  const bids = [...h.bids, { seat, level }];
  const turn = seat === h.challenger ? h.holder : h.challenger;
  return { ...s, turn, d: { ...s.d, house: { ...h, level, bids } } };
}

function fold(s: S, seat: Seat): S {
  const h = s.d.house as HouseDeal;
  const bids = [...h.bids, { seat, level: 0 }];
  const survivor = seat === h.challenger ? h.holder : h.challenger;
  if (h.next < h.cands.length) {
    const challenger = h.cands[h.next];
    const house = { ...h, holder: survivor, challenger, next: h.next + 1, bids };
    return { ...s, turn: challenger, d: { ...s.d, house } };
  }
  const house = { ...h, bids, soloist: survivor };
  return { ...s, phase: 'declare', turn: survivor, d: { ...s.d, house, queue: [survivor] } };
}

function declare(s: S, seat: Seat, game: number): S {
  const decls = s.d.decls.slice();
  decls[seat] = game;
  const name = GAMES_DECLARED[game];
  const h = s.d.house;
  if (name !== 'hochzeit' && name !== 'armut') {
    // The bidding's level stands as the soloist's announcement, made before the first card.
    const level = h === null ? 0 : h.level;
    let d = { ...s.d, decls };
    if (level > 0)
      d = {
        ...d,
        annRe: level,
        inTime: d.inTime | 1,
        anns: {
          seat,
          party: 're',
          level,
          call: callOfLevel(level),
          played: 0,
          hand: handSize(s),
          reply: false,
          prev: null,
        },
      };
    return startPlay({ ...s, d }, soloContract(s, seat, name as Solo, false));
  }
  const queue = s.d.queue.slice(1);
  if (queue.length > 0) return { ...s, turn: queue[0], d: { ...s.d, decls, queue } };
  const done = { ...s, d: { ...s.d, decls, queue } };
  const poor: Seat[] = [];
  let hochzeit: Seat = -1;
  for (let k = 0; k < SEATS; k++) {
    const x = (s.m.forehand + k) % SEATS;
    if (GAMES_DECLARED[decls[x]] === 'armut') poor.push(x);
    if (GAMES_DECLARED[decls[x]] === 'hochzeit') hochzeit = x;
  }
  if (poor.length > 1) return redeal(done, 'two-poor', poor);
  if (poor.length === 1) return startArmut(done, poor[0]);
  return startPlay(done, { ...CONTRACT_BASE, kind: 'hochzeit', declarer: hochzeit });
}

// ---- redeal and results --------------------------------------------------------------------------------

/** What the deal's result shows of the house rules (null with `melden: 'ddv'` and no Schweine). */
export function houseResult(s: S, redealt: RedealReason | null, seats: readonly Seat[]): HouseResult | null {
  if (s.config.options.melden !== 'house' && s.config.options.schwein === 'off') return null;
  const h = s.d.house;
  const a = h?.armut ?? null;
  return {
    redeal: redealt,
    seats,
    bids:
      h === null
        ? []
        : h.bids.map((b) => ({ seat: b.seat, call: b.level === 0 ? 'fold' : callOfLevel(b.level) })),
    armut:
      a === null
        ? null
        : {
            poor: a.poor,
            taker: a.taker,
            shoved: a.shoved,
            given: cardsOfWords(a.given1, a.given2),
            returned: cardsOfWords(a.back1, a.back2),
            trumpsBack: a.trumpsBack,
          },
    schwein: schweinOf(s.d.pig, s.plays),
  };
}

export function cardsOfWords(one: number, two: number): Card[] {
  const out: Card[] = [];
  for (let k = 0; k < KINDS; k++) {
    if ((one & (1 << k)) !== 0) out.push(KIND_CARDS[k]);
    if ((two & (1 << k)) !== 0) out.push(KIND_CARDS[k]);
  }
  return out;
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
