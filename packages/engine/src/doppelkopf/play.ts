/**
 * The contract fixed and the card play: legal cards (the `follow` rule), the play step (the engine's hottest
 * path), announcements and `quiet`. See docs/rules/doppelkopf.md.
 */

import { count } from '../core/bits.ts';
import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import { TRUMP, type TrickOrder, without } from '../kernel/index.ts';
import { ANNOUNCE, type DoppelkopfAction, PLAY, QUIET } from './actions.ts';
import { allowedLevels, CALLS_OPEN, callState, REPLY } from './announce.ts';
import {
  beatsBest,
  CQ,
  DA,
  dulleSecondIn,
  ESUIT,
  KINDS,
  kindOf,
  orderOfContract,
  POINTS,
  type Solo,
  SUIT_MASK,
  strengthOf,
  trickOrder,
} from './cards.ts';
import { cardsInHand, handSize, NO_ACTIONS, NOBODY, SEATS } from './deal.ts';
import { finishDeal } from './finish.ts';
import { firstFox, PIG_PENDING, pigAfterTrick } from './schwein.ts';
import {
  CALLS,
  type Call,
  CONTRACT_BASE,
  type Contract,
  type DoppelkopfState,
  held,
  heldTwice,
  levelOf,
  type PlayCell,
} from './state.ts';

type S = DoppelkopfState;
type A = DoppelkopfAction;

export const holdsBothQueens = (s: S, seat: Seat): boolean => (heldTwice(s, seat) & (1 << CQ)) !== 0;

/** The tricks in which a Hochzeit finds its partner (the first won by another seat); none, the holder plays alone. */
export const HOCHZEIT_TRICKS = 3;
/**
 * An open Hochzeit after its trick `trick` (from 0) won by `winner`, for the bots' searches: the partner found
 * (`winner`, not the holder), the holder alone (-1, HOCHZEIT_TRICKS won himself), or still open (`holder`).
 */
export const hochzeitAfter = (holder: number, winner: number, trick: number): number =>
  winner !== holder ? winner : trick >= HOCHZEIT_TRICKS - 1 ? -1 : holder;

export const partyOf = (s: S, seat: Seat): 0 | 1 => (((s.d.re >> seat) & 1) !== 0 ? 0 : 1);

/**
 * The open trick packed in one small integer (`trick` of the state; 0 while no trick is open): the effective
 * suit led + 1 in bits 0-2, the best kind so far from bit 3, its strength from bit 8, its seat from bit 14,
 * the trick's card points from bit 16 (22 bits: one field written per card instead of five).
 */
const T_BEST = 3;
const T_STR = 8;
const T_SEAT = 14;
const T_PTS = 16;
/** The effective suit led of a packed trick, -1 when none is open. */
const ledOf = (trick: number): number => (trick & 7) - 1;

/**
 * The kinds of `hand` (bits) a seat may play on a trick led in effective suit `led` (-1: it leads) under trick
 * order `order`: the `follow` policy, follow the effective suit led, else any card (bots' rollouts use it too).
 */
export function followKinds(hand: number, order: number, led: number): number {
  if (led < 0) return hand;
  const m = hand & SUIT_MASK[order * 5 + led];
  return m !== 0 ? m : hand;
}

/**
 * The trick order of the deal in play as the kernel's `TrickOrder` (a spec's `order`): the contract's, the
 * Dulle rule, and a live Schwein. Whose Karo-Ass it is need not be asked: once the Schwein is live its owner
 * has played the other one (schwein.ts). doppelkopf.fast.test.ts checks the play step's winners by it.
 */
export const dealOrder = (s: S): TrickOrder<number> =>
  trickOrder(s.d.order, s.config.options.dulle === 'second', s.d.pig >= 0 && s.d.pig < PIG_PENDING);

/** The legal kinds of `seat`'s hand (the `follow` policy: follow the effective suit led, else any card). */
export function legalKinds(s: S, seat: Seat): number {
  return followKinds(held(s, seat), s.d.order, ledOf(s.trick));
}

/** The play actions of every set of kinds within one suit's six: `IN_SUIT[suit * 64 + (mask >>> suit * 6)]`. */
const IN_SUIT: readonly (readonly A[])[] = Array.from({ length: 256 }, (_, i) =>
  PLAY.filter((_, k) => (i & 63 & (1 << (k - (i >> 6) * 6))) !== 0 && ((k / 6) | 0) === i >> 6),
);

