/**
 * Klapper-Jas trick play: the cards a seat may play (the kernel's ruff-overtrump policy on bit sets), who
 * may say Kontra and Re, and the step of one card, which completes a trick and, with the last, the deal.
 */

import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import {
  bitOrder,
  legalWord,
  ruffOvertrump,
  STR,
  TRUMP_ABOVE,
  type TrickView,
  VALUE,
  winnerIndex,
} from '../kernel/index.ts';
import {
  bitOf,
  CARD,
  cardsOf,
  FOLLOW_RULE,
  LAST_TRICK,
  R_KING,
  R_QUEEN,
  SUIT_MASK,
  SUIT_NAME,
  suitIndex,
} from './cards.ts';
import { finishDeal, resolveMelds } from './score.ts';
import { copy, type DealInfo, handOf, type KlapperjasState, PTS_UNIT, setHand, unpack } from './state.ts';

type S = KlapperjasState;

/**
 * The seats that may say Kontra (bits 0-3) and Re (bits 4-7) now: in the meld round and in play, else none.
 * Computed when asked, not kept in the state (as the kernel's `during.toAct` will ask it): after Re, and
 * once the first card is down with Kontra and Re before it (the default), it is 0 at the first test.
 */
export const optOf = (s: S): number => (s.phase === 'play' || s.phase === 'melds' ? optMask(s, s.d!) : 0);

/**
 * Seats that may say Kontra (bits 0-3) and Re (bits 4-7) in the meld round and in play: before the first
 * card (the default), or (option kontra 'manual') an opponent until his first card and one of the declaring
 * party, after Kontra, until his second.
 */
function optMask(s: S, d: DealInfo): number {
  if (d.re >= 0) return 0;
  if (s.m.cfg.options.kontra !== 'manual') {
    if (s.nTricks !== 0 || s.trickN !== 0) return 0;
    return d.kontra < 0 ? d.activeMask & ~d.declMask : d.declMask << 4;
  }
  if (d.kontra < 0) return d.activeMask & ~d.declMask & ~playedMask(s, d, 1);
  return (d.declMask & ~playedMask(s, d, 2)) << 4;
}

/**
 * The seats dealt in that have played at least `k` cards this deal (k = 1, 2): all once `k` tricks are
 * complete, none before trick `k`, and in trick `k` those that have played to it from its leader.
 */
function playedMask(s: S, d: DealInfo, k: number): number {
  if (s.nTricks >= k) return d.activeMask;
  if (s.nTricks < k - 1) return 0;
  let m = 0;
  for (let i = 0, seat = s.trickLead; i < s.trickN; i++, seat = d.next[seat]) m |= 1 << seat;
  return m;
}

/** Whether `seat` has played a card this deal. */
export const hasPlayed = (s: S, d: DealInfo, seat: Seat): boolean =>
  s.nTricks !== 0 || (playedMask(s, d, 1) & (1 << seat)) !== 0;

/**
 * The cards of hand `h` that may be played to a trick led in suit `led` whose best card has strength
 * `winStr`, with trump `t`: the kernel's `ruff-overtrump` policy (000 4.1, 001 "Spiel"; kernel/follow.ts):
 * follow suit; when trump is led, overtrump if able; unable to follow, ruff; when the trick is already
 * ruffed, overtrump if able, else still ruff; with neither suit nor trump any card. Computed by its
 * specialised form (kernel/jass32.ts, fast.ts item 9); `policyMask` is the kernel's generic form it is tested against.
 */
export const legalMask = ruffOvertrump;

/** legalMask through the kernel's generic `legalWord` with the game's policy (FOLLOW_RULE). */
export function policyMask(h: number, led: number, winStr: number, t: number): number {
  return legalWord(
    FOLLOW_RULE,
    h,
    SUIT_MASK[led],
    SUIT_MASK[t],
    TRUMP_ABOVE[t * 16 + winStr],
    0,
    led !== t && winStr >= 8,
  );
}

/** The cards `seat` (whose turn it is) may play. */
export function playMask(s: S, seat: Seat): number {
  const h = handOf(s, seat);
  if (s.trickN === 0) return h;
  return legalMask(h, (s.trickCards & 31) >>> 3, s.winStr, s.d!.trump);
}

/** The index of the card winning `trick` (card bits in play order) with trump `t`: the kernel's ranking. */
export const trickWinner = (trick: readonly number[], t: number): number => winnerIndex(bitOrder(t), trick);

