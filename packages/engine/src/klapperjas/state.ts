/** Klapper-Jas state, actions, deals and results. States are read-only and shared between steps. */
import type { Card, Suit } from '../core/cards.ts';
import type { BySeat, Seat } from '../core/game.ts';
import { JASS32, type PlayedCard, type TrickView } from '../kernel/index.ts';
import type { KlapperjasConfig } from './config.ts';
import type { Decl, MeldSpec } from './melds.ts';

/** `melds`: the meld round before the first card (option melding 'round', 001). */
export const PHASES = ['deal', 'orgi', 'kleines', 'besser', 'trump', 'melds', 'play', 'over'] as const;
export type Phase = (typeof PHASES)[number];

export type KlapperjasAction =
  | { readonly t: 'orgi' }
  | { readonly t: 'pass' }
  | { readonly t: 'kleines' }
  | { readonly t: 'besser' }
  | { readonly t: 'trump'; readonly suit: Suit }
  | { readonly t: 'kontra' }
  | { readonly t: 're' }
  | { readonly t: 'exchange' }
  | { readonly t: 'meld'; readonly melds: readonly MeldSpec[] }
  | { readonly t: 'play'; readonly card: Card; readonly belle?: true };

/**
 * An explicit deal: every seat's cards in the order received (2p/3p: 9, the last 3 put aside face down
 * until trump is fixed; 4p: 8, the dealer's 7th is the turned card), and the stock (2p/3p) top first:
 * stock[0] the turned card lying crosswise, stock[1] the visible top of the face-up packet. A seat out
 * of the game (3 players, end game) gets an empty hand.
 */
export interface KlapperjasDeal {
  readonly hands: readonly (readonly Card[])[];
  readonly stock: readonly Card[];
}

export type BidRound = 'orgi' | 'kleines' | 'besser' | 'trump';
export interface Bid {
  readonly seat: Seat;
  readonly round: BidRound;
  readonly t: 'orgi' | 'kleines' | 'besser' | 'pass' | 'trump';
  readonly suit?: Suit;
}

/** The cards of a trick packed 5 bits each in play order from `lead`, as the kernel's interned plays (JASS32.played). */
export function unpack(lead: Seat, cards: number, n: number, next: readonly Seat[]): PlayedCard[] {
  const out: PlayedCard[] = new Array(n);
  for (let i = 0, seat = lead; i < n; i++, seat = next[seat])
    out[i] = JASS32.played[seat * 32 + ((cards >>> (5 * i)) & 31)];
  return out;
}

export interface CountedMelds {
  readonly seat: Seat;
  readonly melds: readonly MeldSpec[];
  readonly value: number;
}

export interface DealResult {
  readonly dealer: Seat;
  /** The seats that played the deal, in play order from Vorhand (3 players' end game: two). */
  readonly seats: readonly Seat[];
  readonly declarer: Seat;
  readonly trump: Suit;
  readonly kind: 'orgi' | 'kleines';
  /** True when the declarer said "besser" and plays Kreuz as a Kleines. */
  readonly besser: boolean;
  /** The melds that counted, by seat (empty when nobody's counted). */
  readonly melds: readonly CountedMelds[];
  /** True when the winning declaration was void because its party took no trick. */
  readonly meldsVoid: boolean;
  readonly belle: readonly { readonly seat: Seat; readonly value: number }[];
  readonly lastTrick: Seat;
  /** The cards of the last trick in play order (the table shows them at the end of the deal). */
  readonly lastCards: readonly PlayedCard[];
  /** Card points (Augen in tricks, Jas and Mie included, without the last trick) of each seat's party. */
  readonly cardPoints: BySeat<number>;
  /** The seats that took the Jas and the Mie in their tricks; null when the card stayed in the stock (2p/3p). */
  readonly jas: Seat | null;
  readonly mie: Seat | null;
  /** Points (Augen) of each seat's party: card points, last trick, counted melds, Belle. */
  readonly points: BySeat<number>;
  readonly won: boolean;
  readonly kontra: Seat | null;
  readonly re: Seat | null;
  /** The game's value after doubling for loss, Kontra and Re. */
  readonly gamePoints: number;
  /** The seats that scored it (3 players, lost: both opponents, each half). */
  readonly to: readonly Seat[];
  /** Match points added this deal, by seat. */
  readonly awarded: BySeat<number>;
}

export interface Match {
  readonly cfg: KlapperjasConfig;
  readonly n: number;
  readonly scores: BySeat<number>;
  readonly results: readonly DealResult[];
  /** 3 players: places decided so far, first place first. */
  readonly ranking: readonly Seat[];
  /** Seats still playing, ascending (3 players end game: two). */
  readonly active: readonly Seat[];
  readonly activeMask: number;
  readonly over: boolean;
  readonly winners: readonly Seat[];
  /** The dealer of the current or next deal. */
  readonly dealer: Seat;
  /** Deals thrown in (nobody played) since the last scored deal. */
  readonly thrownIn: number;
}

export interface Exchange {
  readonly seat: Seat;
  /** The 7 he put on the stock. */
  readonly gave: number;
  /** The turned card he took. */
  readonly took: number;
}

