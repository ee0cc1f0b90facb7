/**
 * The rule player's card: a Doppelkopf heuristic over card kinds, used by the `rule` level and by the
 * rollouts of the `search` level.
 *
 * - Leading: a soloist draws trumps with his masters; a plain Ace in a suit's first round (shorter suits
 *   first, fewer cards of it held means more for the others); a party with many trumps leads a master trump;
 *   otherwise the cheapest plain card of the longest plain suit, the cheapest trump last (never the Fuchs
 *   nor a Dulle when something else goes).
 * - Following, a known partner winning safely (last to play, or a card nobody left can beat): feed points
 *   (Fuchs, tens, Aces), never a Dulle or a Queen.
 * - Otherwise, last to play: win as cheaply as possible, with points (a Fuchs or a ten that wins) first;
 *   earlier: win with a master when the trick is worth it, or with a high trump when it holds points; else
 *   throw the cheapest card.
 * Equal cards: the first played wins, except the second Dulle under `dulleSecond` (model.ts `beatsBest`).
 */
import {
  beatsBest,
  byStrength,
  DA,
  esuit,
  HT,
  isQueen,
  isTrump,
  KINDS,
  points,
  strength,
  strengthOf,
  TRUMP,
} from './model.ts';

export interface PlayState {
  readonly order: number;
  readonly dulleSecond: boolean;
  readonly pigSeat: number;
  readonly seat: number;
  /** Counts per kind of the mover's hand. */
  readonly hand: readonly number[];
  /** Legal kinds (mask). */
  readonly legal: number;
  readonly leader: number;
  readonly trick: readonly number[];
  /** Counts per kind played in the deal (the open trick included). */
  readonly played: readonly number[];
  /** Copies of each kind in the deck (2, or 0 for the nines of a 40-card deck). */
  readonly deck: (k: number) => number;
  /** Seats known to be the mover's partners, and known opponents (masks). */
  readonly friends: number;
  readonly foes: number;
  /** The mover plays alone (soloist): draws trumps. */
  readonly soloist: boolean;
}

const strOf = (p: PlayState, seat: number, k: number): number => strengthOf(p.order, k, seat === p.pigSeat);

/** Copies of `k` neither played nor in the mover's hand. */
const outstanding = (p: PlayState, k: number): number => p.deck(k) - p.played[k] - p.hand[k];

/** Whether no outstanding card beats `k` (the other copy included, first wins; the second Dulle may). */
export function isMaster(p: PlayState, k: number): boolean {
  const e = esuit(p.order, k);
  const s = strength(p.order, k);
  for (const j of byStrength(p.order)[e]) {
    if (strength(p.order, j) > s && outstanding(p, j) > 0) return false;
    if (j === k && j === HT && p.dulleSecond && outstanding(p, j) > 0) return false;
  }
  return true;
}

interface Winner {
  seat: number;
  kind: number;
  str: number;
  suit: number;
}

export function trickWinner(p: PlayState): Winner {
  const led = esuit(p.order, p.trick[0]);
  const w: Winner = { seat: p.leader, kind: p.trick[0], str: strOf(p, p.leader, p.trick[0]), suit: led };
  for (let i = 1; i < p.trick.length; i++) {
    const seat = (p.leader + i) & 3;
    const k = p.trick[i];
    const s = strOf(p, seat, k);
    if (beatsBest(p.order, k, s, led, w.str, w.kind, w.suit, p.dulleSecond)) {
      w.seat = seat;
      w.kind = k;
      w.str = s;
      w.suit = esuit(p.order, k);
    }
  }
  return w;
}

const kindsOf = (m: number): number[] => {
  const out: number[] = [];
  for (let k = 0; k < KINDS; k++) if ((m & (1 << k)) !== 0) out.push(k);
  return out;
};

/** High trumps a player should not throw away: Dullen, Queens (and a Schwein). */
const precious = (p: PlayState, k: number): boolean =>
  isTrump(p.order, k) && (k === HT || isQueen(k) || (k === DA && p.pigSeat === p.seat));

function best(ks: readonly number[], key: (k: number) => number): number {
  let b = ks[0];
  let bv = key(b);
  for (let i = 1; i < ks.length; i++) {
    const v = key(ks[i]);
    if (v > bv) {
      b = ks[i];
      bv = v;
    }
  }
  return b;
}

/** The cheapest card to throw: fewest points, then lowest trump or plain. */
const cheapest = (p: PlayState, ks: readonly number[]): number =>
  best(
    ks,
    (k) =>
      -points(k) * 10 - (isTrump(p.order, k) ? 5 + strength(p.order, k) / 10 : 0) - (precious(p, k) ? 50 : 0),
  );