/**
 * The announcements of either party for every `allowedLevels` answer: `CALLS_OF[party * 128 + levels]`,
 * Re/Kontra first, then the higher calls (made at load; the seat to play lists them after its cards).
 */
const CALLS_OF: readonly (readonly A[])[] = Array.from({ length: 256 }, (_, i) => {
  const m = i & 127;
  const out: A[] = [];
  if ((m & 2) !== 0) out.push(ANNOUNCE[i < 128 ? 're' : 'kontra']);
  for (let l = 2; l <= 5; l++) if ((m & (1 << l)) !== 0) out.push(ANNOUNCE[CALLS[l]]);
  return out;
});

/** An optional actor's actions: its announcements (`CALLS_OF`), then `quiet`. */
const OPTIONAL: readonly (readonly A[])[] = CALLS_OF.map((calls) => [...calls, QUIET]);

export function playLegal(s: S, seat: Seat): readonly A[] {
  if (seat !== s.turn) {
    if ((s.opt & (1 << seat)) === 0) return NO_ACTIONS;
    // Shortcut: the interned list of this party's allowed levels (no list made per call).
    const party = partyOf(s, seat);
    return OPTIONAL[party * 128 + allowedLevels(s, party, seat)];
  }
  let m = legalKinds(s, seat);
  let calls = NO_ACTIONS;
  if (s.calls) {
    const party = partyOf(s, seat);
    calls = CALLS_OF[party * 128 + allowedLevels(s, party, seat)];
  }
  if (calls.length === 0) {
    // Shortcut: cards of one suit's six kinds (following a plain suit, a short hand) as an interned list.
    const suit = ((31 - Math.clz32(m)) / 6) | 0;
    const part = m >>> (suit * 6);
    if (part << (suit * 6) === m) return IN_SUIT[suit * 64 + part];
  }
  // Made at its size (cheaper than growing by push; filled at once, so it never shows a hole).
  const cards = count(m);
  const out = new Array<A>(cards + calls.length);
  for (let i = 0; m !== 0; i++) {
    const low = m & -m;
    out[i] = PLAY[31 - Math.clz32(low)];
    m ^= low;
  }
  for (let i = 0; i < calls.length; i++) out[cards + i] = calls[i];
  return out;
}

export const notTurn = (s: S, seat: Seat): Result<never> =>
  err('not-your-turn', `seat ${s.turn} is to act, not seat ${seat}`);

/** Nobody reserved: a normal game, or a stilles Solo when one seat holds both Kreuz-Damen (004 "stilles Solo"). */
export function silentOrNormal(s: S): Contract {
  for (let seat = 0; seat < SEATS; seat++)
    if (holdsBothQueens(s, seat)) return { ...CONTRACT_BASE, kind: 'silent-solo', declarer: seat };
  return CONTRACT_BASE;
}

export function soloContract(s: S, seat: Seat, solo: Solo, immediate: boolean): Contract {
  return {
    ...CONTRACT_BASE,
    kind: 'solo',
    declarer: seat,
    solo,
    pflicht: s.config.options.pflichtsolo && (s.m.soloDone & (1 << seat)) === 0,
    vorfuehrung: s.d.forced === seat,
    immediate,
  };
}

/**
 * A Vorbehalt round's answer recorded (DealState `answers`: 0 gesund, 1 Vorbehalt, 2 a solo at once), the
 * next seat asked; the round is over once that is the forehand again (DDV and house round alike).
 */
export function answered(s: S, seat: Seat, value: number): S {
  const answers = s.d.answers.slice();
  answers[seat] = value;
  return { ...s, turn: (seat + 1) % SEATS, d: { ...s.d, answers } };
}

/** The Vorbehalt round is over: nobody reserved (a normal game or a stilles Solo), or the reserving seats name theirs in turn. */
export const reserved = (s: S, reservers: readonly Seat[]): S =>
  reservers.length === 0
    ? startPlay(s, silentOrNormal(s))
    : { ...s, phase: 'declare', turn: reservers[0], d: { ...s.d, queue: reservers } };

/** The deal's contract is fixed: its trick order, the Re party, the leader of trick 1. */
export function startPlay(s: S, c: Contract): S {
  let re = 0;
  if (c.kind === 'normal') {
    for (let seat = 0; seat < SEATS; seat++) if ((held(s, seat) & (1 << CQ)) !== 0) re |= 1 << seat;
  } else re = (1 << (c.declarer as Seat)) | (c.partner !== null ? 1 << c.partner : 0);
  // DDV (oracle README "leader"): the soloist leads a Pflichtsolo, the forehand every other game.
  const leader = c.kind === 'solo' && c.pflicht ? (c.declarer as Seat) : s.m.forehand;
  const next: Fresh = {
    ...s,
    phase: 'play',
    turn: leader,
    calls: true,
    d: {
      ...s.d,
      queue: NOBODY,
      contract: c,
      order: orderOfContract(c),
      re,
      leader,
    },
  };
  return fillCalls(next);
}