/** Card-string form of legalMask for tests and tools: the cards of `hand` that may follow `trick`. */
export function legalCards(hand: readonly string[], trick: readonly string[], trump: string): string[] {
  const t = suitIndex(trump);
  let h = 0;
  for (const c of hand) h |= 1 << bitOf(c);
  if (trick.length === 0) return cardsOf(h);
  const bits = trick.map(bitOf);
  const win = bits[trickWinner(bits, t)];
  return cardsOf(legalMask(h, bits[0] >>> 3, STR[t * 32 + win], t));
}

/** Plays card bit `b` (0..31), with Belle announced or not. */
export function play(s: S, d: DealInfo, seat: Seat, b: number, belle: boolean): Result<S> {
  const h = handOf(s, seat);
  if ((h & (1 << b)) === 0) return err('illegal-action', `${CARD[b]} is not in seat ${seat}'s hand`);
  if (s.trickN !== 0 && (legalMask(h, (s.trickCards & 31) >>> 3, s.winStr, d.trump) & (1 << b)) === 0)
    return err('illegal-action', `${CARD[b]} may not be played: ${duty(s, seat)}`);
  const t = d.trump;
  let d2 = d;
  if (belle) {
    const r = b & 7;
    if (b >>> 3 !== t || (r !== R_QUEEN && r !== R_KING) || ((h >>> (t * 8 + R_QUEEN)) & 3) !== 3)
      return err(
        'illegal-action',
        'Belle is announced with the first of trump Dame and König while holding both',
      );
    d2 = { ...d, belle: d.belle | (1 << seat) };
  }
  const str = STR[t * 32 + b];
  let winStr = s.winStr;
  let winSeat = s.winSeat;
  let lead = s.trickLead;
  if (s.trickN === 0) {
    winStr = str;
    winSeat = seat;
    lead = seat;
  } else {
    const suit = b >>> 3;
    if ((suit === t || suit === (s.trickCards & 31) >>> 3) && str > winStr) {
      winStr = str;
      winSeat = seat;
    }
  }
  const trickCards = s.trickCards | (b << (5 * s.trickN));
  const trickPts = s.trickPts + VALUE[t * 32 + b];
  const trickN = s.trickN + 1;
  const nh = h & ~(1 << b);
  if (trickN < d.order.length) {
    const next = d.next[seat];
    // Same field order as copy(): one hidden class for every state.
    return ok({
      m: s.m,
      d: d2,
      phase: s.phase,
      turn: next,
      h0: seat === 0 ? nh : s.h0,
      h1: seat === 1 ? nh : s.h1,
      h2: seat === 2 ? nh : s.h2,
      h3: seat === 3 ? nh : s.h3,
      trickLead: lead,
      trickN,
      trickCards,
      trickPts,
      winStr,
      winSeat,
      tricks: s.tricks,
      nTricks: s.nTricks,
      pts: s.pts,
      took: s.took,
    });
  }
  const w = copy(s);
  w.d = d2;
  setHand(w, seat, nh);
  // The trick is complete.
  const nTricks = s.nTricks + 1;
  const last = nTricks === d.handSize;
  const p = d.party[winSeat];
  const points = trickPts + (last ? LAST_TRICK : 0);
  const pts = s.pts + points * PTS_UNIT[p];
  if (nTricks === 1 && d2.counted === null) w.d = resolveMelds(d2);
  w.turn = winSeat;
  w.trickLead = winSeat;
  w.trickN = 0;
  w.trickCards = 0;
  w.trickPts = 0;
  w.winStr = -1;
  w.winSeat = winSeat;
  // Copied into an array of the new length (a slice and a push would grow its store a second time).
  const tricks: TrickView[] = new Array(nTricks);
  for (let i = 0; i < s.nTricks; i++) tricks[i] = s.tricks[i];
  tricks[s.nTricks] = { leader: lead, cards: unpack(lead, trickCards, trickN, d.next), winner: winSeat };
  w.tricks = tricks;
  w.nTricks = nTricks;
  w.pts = pts;
  w.took = s.took | (1 << p);
  return ok(last ? finishDeal(w) : w);
}

/** Why a card may not be played (only built for errors). */
function duty(s: S, seat: Seat): string {
  const t = s.d!.trump;
  const led = (s.trickCards & 31) >>> 3;
  const h = handOf(s, seat);
  if (h & SUIT_MASK[led])
    return led === t ? 'trump was led: follow, and overtrump if able' : `follow suit ${SUIT_NAME[led]}`;
  if (s.winStr >= 8) return 'cannot follow: ruff, and overtrump if able';
  return 'cannot follow: ruff with trump';
}