export function ruleKind(p: PlayState): number {
  const legal = kindsOf(p.legal);
  if (legal.length === 1) return legal[0];
  return p.trick.length === 0 ? lead(p, legal) : follow(p, legal);
}

function suitLen(p: PlayState, e: number): number {
  let n = 0;
  for (const k of byStrength(p.order)[e]) n += p.hand[k];
  return n;
}

function lead(p: PlayState, legal: number[]): number {
  const trumps = legal.filter((k) => isTrump(p.order, k));
  const plain = legal.filter((k) => !isTrump(p.order, k));
  const masters = trumps.filter((k) => isMaster(p, k));
  if (p.soloist && masters.length > 0) return best(masters, (k) => -strength(p.order, k));
  // A plain Ace in the suit's first round.
  let ace = -1;
  let aceLen = 99;
  for (const k of plain) {
    const e = esuit(p.order, k);
    const list = byStrength(p.order)[e];
    if (list[list.length - 1] !== k) continue;
    let playedInSuit = 0;
    for (const j of list) playedInSuit += p.played[j];
    const len = suitLen(p, e);
    if (playedInSuit === 0 && len < aceLen) {
      ace = k;
      aceLen = len;
    }
  }
  if (ace >= 0) return ace;
  let myTrumps = 0;
  for (const k of trumps) myTrumps += p.hand[k];
  if (p.soloist && trumps.length > 0) return cheapest(p, trumps);
  if (masters.length > 0 && myTrumps * 2 >= legal.length + 1)
    return best(masters, (k) => -strength(p.order, k));
  if (plain.length > 0) {
    // The cheapest card of the longest plain suit.
    const longest = best(plain, (k) => suitLen(p, esuit(p.order, k)) * 100 - points(k));
    const e = esuit(p.order, longest);
    return cheapest(
      p,
      plain.filter((k) => esuit(p.order, k) === e),
    );
  }
  const low = trumps.filter((k) => !precious(p, k) && k !== DA);
  return cheapest(p, low.length > 0 ? low : trumps);
}

function follow(p: PlayState, legal: number[]): number {
  const w = trickWinner(p);
  const led = esuit(p.order, p.trick[0]);
  const last = p.trick.length === 3;
  let pts = 0;
  for (const k of p.trick) pts += points(k);
  const winners = legal.filter((k) =>
    beatsBest(p.order, k, strOf(p, p.seat, k), led, w.str, w.kind, w.suit, p.dulleSecond),
  );
  const friendWins = (p.friends & (1 << w.seat)) !== 0;
  // Whether a card of the winner's strength can be beaten by anyone after the mover.
  const holds = (kind: number, str: number, suit: number): boolean => {
    if (last) return true;
    if (suit !== TRUMP && suit === led) {
      // A plain card can be ruffed by a later player void in the suit: only its first round is safe.
      let playedInSuit = 0;
      for (const j of byStrength(p.order)[led]) playedInSuit += p.played[j];
      if (playedInSuit - p.trick.length > 0) return false;
    }
    for (const j of byStrength(p.order)[suit]) {
      if (strength(p.order, j) > str && outstanding(p, j) > 0) return false;
      if (j === kind && j === HT && p.dulleSecond && outstanding(p, j) > 0) return false;
    }
    return true;
  };
  if (friendWins && (last || holds(w.kind, w.str, w.suit))) {
    // Feed points, keep the precious trumps.
    const feed = legal.filter((k) => !precious(p, k));
    const pool = feed.length > 0 ? feed : legal;
    return best(pool, (k) => points(k) * 10 - strength(p.order, k) / 10);
  }
  if (winners.length > 0) {
    if (last) {
      const rich = winners.filter((k) => points(k) >= 10 && !precious(p, k));
      if (rich.length > 0) return best(rich, (k) => points(k));
      return best(winners, (k) => -strOf(p, p.seat, k));
    }
    const safe = winners.filter((k) => holds(k, strOf(p, p.seat, k), esuit(p.order, k)));
    if (safe.length > 0 && (pts >= 10 || !friendWins)) {
      const rich = safe.filter((k) => points(k) >= 10 && !precious(p, k));
      if (rich.length > 0) return best(rich, (k) => points(k));
      return best(safe, (k) => -strOf(p, p.seat, k));
    }
    if (!friendWins && pts >= 10) {
      const high = winners.filter((k) => isTrump(p.order, k) && strength(p.order, k) >= strength(p.order, 2));
      if (high.length > 0) return best(high, (k) => -strength(p.order, k));
    }
  }
  return cheapest(p, legal);
}