/** A state `play` has just made and not yet handed out: its `opt` and `calls` may still be set. */
type Fresh = { -readonly [K in keyof S]: S[K] };

/** A fresh state with `opt` and `calls` brought up to date (announce.ts), in place (no second object). */
function fillCalls(w: Fresh): S {
  const c = callState(w);
  w.opt = c & 15;
  w.calls = (c & CALLS_OPEN) !== 0;
  return w;
}

/** Why `play` refuses a card, kept out of its hot path. */
function refuse(s: S, seat: Seat, card: unknown): Result<never> {
  if (s.phase !== 'play') return err('illegal-action', 'cards are played once the Vorbehalt round is over');
  if (seat !== s.turn) return notTurn(s, seat);
  const k = kindOf(card);
  if (k < 0) return err('malformed', `${JSON.stringify(card)} is not a Doppelkopf card`);
  if ((held(s, seat) & (1 << k)) === 0) return err('illegal-action', `${String(card)} is not in your hand`);
  return err(
    'illegal-action',
    `${String(card)}: ${ledOf(s.trick) === TRUMP ? 'trump was led and must be followed' : 'the suit led must be followed'}`,
  );
}

export function play(s: S, seat: Seat, card: unknown): Result<S> {
  if (s.phase !== 'play' || seat !== s.turn) return refuse(s, seat, card);
  const k = kindOf(card);
  if (k < 0) return refuse(s, seat, card);
  const bit = 1 << k;
  const at = 2 * seat;
  const lo = s.held[at];
  const hand = lo & 0xffffff;
  if ((hand & bit) === 0) return refuse(s, seat, card);
  // Schwein (schwein.ts): the first of two Füchse in one hand marks its owner (rare: a new deal state).
  const d = k === DA && s.d.pig === -1 ? firstFox(s, seat) : s.d;
  const order = d.order;
  const t = s.trick;
  let led = ledOf(t);
  if (led >= 0) {
    const m = hand & SUIT_MASK[order * 5 + led];
    if (m !== 0 && (m & bit) === 0) return refuse(s, seat, card);
  }
  // The card leaves the hand (the kernel's `without`): its second copy first (slot k + 24: bits 24-31 of the
  // low word for kinds 0-7, the high word's for the others), else the first (bit k of the low word).
  const second = k + KINDS;
  const hands =
    second < 32
      ? without(s.held, at, (lo & (1 << second)) !== 0 ? ~(1 << second) : ~bit)
      : (s.held[at + 1] & (1 << (second - 32))) !== 0
        ? without(s.held, at + 1, ~(1 << (second - 32)))
        : without(s.held, at, ~bit);
  const i = order * KINDS + k;
  const suit = ESUIT[i];
  const str = strengthOf(order, k, seat === d.pig);
  const plays: PlayCell = { seat, kind: k, prev: s.plays };
  const played = s.played + 1;
  const trickPoints = (t >>> T_PTS) + POINTS[k];
  let best = (t >>> T_BEST) & 31;
  let bestStr = (t >>> T_STR) & 63;
  let bestSeat = (t >>> T_SEAT) & 3;
  if (led < 0) {
    led = suit;
    best = k;
    bestStr = str;
    bestSeat = seat;
  } else {
    const dulleSecond = dulleSecondIn(order, s.config.options.dulle);
    if (beatsBest(order, k, str, led, bestStr, best, ESUIT[order * KINDS + best], dulleSecond)) {
      best = k;
      bestStr = str;
      bestSeat = seat;
    }
  }
  if ((played & 3) !== 0) {
    // The same fields in the same order as `start` (written out: this is the hottest path); `opt` and
    // `calls` are filled in before the new state leaves this function.
    const w: Fresh = {
      config: s.config,
      phase: 'play',
      turn: (seat + 1) & 3,
      played,
      held: hands,
      trick:
        (led + 1) | (best << T_BEST) | (bestStr << T_STR) | (bestSeat << T_SEAT) | (trickPoints << T_PTS),
      plays,
      opt: 0,
      quiet: 0,
      calls: s.calls,
      tricks: s.tricks,
      winners: s.winners,
      d,
      m: s.m,
    };
    return ok(s.calls ? fillCalls(w) : w);
  }
  // The trick is complete: its winner takes it and leads the next.
  const trick = (played >> 2) - 1;
  let contract = d.contract as Contract;
  let re = d.re;
  // Hochzeit: the partner rule is `hochzeitAfter`'s, which the bots' searches follow too.
  if (contract.kind === 'hochzeit' && contract.clarification === 0) {
    const h = hochzeitAfter(contract.declarer as Seat, bestSeat, trick);
    if (h < 0) contract = { ...contract, clarification: HOCHZEIT_TRICKS, failed: true };
    else if (h !== contract.declarer) {
      contract = { ...contract, partner: h, clarification: trick + 1 };
      re |= 1 << h;
    }
  }
  const w: Fresh = {
    config: s.config,
    phase: 'play',
    turn: bestSeat,
    played,
    held: hands,
    trick: 0,
    plays,
    opt: 0,
    quiet: 0,
    // A Hochzeit's Klärungsstich opens the announcements.
    calls: s.calls || contract !== d.contract,
    tricks: s.tricks + (1 << (4 * bestSeat)),
    winners: s.winners | (bestSeat << (2 * trick)),
    // The deal's part is copied only when the trick changed it (a Hochzeit found its partner, a Schwein).
    d:
      contract === d.contract && d.pig < PIG_PENDING
        ? d
        : {
            ...d,
            contract,
            re,
            pig: d.pig >= PIG_PENDING ? pigAfterTrick(d.pig, bestSeat, re, s.config.options.schwein) : d.pig,
          },
    m: s.m,
  };
  if (played === handSize(s) * SEATS) return ok(finishDeal(w));
  return ok(w.calls ? fillCalls(w) : w);
}

