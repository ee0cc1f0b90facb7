/** What a seat (or a spectator) may know, and the match outcome. Built only on request, never in play. */
import { count } from '../core/bits.ts';
import { type Card, SUITS, type Suit } from '../core/cards.ts';
import {
  type BaseOutcome,
  type BaseView,
  type BySeat,
  type Seat,
  SPECTATOR,
  type Viewer,
} from '../core/game.ts';
import type { PlayedCard, TricksView, TrickView } from '../kernel/index.ts';
import { CARD, cardsOf, SEQ } from './cards.ts';
import type { KlapperjasConfig } from './config.ts';
import { type Decl, meldMask, meldsValue, toSpec } from './melds.ts';
import { exchangeOffer, toAct } from './phases.ts';
import {
  type Bid,
  type CountedMelds,
  type DealResult,
  handOf,
  type KlapperjasState,
  type Match,
  partyPts,
  unpack,
} from './state.ts';

export type { PlayedCard, TrickView };
/** A declaration as announced at the table: kind, height, trump or not (the cards are shown after trick 1). */
export interface Announced {
  readonly seat: Seat;
  readonly melds: readonly {
    readonly kind: 'terz' | 'halber';
    readonly top: (typeof SEQ)[number];
    readonly trump: boolean;
  }[];
}
/** A die as it lies on the table: faces shown; `raised` while played "up" on the coaster (000 6). */
export interface Dice {
  readonly faces: readonly number[];
  readonly raised: boolean;
}

/** The trick part (`trick`, `tricks`) is the kernel's TricksView: the open trick in play (with no cards yet: its leader), the finished ones. */
export interface KlapperjasView extends BaseView, TricksView {
  readonly game: 'klapperjas';
  readonly config: KlapperjasConfig;
  readonly dealer: Seat;
  readonly vorhand: Seat | null;
  /** Seats still playing (3 players end game: two). */
  readonly active: readonly Seat[];
  /** The viewer's hand (picked-up cards only); null for a spectator. */
  readonly hand: readonly Card[] | null;
  /** How many of the viewer's cards still lie face down aside (2p/3p before trump is fixed). */
  readonly aside: number;
  /** Cards each seat holds, including cards lying aside. */
  readonly handCounts: BySeat<number>;
  /** Cards publicly known to be in other seats' hands: the 4p turned card, an exchanged card, shown melds. */
  readonly known: BySeat<readonly Card[]>;
  /** The card turned up to propose the Orgi (2p/3p: the crosswise card on the stock; after an exchange the 7). */
  readonly turned: Card | null;
  readonly proposed: Suit | null;
  /** 2p/3p: the visible top card of the face-up stock. */
  readonly stockTop: Card | null;
  readonly bids: readonly Bid[];
  readonly kleines: Seat | null;
  readonly declarer: Seat | null;
  readonly trump: Suit | null;
  readonly kind: 'orgi' | 'kleines' | null;
  readonly besser: boolean;
  readonly exchange: { readonly seat: Seat; readonly gave: Card; readonly took: Card } | null;
  /**
   * The viewer's own exchange of the 7 while he may make it: the 7 he would give, the card he would take,
   * and whether the 7 belongs to a run he could declare (it would break it); null otherwise.
   */
  readonly exchangeOffer: { readonly gives: Card; readonly takes: Card; readonly breaksRun: boolean } | null;
  /** Deals thrown in (nobody played) since the last scored deal. */
  readonly thrownIn: number;
  readonly declarations: readonly Announced[];
  /** After trick 1: the melds that count, shown in full. */
  readonly countingMelds: readonly CountedMelds[] | null;
  readonly belle: readonly Seat[];
  readonly kontra: Seat | null;
  readonly re: Seat | null;
  /** Card points plus last trick taken so far, by seat (partners share). */
  readonly points: BySeat<number>;
  readonly parties: readonly (readonly Seat[])[];
  readonly results: readonly DealResult[];
  readonly scores: BySeat<number>;
  readonly dice: BySeat<Dice>;
  readonly ranking: readonly Seat[];
}

export interface KlapperjasOutcome extends BaseOutcome {
  readonly deals: readonly DealResult[];
  readonly parties: readonly (readonly Seat[])[];
  readonly dice: BySeat<Dice>;
  /** 3 players: first, second, third (as far as decided). */
  readonly ranking: readonly Seat[];
}

export function parties(n: number): Seat[][] {
  return n === 4
    ? [
        [0, 2],
        [1, 3],
      ]
    : Array.from({ length: n }, (_, i) => [i]);
}

export function diceFor(score: number, cfg: KlapperjasConfig): Dice {
  const face = (v: number) => (v <= 0 ? 6 : v);
  const s = Math.min(score, cfg.options.target);
  switch (cfg.options.dice) {
    case 'up-down':
      // Six stands for zero; up to six on the coaster, then down from six to "zero" (six again).
      return s < 6
        ? { faces: [face(s)], raised: true }
        : { faces: [face(12 - s === 6 ? 6 : 12 - s)], raised: false };
    case 'two-dice':
      return { faces: [face(Math.min(s, 6)), face(Math.max(0, s - 6))], raised: false };
    default:
      return { faces: [face(Math.min(s, 6))], raised: false };
  }
}