/** What one deal fixed: changes rarely (bids, trump, melds, Belle, Kontra), so plays do not copy it. */
export interface DealInfo {
  readonly dealer: Seat;
  readonly vorhand: Seat;
  /** Active seats in play order from Vorhand. */
  readonly order: readonly Seat[];
  /** Next active seat by seat. */
  readonly next: readonly Seat[];
  readonly activeMask: number;
  readonly handSize: number;
  /** Party index by seat: 4 players seat % 2, otherwise the seat. */
  readonly party: readonly number[];
  readonly turnedSuit: number;
  /** The card turned up (2p/3p: the crosswise card on the stock, after an exchange the 7). */
  readonly turned: number;
  /** 2p/3p: the stock as bits, top first; empty for 4 players. */
  readonly stock: readonly number[];
  /** 2p/3p: the 3 cards each seat has put aside until trump is fixed. */
  readonly aside: readonly number[];
  readonly bids: readonly Bid[];
  /** Bidding: index into `order` (Orgi/Kleines round, meld round) or `queue` (besser round). */
  readonly ask: number;
  readonly queue: readonly Seat[];
  readonly kleines: Seat;
  readonly declarer: Seat;
  /** Seats of the declaring party (mask); 0 before trump is fixed. */
  readonly declMask: number;
  readonly trump: number;
  readonly kind: 'orgi' | 'kleines' | null;
  readonly besser: boolean;
  readonly exch: Exchange | null;
  readonly decls: readonly Decl[];
  readonly declared: number;
  /** After trick 1: the party whose melds count (-1 none), those declarations and their value. */
  readonly meldParty: number;
  readonly counted: readonly Decl[] | null;
  readonly meldValue: number;
  readonly belle: number;
  readonly kontra: Seat;
  readonly re: Seat;
}

export interface KlapperjasState {
  readonly m: Match;
  /** The current deal (after its end still the last one, for the view); null before the first deal and after a throw-in. */
  readonly d: DealInfo | null;
  readonly phase: Phase;
  readonly turn: Seat;
  /** Held cards by seat (bit sets; fields, not an array, so a play copies no array). See handOf. */
  readonly h0: number;
  readonly h1: number;
  readonly h2: number;
  readonly h3: number;
  readonly trickLead: Seat;
  readonly trickN: number;
  readonly trickCards: number;
  readonly trickPts: number;
  /** Strength of the card winning the current trick (see STR), -1 when empty. */
  readonly winStr: number;
  readonly winSeat: Seat;
  /**
   * This deal's finished tricks as every view shows them (the kernel's `TrickState.tricks`), each made once
   * when it is taken and shared by every later state and view.
   */
  readonly tricks: readonly TrickView[];
  readonly nTricks: number;
  /** Card points plus last trick taken so far, by party, packed (see partyPts). */
  readonly pts: number;
  /** Parties that have taken a trick (mask). */
  readonly took: number;
}

// ---- building states -------------------------------------------------------------------------------

type S = KlapperjasState;

export type W = { -readonly [K in keyof S]: S[K] };

/** A fresh copy with every field in one fixed order (one hidden class), to be changed before it is returned. */
export const mod = (s: S, patch: Partial<S>): S => Object.assign(copy(s), patch);

/** The cards `seat` holds. */
export const handOf = (s: S, seat: Seat): number =>
  seat === 0 ? s.h0 : seat === 1 ? s.h1 : seat === 2 ? s.h2 : seat === 3 ? s.h3 : 0;
/** Every seat's held cards, by seat. */
export const handsOf = (s: S): number[] => [s.h0, s.h1, s.h2, s.h3].slice(0, s.m.n);

export function setHand(w: W, seat: Seat, h: number): void {
  if (seat === 0) w.h0 = h;
  else if (seat === 1) w.h1 = h;
  else if (seat === 2) w.h2 = h;
  else w.h3 = h;
}
export function setHands(w: W, hands: readonly number[]): void {
  w.h0 = hands[0] ?? 0;
  w.h1 = hands[1] ?? 0;
  w.h2 = hands[2] ?? 0;
  w.h3 = hands[3] ?? 0;
}

export function copy(s: S): W {
  return {
    m: s.m,
    d: s.d,
    phase: s.phase,
    turn: s.turn,
    h0: s.h0,
    h1: s.h1,
    h2: s.h2,
    h3: s.h3,
    trickLead: s.trickLead,
    trickN: s.trickN,
    trickCards: s.trickCards,
    trickPts: s.trickPts,
    winStr: s.winStr,
    winSeat: s.winSeat,
    tricks: s.tricks,
    nTricks: s.nTricks,
    pts: s.pts,
    took: s.took,
  };
}

const NO_TRICKS: readonly TrickView[] = [];

/** The state of a deal not yet dealt (or thrown in). */
export function fresh(
  m: Match,
  d: DealInfo | null,
  phase: Phase,
  turn: Seat,
  hands: readonly number[],
  pts: number,
): S {
  return copy({
    m,
    d,
    phase,
    turn,
    h0: hands[0] ?? 0,
    h1: hands[1] ?? 0,
    h2: hands[2] ?? 0,
    h3: hands[3] ?? 0,
    trickLead: turn,
    trickN: 0,
    trickCards: 0,
    trickPts: 0,
    winStr: -1,
    winSeat: turn,
    tricks: NO_TRICKS,
    nTricks: 0,
    pts,
    took: 0,
  });
}

/** Points by party packed 10 bits each (a party takes at most 162 + 10 per deal). */
export const PTS_UNIT = [1, 1 << 10, 1 << 20, 1 << 30];
export const partyPts = (pts: number, p: number): number => Math.floor(pts / PTS_UNIT[p]) % 1024;

/** The state after a bid: phase, turn and deal facts change. */
export function afterBid(s: S, phase: Phase, turn: Seat, d: DealInfo): W {
  const w = copy(s);
  w.phase = phase;
  w.turn = turn;
  w.d = d;
  return w;
}