/** Hochzeit: how many cards the DDV deadlines move after the Klärungsstich. */
export const shiftOf = (s: S): number => {
  const c = s.d.contract;
  return c !== null && c.kind === 'hochzeit' && c.clarification > 0 ? c.clarification - 1 : 0;
};

export function announce(s: S, seat: Seat, call: Call): Result<S> {
  if (s.phase !== 'play') return err('illegal-action', 'announcements are made while the cards are played');
  if (seat !== s.turn && (s.opt & (1 << seat)) === 0)
    return err('not-your-turn', `seat ${seat} may not announce now`);
  const party = partyOf(s, seat);
  const m = allowedLevels(s, party, seat);
  const level = levelOf(call);
  if (level === 1 && call !== (party === 0 ? 're' : 'kontra'))
    return err('illegal-action', `${call} is the other party's announcement`);
  if ((m & (1 << level)) === 0)
    return err(
      'illegal-action',
      `${call} is not allowed now (deadline passed, or not above your party's last)`,
    );
  const d = s.d;
  const hand = cardsInHand(s, seat);
  const anns = {
    seat,
    party: party === 0 ? ('re' as const) : ('kontra' as const),
    level,
    call,
    played: s.played,
    hand,
    reply: (m & REPLY) !== 0,
    prev: d.anns,
  };
  // Written out in the order of `start` and EMPTY_DEAL, as in `play` (a spread is slower here).
  const w: Fresh = {
    config: s.config,
    phase: s.phase,
    turn: s.turn,
    played: s.played,
    held: s.held,
    trick: s.trick,
    plays: s.plays,
    opt: s.opt,
    quiet: 0,
    calls: s.calls,
    tricks: s.tricks,
    winners: s.winners,
    d: {
      dealt: d.dealt,
      answers: d.answers,
      decls: d.decls,
      queue: d.queue,
      forced: d.forced,
      contract: d.contract,
      order: d.order,
      re: d.re,
      leader: d.leader,
      annRe: party === 0 ? level : d.annRe,
      annKo: party === 1 ? level : d.annKo,
      inTime: hand + shiftOf(s) >= handSize(s) - 1 ? d.inTime | (1 << party) : d.inTime,
      anns,
      pig: d.pig,
      house: d.house,
    },
    m: s.m,
  };
  return ok(w.calls ? fillCalls(w) : w);
}

export function quiet(s: S, seat: Seat): Result<S> {
  if (s.phase !== 'play' || (s.opt & (1 << seat)) === 0)
    return err('illegal-action', 'quiet is for a seat that may announce while another seat is to play');
  const q = s.quiet | (1 << seat);
  return ok({ ...s, quiet: q, opt: s.opt & ~q });
}
