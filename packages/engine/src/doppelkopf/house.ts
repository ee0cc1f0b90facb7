import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import {
  BID,
  DECLARE,
  type DoppelkopfAction,
  FOLD,
  HEALTHY,
  listedIn,
  RESERVE,
  SICK,
  SOLO,
  SOLO_DECLS,
} from './actions.ts';
import { startArmut } from './armut.ts';
import { GAMES_DECLARED, type Solo } from './cards.ts';
import { countIn, handSize, KING_MASK, redeal, SEATS, trumpsOf } from './deal.ts';
import { answered, holdsBothQueens, notTurn, reserved, soloContract, startPlay } from './play.ts';
import { CONTRACT_BASE, callOfLevel, type DoppelkopfState, type HouseDeal, levelOf } from './state.ts';

type S = DoppelkopfState;
type A = DoppelkopfAction;

/** 004: "Krank ist, wer fünf oder mehr Könige auf der Hand hat." */
export const isSick = (s: S, seat: Seat): boolean => countIn(s, seat, KING_MASK) >= 5;
/** 004: "Arm ist, wer nicht mehr als drei Trumpfkarten hat." */
export const POOR_TRUMPS = 3;
export const isPoor = (s: S, seat: Seat): boolean =>
  s.config.options.armut !== 'off' && trumpsOf(s, seat) <= POOR_TRUMPS;

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
      const reserve = holdsBothQueens(s, seat) || isPoor(s, seat) ? 2 : 0;
      const sick = s.config.options.krankheit && isSick(s, seat) ? 1 : 0;
      return MELDEN[reserve + sick];
    }
    case 'declare': {
      const h = s.d.house;
      if (s.d.forced === seat || (h !== null && h.soloist === seat))
        return SOLO_DECLS[s.config.options.solos];
      return KINDS_OF[(holdsBothQueens(s, seat) ? 1 : 0) + (isPoor(s, seat) ? 2 : 0)];
    }
    case 'bid': {
      const h = s.d.house as HouseDeal;
      return seat === h.challenger ? CHALLENGE[h.level] : HOLD[h.level];
    }
    default:
      return [];
  }
}

const refused = (s: S, seat: Seat, a: A, why: string): Result<never> =>
  seat !== s.turn ? notTurn(s, seat) : err('illegal-action', `${JSON.stringify(a)}: ${why}`);

// ---- apply ---------------------------------------------------------------------------------------------

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
  const done = answered(s, seat, value);
  const forehand = s.m.forehand;
  if (done.turn !== forehand) return done;
  const { d } = done;
  const answers = d.answers;
  const cands: Seat[] = [];
  const reservers: Seat[] = [];
  for (let k = 0; k < SEATS; k++) {
    const x = (forehand + k) % SEATS;
    if (answers[x] === 2) cands.push(x);
    else if (answers[x] === 1) reservers.push(x);
  }
  if (cands.length === 0) return reserved(done, reservers);
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
  // 004 "Sind sogar zwei Spieler arm, so wird neu gegeben": "arm" is the sentence before's (at most three
  // trumps), so a claimed Armut is void when another hand is poor too, claimed or not.
  if (poor.length === 1)
    for (let k = 1; k < SEATS; k++) {
      const x = (poor[0] + k) % SEATS;
      if (isPoor(s, x)) poor.push(x);
    }
  if (poor.length > 1) return redeal(done, 'two-poor', poor);
  if (poor.length === 1) return startArmut(done, poor[0]);
  return startPlay(done, { ...CONTRACT_BASE, kind: 'hochzeit', declarer: hochzeit });
}