/** Parties by player count, shared by every view (frozen). */
const PARTIES: readonly (readonly (readonly Seat[])[])[] = [0, 1, 2, 3, 4].map((n) =>
  Object.freeze(parties(n).map((p) => Object.freeze(p))),
);

/** The dice of a match state, made once per deal and shared by its views (frozen); fast.ts item 8. */
const DICE = new WeakMap<Match, readonly Dice[]>();
function diceOf(m: Match): readonly Dice[] {
  let dice = DICE.get(m);
  if (dice === undefined) {
    dice = Object.freeze(
      m.scores.map((v) => {
        const x = diceFor(v, m.cfg);
        Object.freeze(x.faces);
        return Object.freeze(x);
      }),
    );
    DICE.set(m, dice);
  }
  return dice;
}

export function viewFor(s: KlapperjasState, viewer: Viewer): KlapperjasView {
  const m = s.m;
  const d = s.d;
  const n = m.n;
  const own = viewer !== SPECTATOR && Number.isInteger(viewer) && viewer >= 0 && viewer < n ? viewer : -1;
  const base = {
    game: 'klapperjas' as const,
    viewer,
    seats: n,
    phase: s.phase,
    toAct: toAct(s),
    config: m.cfg,
    active: m.active,
    results: m.results,
    scores: m.scores,
    dice: diceOf(m),
    ranking: m.ranking,
    parties: PARTIES[n],
    thrownIn: m.thrownIn,
  };
  if (d === null) {
    return {
      ...base,
      dealer: m.dealer,
      vorhand: null,
      hand: own >= 0 ? [] : null,
      aside: 0,
      handCounts: new Array(n).fill(0),
      known: Array.from({ length: n }, () => []),
      turned: null,
      proposed: null,
      stockTop: null,
      bids: [],
      kleines: null,
      declarer: null,
      trump: null,
      kind: null,
      besser: false,
      exchange: null,
      exchangeOffer: null,
      declarations: [],
      countingMelds: null,
      belle: [],
      kontra: null,
      re: null,
      trick: null,
      tricks: [],
      points: new Array(n).fill(0),
    };
  }
  const trumpFixed = d.trump >= 0;
  // Cards everyone knows to be in a hand.
  const known: number[] = [0, 0, 0, 0];
  if (n === 4) known[d.dealer] |= 1 << d.turned;
  if (d.exch) known[d.exch.seat] |= 1 << d.exch.took;
  if (d.counted) for (const x of d.counted) for (const mm of x.melds) known[x.seat] |= meldMask(mm);
  const points: number[] = [];
  const handCounts: number[] = [];
  const knownCards: Card[][] = [];
  const belle: Seat[] = [];
  for (let i = 0; i < n; i++) {
    points.push(d.activeMask & (1 << i) ? partyPts(s.pts, d.party[i]) : 0);
    const h = handOf(s, i);
    handCounts.push(count(h) + count(d.aside[i]));
    knownCards.push(i === own || known[i] === 0 ? [] : cardsOf(known[i] & h));
    if (d.belle & (1 << i)) belle.push(i);
  }
  return {
    ...base,
    dealer: d.dealer,
    vorhand: d.vorhand,
    hand: own >= 0 ? cardsOf(handOf(s, own)) : null,
    aside: own >= 0 ? count(d.aside[own]) : 0,
    handCounts,
    known: knownCards,
    turned: CARD[d.turned],
    proposed: SUITS[d.turnedSuit],
    stockTop: n === 4 ? null : CARD[d.stock[1]],
    bids: d.bids,
    kleines: d.kleines >= 0 ? d.kleines : null,
    declarer: trumpFixed ? d.declarer : null,
    trump: trumpFixed ? SUITS[d.trump] : null,
    kind: d.kind,
    besser: d.besser,
    exchange: d.exch ? { seat: d.exch.seat, gave: CARD[d.exch.gave], took: CARD[d.exch.took] } : null,
    exchangeOffer: own >= 0 ? exchangeOffer(s, own) : null,
    declarations: d.decls.length === 0 ? [] : d.decls.map((x) => announced(x, d.trump)),
    countingMelds: d.counted
      ? d.counted.map((x) => ({ seat: x.seat, melds: x.melds.map(toSpec), value: meldsValue(x.melds) }))
      : null,
    belle,
    kontra: d.kontra >= 0 ? d.kontra : null,
    re: d.re >= 0 ? d.re : null,
    trick:
      s.phase === 'play'
        ? {
            leader: s.trickN > 0 ? s.trickLead : s.turn,
            cards: unpack(s.trickLead, s.trickCards, s.trickN, d.next),
          }
        : null,
    tricks: s.tricks,
    points,
  };
}

function announced(x: Decl, trump: number): Announced {
  return {
    seat: x.seat,
    melds: x.melds.map((mm) => ({
      kind: mm.len >= 4 ? 'halber' : 'terz',
      top: SEQ[mm.top],
      trump: mm.s === trump,
    })),
  };
}

export function outcome(s: KlapperjasState): KlapperjasOutcome {
  const m = s.m;
  return {
    deals: m.results,
    scores: m.scores,
    over: m.over,
    winners: m.winners,
    parties: parties(m.n),
    dice: m.scores.map((v) => diceFor(v, m.cfg)),
    ranking: m.ranking,
  };
}
