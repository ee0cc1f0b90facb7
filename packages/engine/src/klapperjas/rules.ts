/**
 * The rules of Klapper-Jas: dealing, Orgi/Kleines/besser, exchange of the 7, melds, Belle, Kontra/Re,
 * trick play, counting and the match. Every function is pure; hot paths work on bit sets.
 */

import { type Card, SUITS } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import type { Rng } from '../core/rng.ts';
import {
  legalWord,
  NO_HANDLER,
  type PhaseHandler,
  type PhaseHandlers,
  winnerIndex,
} from '../kernel/index.ts';
import {
  bitOf,
  CARD,
  cardsOf,
  FOLLOW_RULE,
  LAST_TRICK,
  R_JACK,
  R_KING,
  R_NINE,
  R_QUEEN,
  R_SEVEN,
  SEQ,
  SUIT_MASK,
  seqIndex,
  suitIndex,
} from './cards.ts';
import type { KlapperjasConfig } from './config.ts';
import {
  BESSER,
  BESSER_PASS,
  bitOrder,
  EXCHANGE,
  f,
  KLEINES,
  KLEINES_PASS,
  KONTRA,
  KONTRA_RE,
  layout,
  NONE,
  ONLY_KONTRA,
  ONLY_RE,
  ORGI,
  ORGI_PASS,
  PASS,
  PLAY,
  PLAY_BELLE,
  plays,
  RE,
  ruffOvertrump,
  STR,
  shared,
  TO_ACT,
  TRUMP,
  TRUMP_ABOVE,
  VALUE,
} from './fast.ts';
import {
  bestDecl,
  type Decl,
  type Meld,
  meldMask,
  meldOptions,
  meldsValue,
  sameMelds,
  toSpec,
} from './melds.ts';
import type {
  Bid,
  DealInfo,
  DealResult,
  KlapperjasAction,
  KlapperjasDeal,
  KlapperjasState,
  Match,
  Phase,
  TrickNode,
} from './state.ts';

type S = KlapperjasState;
type A = KlapperjasAction;

type W = { -readonly [K in keyof S]: S[K] };

/** A fresh copy with every field in one fixed order (one hidden class), to be changed before it is returned. */
const mod = (s: S, patch: Partial<S>): S => Object.assign(copy(s), patch);

/** The play state with new deal facts (Kontra, Re): who may call next follows from them. */
function withD(s: S, d: DealInfo): S {
  const w = copy(s);
  w.d = d;
  w.opt = optMask(s.m, d, s.started, s.twice);
  return w;
}

/** The cards `seat` holds. */
export const handOf = (s: S, seat: Seat): number =>
  seat === 0 ? s.h0 : seat === 1 ? s.h1 : seat === 2 ? s.h2 : seat === 3 ? s.h3 : 0;
/** Every seat's held cards, by seat. */
export const handsOf = (s: S): number[] => [s.h0, s.h1, s.h2, s.h3].slice(0, s.m.n);

function setHand(w: W, seat: Seat, h: number): void {
  if (seat === 0) w.h0 = h;
  else if (seat === 1) w.h1 = h;
  else if (seat === 2) w.h2 = h;
  else w.h3 = h;
}
function setHands(w: W, hands: readonly number[]): void {
  w.h0 = hands[0] ?? 0;
  w.h1 = hands[1] ?? 0;
  w.h2 = hands[2] ?? 0;
  w.h3 = hands[3] ?? 0;
}

function copy(s: S): W {
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
    started: s.started,
    twice: s.twice,
    tricks: s.tricks,
    nTricks: s.nTricks,
    pts: s.pts,
    took: s.took,
    opt: s.opt,
    legal: s.legal,
  };
}

/** The state of a deal not yet dealt (or thrown in). */
function fresh(
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
    started: 0,
    twice: 0,
    tricks: null,
    nTricks: 0,
    pts,
    took: 0,
    opt: 0,
    legal: 0,
  });
}

const ZEROS: readonly (readonly number[])[] = [[], [0], [0, 0], [0, 0, 0], [0, 0, 0, 0]].map(f);
const SEATS: readonly (readonly Seat[])[] = [[], [0], [0, 1], [0, 1, 2], [0, 1, 2, 3]].map(f);

export function start(cfg: KlapperjasConfig, dealer: Seat): S {
  const n = cfg.players;
  const m: Match = {
    cfg,
    n,
    scores: ZEROS[n],
    results: [],
    ranking: [],
    active: SEATS[n],
    activeMask: (1 << n) - 1,
    over: false,
    winners: [],
    dealer,
    thrownIn: 0,
  };
  return fresh(m, null, 'deal', dealer, ZEROS[n], 0);
}

// ---- dealing ---------------------------------------------------------------------------------------

/** Deals from the deck order as the texts say: 4p packets 3-2-3, 2p/3p three packets of 3, then the stock. */
export function dealFromDeck(s: S, deck: readonly string[]): KlapperjasDeal {
  const perm = new Int8Array(32);
  for (let i = 0; i < 32; i++) perm[i] = bitOf(deck[i]);
  return dealFromPerm(s, perm);
}

/** The deal of the deck order `perm` (card bits): hands in the order received, stock top first. */
function dealFromPerm(s: S, perm: Int8Array): KlapperjasDeal {
  const m = s.m;
  const n = m.n;
  const order = layout(m.n, m.dealer, m.activeMask).order;
  const size = n === 4 ? 8 : 9;
  const hands: Card[][] = [];
  const held: number[] = [];
  const aside: number[] = [];
  for (let seat = 0; seat < n; seat++) {
    // Sized once (growing from empty costs a copy); a seat out of the game keeps an empty hand.
    hands.push(m.activeMask & (1 << seat) ? new Array<Card>(size) : []);
    held.push(0);
    aside.push(0);
  }
  let i = 0;
  const packets = n === 4 ? PACKETS4 : PACKETS3;
  for (let p = 0, at = 0; p < 3; p++) {
    const k = packets[p];
    for (let j = 0; j < order.length; j++) {
      const seat = order[j];
      const h = hands[seat];
      for (let c = 0; c < k; c++) {
        const b = perm[i++];
        h[at + c] = CARD[b];
        if (p === 2 && n !== 4) aside[seat] |= 1 << b;
        else held[seat] |= 1 << b;
      }
    }
    at += k;
  }
  const stock: Card[] = [];
  const stockBits: number[] = [];
  let turned: number;
  if (n !== 4) {
    // The next card lies crosswise on the rest, which is turned face up: its last card shows on top.
    turned = perm[i];
    stockBits.push(perm[i]);
    for (let j = 31; j > i; j--) stockBits.push(perm[j]);
    for (const b of stockBits) stock.push(CARD[b]);
  } else turned = perm[30];
  for (let j = 0; j < n; j++) Object.freeze(hands[j]);
  return new Dealt(Object.freeze(hands), Object.freeze(stock), {
    hands: held,
    aside,
    turned,
    stock: stockBits,
    n,
    dealer: m.dealer,
    activeMask: m.activeMask,
  });
}
const PACKETS4 = [3, 2, 3];
const PACKETS3 = [3, 3, 3];

/**
 * A deal made here: deeply frozen, with its bits in a private field (invisible to JSON and equality),
 * so applying it skips parsing its card strings again. fast.ts item 6.
 */
class Dealt implements KlapperjasDeal {
  readonly hands: readonly (readonly Card[])[];
  readonly stock: readonly Card[];
  readonly #bits: TrustedBits;
  constructor(hands: readonly (readonly Card[])[], stock: readonly Card[], bits: TrustedBits) {
    this.hands = hands;
    this.stock = stock;
    this.#bits = bits;
    Object.freeze(this);
  }
  static bits(x: unknown) {
    return x instanceof Dealt ? x.#bits : undefined;
  }
}

/** Shuffles the 32 cards exactly as core shuffle(DECK32, rng) does (Fisher-Yates from the top). */
export function randomDeal(s: S, rng: Rng): KlapperjasDeal {
  const perm = new Int8Array(32);
  for (let i = 0; i < 32; i++) perm[i] = i;
  for (let i = 31; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  return dealFromPerm(s, perm);
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

interface DealBits {
  readonly hands: number[];
  readonly aside: number[];
  readonly turned: number;
  readonly stock: number[];
}
/** The table a deal was made for. */
interface TrustedBits extends DealBits {
  readonly n: number;
  readonly dealer: Seat;
  readonly activeMask: number;
}

/** Validates a deal against the table and converts it to bits. */
function dealBits(s: S, input: unknown): Result<DealBits> {
  if (s.phase !== 'deal')
    return err('wrong-phase', s.phase === 'over' ? 'the match is over' : 'no deal is due');
  const t = Dealt.bits(input);
  if (t !== undefined && t.n === s.m.n && t.dealer === s.m.dealer && t.activeMask === s.m.activeMask)
    return ok(t);
  if (!isObject(input)) return err('bad-deal', 'a deal is an object { hands, stock }');
  const hands = input.hands;
  const stock = input.stock;
  const m = s.m;
  const n = m.n;
  if (!Array.isArray(hands) || hands.length !== n)
    return err('bad-deal', `hands must list ${n} hands, one per seat`);
  if (!Array.isArray(stock)) return err('bad-deal', 'stock must be a list of cards');
  const size = n === 4 ? 8 : 9;
  const stockSize = 32 - size * m.active.length;
  let seen = 0;
  const hb: number[] = [];
  const ab: number[] = [];
  let turned = -1;
  for (let seat = 0; seat < n; seat++) {
    const h: unknown = hands[seat];
    const want = m.activeMask & (1 << seat) ? size : 0;
    if (!Array.isArray(h) || h.length !== want)
      return err(
        'bad-deal',
        `seat ${seat} must get ${want} cards, not ${Array.isArray(h) ? h.length : 'none'}`,
      );
    let held = 0;
    let aside = 0;
    for (let j = 0; j < want; j++) {
      const b = bitOf(h[j]);
      if (b < 0) return badCard(`seat ${seat}`, h[j]);
      if (seen & (1 << b)) return err('bad-deal', `seat ${seat}: ${h[j]} is dealt twice`);
      seen |= 1 << b;
      if (n !== 4 && j >= 6) aside |= 1 << b;
      else held |= 1 << b;
      if (n === 4 && j === 6 && seat === m.dealer) turned = b;
    }
    hb.push(held);
    ab.push(aside);
  }
  if (stock.length !== stockSize)
    return err('bad-deal', `the stock must hold ${stockSize} cards, not ${stock.length}`);
  const sb: number[] = [];
  for (const c of stock) {
    const b = bitOf(c);
    if (b < 0) return badCard('stock', c);
    if (seen & (1 << b)) return err('bad-deal', `stock: ${c} is dealt twice`);
    seen |= 1 << b;
    sb.push(b);
  }
  if (n !== 4) turned = sb[0];
  return ok({ hands: hb, aside: ab, turned, stock: sb });
}

const badCard = (where: string, c: unknown): Result<never> =>
  err('bad-deal', `${where}: ${JSON.stringify(c)} is not a card of the 32-card deck`);

export function parseDeal(s: S, input: unknown): Result<KlapperjasDeal> {
  const r = dealBits(s, input);
  if (!r.ok) return r;
  const x = input as KlapperjasDeal;
  return ok({ hands: x.hands.map((h) => [...h]), stock: [...x.stock] });
}

export function applyDeal(s: S, deal: KlapperjasDeal): Result<S> {
  const r = dealBits(s, deal);
  if (!r.ok) return r;
  const m = s.m;
  const l = layout(m.n, m.dealer, m.activeMask);
  const bits = r.value;
  const d: DealInfo = {
    dealer: m.dealer,
    vorhand: l.order[0],
    order: l.order,
    next: l.next,
    activeMask: l.activeMask,
    handSize: l.handSize,
    party: l.party,
    turnedSuit: bits.turned >>> 3,
    turned: bits.turned,
    stock: bits.stock,
    aside: bits.aside,
    bids: [],
    ask: 0,
    queue: [],
    kleines: -1,
    declarer: -1,
    declMask: 0,
    trump: -1,
    kind: null,
    besser: false,
    exch: null,
    decls: [],
    declared: 0,
    meldParty: -1,
    counted: null,
    meldValue: 0,
    belle: 0,
    kontra: -1,
    re: -1,
  };
  return ok(fresh(m, d, 'orgi', l.order[0], bits.hands, 0));
}
/** Points by party packed 10 bits each (a party takes at most 162 + 10 per deal). */
const PTS_UNIT = [1, 1 << 10, 1 << 20, 1 << 30];
export const partyPts = (pts: number, p: number): number => Math.floor(pts / PTS_UNIT[p]) % 1024;

// ---- who may act -----------------------------------------------------------------------------------

/** Seats that may say Kontra (bits 0-3) and Re (bits 4-7) in play, given the seats that have played once / twice. */
function optMask(m: Match, d: DealInfo, started: number, twice: number): number {
  if (d.re >= 0) return 0;
  const manual = m.cfg.options.kontra === 'manual';
  if (d.kontra < 0) {
    const opp = d.activeMask & ~d.declMask;
    return manual ? opp & ~started : started === 0 ? opp : 0;
  }
  return (manual ? d.declMask & ~twice : started === 0 ? d.declMask : 0) << 4;
}

export function toAct(s: S): readonly Seat[] {
  const p = s.phase;
  if (p === 'play' || p === 'melds') {
    const o = s.opt;
    return TO_ACT[s.turn * 16 + ((o | (o >>> 4)) & 15 & ~(1 << s.turn))];
  }
  if (p === 'deal' || p === 'over') return NONE;
  return TO_ACT[s.turn * 16];
}

/**
 * The cards of hand `h` that may be played to a trick led in suit `led` whose best card has strength
 * `winStr`, with trump `t`: the kernel's `ruff-overtrump` policy (000 4.1, 001 "Spiel"; kernel/follow.ts):
 * follow suit; when trump is led, overtrump if able; unable to follow, ruff; when the trick is already
 * ruffed, overtrump if able, else still ruff; with neither suit nor trump any card. Computed by its
 * specialised form (fast.ts item 9); `policyMask` is the kernel's generic form it is tested against.
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

/** The state with `legal` set for its turn seat, after a step that changed his hand or the trick (fast.ts item 5). */
function withLegal(w: W): W {
  w.legal = w.phase === 'play' ? playMask(w, w.turn) : 0;
  return w;
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

const canExchange = (s: S, d: DealInfo, seat: Seat): boolean =>
  s.m.n !== 4 &&
  d.exch === null &&
  (s.started & (1 << seat)) === 0 &&
  (d.declared & (1 << seat)) === 0 &&
  (handOf(s, seat) & (1 << (d.turnedSuit * 8 + R_SEVEN))) !== 0;

const meldAction = (ms: readonly Meld[]): A => f({ t: 'meld', melds: ms.map(toSpec) });

/** Meld options strongest first (Halber before Terz), equal ones in their order: the order they are offered in. */
const strongestFirst = (opts: readonly (readonly Meld[])[]): readonly (readonly Meld[])[] =>
  opts.length < 2 ? opts : [...opts].sort((a, b) => meldsValue(b) - meldsValue(a));

/**
 * The exchange of the 7 `seat` may make now, for its view: the 7 it gives, the card it takes, and whether
 * the 7 belongs to a run it could declare (the exchange comes before the declaration and breaks that run).
 */
export function exchangeOffer(
  s: S,
  seat: Seat,
): { readonly gives: Card; readonly takes: Card; readonly breaksRun: boolean } | null {
  const d = s.d;
  if (
    d === null ||
    seat !== s.turn ||
    (s.phase !== 'play' && s.phase !== 'melds') ||
    !canExchange(s, d, seat)
  )
    return null;
  const seven = 1 << (d.turnedSuit * 8 + R_SEVEN);
  const opts = meldOptions(handOf(s, seat), s.m.cfg.options.longRuns === 'blocks');
  return {
    gives: CARD[d.turnedSuit * 8 + R_SEVEN],
    takes: CARD[d.turned],
    breaksRun: opts.some((o) => o.some((m) => (meldMask(m) & seven) !== 0)),
  };
}

export function legalActions(s: S, seat: Seat): readonly A[] {
  // The play handler by name first: most calls come in play, and a lookup by phase costs more than it.
  return s.phase === 'play' ? PLAY_PHASE.legal(s, seat) : HANDLERS[s.phase].legal(s, seat);
}

/** The calls (Kontra, Re) `seat` may make now, in the meld round or in play. */
function calls(s: S, seat: Seat): readonly A[] {
  const opt = (s.opt >>> seat) & 17;
  return opt === 0 ? NONE : opt === 17 ? KONTRA_RE : opt === 1 ? ONLY_KONTRA : ONLY_RE;
}

/** Play: the turn seat's cards (with Belle, exchange, melds, calls where they apply); others' calls. */
function playActions(s: S, seat: Seat): readonly A[] {
  if (seat !== s.turn) return calls(s, seat);
  const d = s.d!;
  const bit = 1 << seat;
  const h = handOf(s, seat);
  const mask = s.legal;
  const qk = 3 << (d.trump * 8 + R_QUEEN);
  // The common case: cards only, no Belle variant among them.
  if ((s.opt & (bit | (bit << 4))) === 0 && (s.started & bit) !== 0 && ((h & qk) !== qk || (mask & qk) === 0))
    return plays(mask);
  return fullActions(s, d, seat, h, mask);
}

/** The bidding rounds: the turn seat's bids. */
function bidActions(s: S, seat: Seat): readonly A[] {
  if (seat !== s.turn) return NONE;
  const p = s.phase;
  if (p === 'orgi') return ORGI_PASS;
  if (p === 'kleines') return KLEINES_PASS;
  if (p === 'besser') return BESSER_PASS;
  // trump: the Kleines player names his suit
  return TRUMP_CHOICE[s.d!.turnedSuit];
}

/** The meld round (001): the turn seat may exchange the 7, declare melds or pass; the others may call. */
function meldRoundActions(s: S, seat: Seat): readonly A[] {
  if (seat !== s.turn) return calls(s, seat);
  const d = s.d!;
  const out: A[] = [];
  if (canExchange(s, d, seat)) out.push(EXCHANGE);
  for (const ms of strongestFirst(meldOptions(handOf(s, seat), s.m.cfg.options.longRuns === 'blocks')))
    out.push(meldAction(ms));
  out.push(PASS, ...calls(s, seat));
  return out;
}

/** The meld round moves on; after its last seat the declarations are resolved and shown, and Vorhand leads. */
function afterMeldTurn(s: S, d: DealInfo): S {
  const ask = d.ask + 1;
  if (ask < d.order.length) return afterBid(s, 'melds', d.order[ask], { ...d, ask });
  return withLegal(afterBid(s, 'play', d.vorhand, resolveMelds({ ...d, ask })));
}

/** The trump suits a Kleines may name, by turned suit. */
const TRUMP_CHOICE: readonly (readonly A[])[] = [0, 1, 2, 3].map((ts) =>
  shared(TRUMP.filter((_, i) => (ts === 0 ? i !== 0 : i !== ts))),
);

/** Cards with their Belle variants, then exchange, melds, Kontra and Re. */
function fullActions(s: S, d: DealInfo, seat: Seat, h: number, mask: number): A[] {
  const out: A[] = [];
  const t = d.trump;
  const belle = ((h >>> (t * 8 + R_QUEEN)) & 3) === 3;
  while (mask !== 0) {
    const low = mask & -mask;
    const b = 31 - Math.clz32(low);
    out.push(PLAY[b]);
    if (belle && b >>> 3 === t && ((b & 7) === R_QUEEN || (b & 7) === R_KING)) out.push(PLAY_BELLE[b]);
    mask ^= low;
  }
  const bit = 1 << seat;
  if ((s.started & bit) === 0) {
    if (canExchange(s, d, seat)) out.push(EXCHANGE);
    if ((d.declared & bit) === 0 && s.m.cfg.options.melding === 'first-card')
      for (const ms of strongestFirst(meldOptions(h, s.m.cfg.options.longRuns === 'blocks')))
        out.push(meldAction(ms));
  }
  if (s.opt & bit) out.push(KONTRA);
  if ((s.opt >>> 4) & bit) out.push(RE);
  return out;
}

// ---- actions ---------------------------------------------------------------------------------------

const SUIT_NAME = ['Kreuz', 'Pik', 'Herz', 'Karo'];
/** The interned actions without fields, by `t`. */
const SIMPLE: Readonly<Record<string, A>> = {
  orgi: ORGI,
  pass: PASS,
  kleines: KLEINES,
  besser: BESSER,
  kontra: KONTRA,
  re: RE,
  exchange: EXCHANGE,
};

export function parseAction(input: unknown): Result<A> {
  if (!isObject(input) || typeof input.t !== 'string')
    return err('malformed', 'an action is an object { t, ... }');
  const x = input;
  const only = (...keys: string[]): Result<true> => {
    for (const k of Object.keys(x))
      if (k !== 't' && !keys.includes(k)) return err('malformed', `${x.t}: unknown field "${k}"`);
    return ok(true);
  };
  switch (x.t) {
    case 'orgi':
    case 'pass':
    case 'kleines':
    case 'besser':
    case 'kontra':
    case 're':
    case 'exchange': {
      const o = only();
      return o.ok ? ok(SIMPLE[x.t]) : o;
    }
    case 'trump': {
      const o = only('suit');
      if (!o.ok) return o;
      if (suitIndex(x.suit) < 0) return err('malformed', 'trump: suit must be one of C, S, H, D');
      return ok(TRUMP[suitIndex(x.suit)]);
    }
    case 'play': {
      const o = only('card', 'belle');
      if (!o.ok) return o;
      if (bitOf(x.card) < 0)
        return err('malformed', `play: ${JSON.stringify(x.card)} is not a card of the 32-card deck`);
      if (x.belle !== undefined && x.belle !== true)
        return err('malformed', 'play: belle must be true or absent');
      return ok(x.belle ? PLAY_BELLE[bitOf(x.card)] : PLAY[bitOf(x.card)]);
    }
    case 'meld': {
      const o = only('melds');
      if (!o.ok) return o;
      const ms = parseMelds(x.melds);
      if (!ms.ok) return ms;
      return ok(meldAction(ms.value));
    }
    default:
      return err('unknown-action', `unknown action "${x.t}"`);
  }
}

function parseMelds(input: unknown): Result<Meld[]> {
  if (!Array.isArray(input) || input.length === 0)
    return err('malformed', 'meld: melds must be a non-empty list');
  const out: Meld[] = [];
  for (const m of input) {
    if (!isObject(m)) return err('malformed', 'meld: each meld is { suit, top, length }');
    const s = suitIndex(m.suit);
    const top = seqIndex(m.top);
    const len = m.length;
    if (s < 0) return err('malformed', 'meld: suit must be one of C, S, H, D');
    if (top < 0) return err('malformed', 'meld: top must be a rank 7, 8, 9, T, J, Q, K or A');
    if (!Number.isInteger(len) || (len as number) < 3 || (len as number) > top + 1)
      return err('malformed', `meld: length must be from 3 to ${top + 1} for a meld up to ${SEQ[top]}`);
    out.push({ s, top, len: len as number });
  }
  return ok(out);
}

export function apply(s: S, seat: Seat, a: A): Result<S> {
  // The common case first: an interned card action (fast.ts item 2) of the seat whose turn it is; it
  // passes every check below.
  if (s.phase === 'play' && seat === s.turn && typeof a === 'object' && a !== null && a.t === 'play') {
    const b = bitOf(a.card);
    if (b >= 0 && (PLAY[b] === a || PLAY_BELLE[b] === a)) return play(s, s.d!, seat, b, a.belle === true);
  }
  if (s.phase === 'over') return err('game-over', 'the match is over');
  if (s.phase === 'deal') return err('wrong-phase', 'a deal is due, not an action');
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.m.n)
    return err('bad-seat', `there is no seat ${seat}`);
  if (!isObject(a)) return err('malformed', 'an action is an object { t, ... }');
  return HANDLERS[s.phase].apply(s, seat, a);
}

/** Actions every phase knows: taken in the wrong phase they are `illegal-action`, anything else `unknown-action`. */
const KNOWN: ReadonlySet<string> = new Set([
  'orgi',
  'pass',
  'kleines',
  'besser',
  'trump',
  'kontra',
  're',
  'exchange',
  'meld',
  'play',
]);
function other(s: S, seat: Seat, a: A): Result<S> {
  const t = (a as { t: unknown }).t;
  if (t === 'kontra' || t === 're') return call(s, seat, t);
  if (typeof t === 'string' && KNOWN.has(t)) return wrongTime(s, t);
  return err('unknown-action', `unknown action "${String(t)}"`);
}

/** Kontra or Re, when the seat may say it now (optMask). */
function call(s: S, seat: Seat, t: 'kontra' | 're'): Result<S> {
  const d = s.d!;
  if (t === 'kontra') {
    if ((s.phase !== 'play' && s.phase !== 'melds') || !(s.opt & (1 << seat)))
      return err('illegal-action', `seat ${seat} may not say Kontra now`);
    return ok(withD(s, { ...d, kontra: seat }));
  }
  if ((s.phase !== 'play' && s.phase !== 'melds') || !((s.opt >>> 4) & (1 << seat)))
    return err('illegal-action', `seat ${seat} may not say Re now`);
  return ok(withD(s, { ...d, re: seat }));
}

/** The exchange of the 7 (2p/3p) by the turn seat. */
function exchange(s: S, seat: Seat): Result<S> {
  if (seat !== s.turn) return notTurn(s);
  const d = s.d!;
  if (!canExchange(s, d, seat))
    return err(
      'illegal-action',
      'only the holder of the 7 of the turned suit may exchange, once, before melding and his first card',
    );
  const seven = d.turnedSuit * 8 + R_SEVEN;
  const w = copy(s);
  setHand(w, seat, (handOf(s, seat) & ~(1 << seven)) | (1 << d.turned));
  const stock = d.stock.slice();
  stock[0] = seven;
  w.d = { ...d, turned: seven, stock, exch: { seat, gave: seven, took: d.turned } };
  return ok(withLegal(w));
}

/** A meld declaration by the turn seat (in play with melding 'first-card', in the meld round with 'round'). */
function declare(s: S, seat: Seat, a: A): Result<S> {
  if (seat !== s.turn) return notTurn(s);
  const d = s.d!;
  const bit = 1 << seat;
  if (s.started & bit) return err('illegal-action', "melds are declared before one's first card");
  if (d.declared & bit) return err('illegal-action', 'seat has declared already');
  const ms = parseMelds((a as { melds?: unknown }).melds);
  if (!ms.ok) return ms;
  const opts = meldOptions(handOf(s, seat), s.m.cfg.options.longRuns === 'blocks');
  let found: readonly Meld[] | undefined;
  for (const o of opts)
    if (sameMelds(o, ms.value)) {
      found = o;
      break;
    }
  if (!found)
    return err('illegal-action', 'the hand does not hold these melds (disjoint Terz/Halber blocks)');
  const d2 = { ...d, decls: [...d.decls, { seat, melds: found }], declared: d.declared | bit };
  return ok(s.phase === 'melds' ? afterMeldTurn(s, d2) : mod(s, { d: d2 }));
}

/** The bidding rounds (Orgi, Kleines, besser, naming trump): one handler, the phase says which bid. */
const BIDDING: PhaseHandler<S, A> = {
  legal: bidActions,
  apply(s, seat, a) {
    switch (a.t) {
      case 'orgi':
      case 'kleines':
      case 'besser':
      case 'pass':
      case 'trump':
        if (seat !== s.turn) return notTurn(s);
        return bid(s, s.d!, seat, a);
      default:
        return other(s, seat, a);
    }
  },
};

/**
 * One handler per phase (kernel/phases.ts). `apply` has checked the seat, that the match is on and that
 * the action is an object.
 */
const HANDLERS: PhaseHandlers<Phase, S, A> = {
  deal: NO_HANDLER,
  orgi: BIDDING,
  kleines: BIDDING,
  besser: BIDDING,
  trump: BIDDING,
  melds: {
    legal: meldRoundActions,
    apply(s, seat, a) {
      switch (a.t) {
        case 'pass':
          if (seat !== s.turn) return notTurn(s);
          return ok(afterMeldTurn(s, s.d!));
        case 'meld':
          return declare(s, seat, a);
        case 'exchange':
          return exchange(s, seat);
        default:
          return other(s, seat, a);
      }
    },
  },
  play: {
    legal: playActions,
    apply: applyPlay,
  },
  over: NO_HANDLER,
};

function applyPlay(s: S, seat: Seat, a: A): Result<S> {
  switch (a.t) {
    case 'play':
      if (seat !== s.turn) return notTurn(s);
      return playCard(s, s.d!, seat, a.card, a.belle === true);
    case 'meld':
      if (s.m.cfg.options.melding === 'round')
        return err(
          'illegal-action',
          'melds are declared in the meld round, before the first card (option melding)',
        );
      return declare(s, seat, a);
    case 'exchange':
      return exchange(s, seat);
    default:
      return other(s, seat, a);
  }
}
const PLAY_PHASE = HANDLERS.play;

function playCard(s: S, d: DealInfo, seat: Seat, card: string, belle: boolean): Result<S> {
  const b = bitOf(card);
  if (b < 0) return err('illegal-action', `${JSON.stringify(card)} is not a card`);
  return play(s, d, seat, b, belle);
}

const notTurn = (s: S): Result<never> => err('not-your-turn', `it is seat ${s.turn}'s turn`);
const wrongTime = (s: S, t: string): Result<never> =>
  err('illegal-action', `${t} is not allowed in phase ${s.phase}`);

function bid(s: S, d: DealInfo, seat: Seat, a: A): Result<S> {
  const phase = s.phase as Exclude<Phase, 'deal' | 'over' | 'play' | 'melds'>;
  const expect = phase === 'trump' ? 'trump' : phase;
  if (a.t !== expect && !(a.t === 'pass' && phase !== 'trump'))
    return err('illegal-action', phase === 'trump' ? 'name the trump suit' : `say ${phase} or pass`);
  if (a.t === 'trump') {
    const t = suitIndex(a.suit);
    if (t < 0) return err('malformed', 'trump: suit must be one of C, S, H, D');
    if (d.turnedSuit === 0 ? t === 0 : t === d.turnedSuit)
      return err(
        'illegal-action',
        `a Kleines may not be played in ${SUIT_NAME[d.turnedSuit]}, the turned suit`,
      );
    return ok(
      fixTrump(
        s,
        { ...d, bids: [...d.bids, { seat, round: 'trump', t: 'trump', suit: a.suit }] },
        seat,
        t,
        false,
      ),
    );
  }
  const bids: Bid[] = [...d.bids, { seat, round: phase, t: a.t as Bid['t'] }];
  if (phase === 'orgi') {
    if (a.t === 'orgi') return ok(fixTrump(s, { ...d, bids }, seat, d.turnedSuit, false, 'orgi'));
    const ask = d.ask + 1;
    if (ask < d.order.length) return ok(afterBid(s, s.phase, d.order[ask], { ...d, bids, ask }));
    return ok(afterBid(s, 'kleines', d.order[0], { ...d, bids, ask: 0 }));
  }
  if (phase === 'kleines') {
    if (a.t === 'kleines') {
      if (d.turnedSuit === 0) return ok(afterBid(s, 'trump', s.turn, { ...d, bids, kleines: seat }));
      const i = d.ask;
      // later (000 "nachfolgende Spieler"): those after him; all (001 "wiederum jeder reihum"): every
      // other player, in turn from Vorhand as in the rounds before.
      const queue =
        s.m.cfg.options.besser === 'later' ? d.order.slice(i + 1) : d.order.filter((x) => x !== seat);
      if (queue.length === 0) return ok(afterBid(s, 'trump', s.turn, { ...d, bids, kleines: seat }));
      return ok(afterBid(s, 'besser', queue[0], { ...d, bids, kleines: seat, queue, ask: 0 }));
    }
    const ask = d.ask + 1;
    if (ask < d.order.length) return ok(afterBid(s, s.phase, d.order[ask], { ...d, bids, ask }));
    // Nobody plays: the same dealer deals again (000 4.1).
    const m = { ...s.m, thrownIn: s.m.thrownIn + 1 };
    return ok(mod(s, { m, phase: 'deal', d: null, h0: 0, h1: 0, h2: 0, h3: 0, pts: 0 }));
  }
  // besser
  if (a.t === 'besser') return ok(fixTrump(s, { ...d, bids }, seat, 0, true));
  const ask = d.ask + 1;
  if (ask < d.queue.length) return ok(afterBid(s, s.phase, d.queue[ask], { ...d, bids, ask }));
  return ok(afterBid(s, 'trump', d.kleines, { ...d, bids }));
}

/** The state after a bid: phase, turn and deal facts change. */
function afterBid(s: S, phase: Phase, turn: Seat, d: DealInfo): W {
  const w = copy(s);
  w.phase = phase;
  w.turn = turn;
  w.d = d;
  return w;
}

function fixTrump(
  s: S,
  d: DealInfo,
  declarer: Seat,
  trump: number,
  besser: boolean,
  kind: 'orgi' | 'kleines' = 'kleines',
): S {
  const w = copy(s);
  let aside = d.aside;
  if (s.m.n !== 4) {
    // Every player takes up his 3 cards put aside.
    setHands(
      w,
      handsOf(s).map((h, i) => h | aside[i]),
    );
    aside = aside.map(() => 0);
  }
  let declMask = 1 << declarer;
  if (s.m.n === 4) declMask |= 1 << ((declarer + 2) % 4);
  // 001: the meld round in turn from Vorhand comes before the first card.
  w.phase = s.m.cfg.options.melding === 'round' ? 'melds' : 'play';
  w.turn = d.vorhand;
  w.trickLead = d.vorhand;
  const d2 = { ...d, aside, declarer, declMask, trump, kind, besser, ask: 0 };
  w.d = d2;
  w.opt = optMask(s.m, d2, w.started, w.twice);
  return withLegal(w);
}

/** Plays card bit `b` (0..31), with Belle announced or not. */
function play(s: S, d: DealInfo, seat: Seat, b: number, belle: boolean): Result<S> {
  const h = handOf(s, seat);
  if ((h & (1 << b)) === 0) return err('illegal-action', `${CARD[b]} is not in seat ${seat}'s hand`);
  if ((s.legal & (1 << b)) === 0)
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
  const bit = 1 << seat;
  const started = s.started | bit;
  const twice = s.twice | (s.started & bit);
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
  const opt = s.opt === 0 ? 0 : optMask(s.m, d, started, twice);
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
      started,
      twice,
      tricks: s.tricks,
      nTricks: s.nTricks,
      pts: s.pts,
      took: s.took,
      opt,
      legal: legalMask(seat === next ? nh : handOf(s, next), (trickCards & 31) >>> 3, winStr, t),
    });
  }
  const w = copy(s);
  w.d = d2;
  setHand(w, seat, nh);
  w.started = started;
  w.twice = twice;
  w.opt = opt;
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
  w.tricks = { prev: s.tricks, lead, cards: trickCards, n: trickN, winner: winSeat, points };
  w.nTricks = nTricks;
  w.pts = pts;
  w.took = s.took | (1 << p);
  w.legal = handOf(w, winSeat);
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

/** After trick 1: the best declaration wins; all melds of its party count (000 3.1-3.3, 4.4). */
function resolveMelds(d: DealInfo): DealInfo {
  const i = bestDecl(d.decls, d.trump);
  if (i < 0) return { ...d, counted: [] };
  const p = d.party[d.decls[i].seat];
  const counted = d.decls.filter((x) => d.party[x.seat] === p);
  return { ...d, meldParty: p, counted, meldValue: counted.reduce((a, x) => a + meldsValue(x.melds), 0) };
}

function finishDeal(s: S): S {
  const d = s.d!;
  const m = s.m;
  const o = m.cfg.options;
  const n = m.n;
  const final: number[] = [];
  for (let p = 0; p < n; p++) final.push(partyPts(s.pts, p));
  const meldsCount = d.meldParty >= 0 && (!o.meldsNeedTrick || (s.took & (1 << d.meldParty)) !== 0);
  if (meldsCount) final[d.meldParty] += d.meldValue;
  const belle: { seat: Seat; value: number }[] = [];
  for (let seat = 0; seat < n; seat++)
    if (d.belle & (1 << seat)) {
      const p = d.party[seat];
      if (!o.belleNeedsTrick || s.took & (1 << p)) {
        final[p] += 20;
        belle.push({ seat, value: 20 });
      }
    }
  const dp = d.party[d.declarer];
  const opps: Seat[] = [];
  const ours: Seat[] = [];
  let won = true;
  for (const x of d.order) {
    if (d.party[x] === dp) ours.push(x);
    else {
      opps.push(x);
      if (final[dp] <= final[d.party[x]]) won = false;
    }
  }
  const base = o.scoring === 'flat' ? 1 : d.kind === 'orgi' ? 2 : 1;
  const gamePoints = base * (won ? 1 : 2) * (d.kontra >= 0 ? 2 : 1) * (d.re >= 0 ? 2 : 1);
  const to = won ? ours : opps;
  const share = !won && n === 3 && opps.length === 2 ? gamePoints / 2 : gamePoints;
  const lastTrick = s.tricks!.winner;
  const lastCards: { seat: Seat; card: Card }[] = [];
  for (let i = 0, seat = s.tricks!.lead; i < s.tricks!.n; i++, seat = d.next[seat])
    lastCards.push({ seat, card: CARD[(s.tricks!.cards >>> (5 * i)) & 31] });
  let jas: Seat | null = null;
  let mie: Seat | null = null;
  for (let t: TrickNode | null = s.tricks; t !== null; t = t.prev) {
    for (let i = 0; i < t.n; i++) {
      const bit = (t.cards >>> (5 * i)) & 31;
      if (bit === d.trump * 8 + R_JACK) jas = t.winner;
      else if (bit === d.trump * 8 + R_NINE) mie = t.winner;
    }
  }
  const awarded: number[] = [];
  const points: number[] = [];
  const cardPoints: number[] = [];
  const scores: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = to.includes(i) ? share : 0;
    const active = (d.activeMask & (1 << i)) !== 0;
    const p = d.party[i];
    awarded.push(a);
    scores.push(m.scores[i] + a);
    points.push(active ? final[p] : 0);
    cardPoints.push(active ? partyPts(s.pts, p) - (d.party[lastTrick] === p ? LAST_TRICK : 0) : 0);
  }
  const result: DealResult = {
    dealer: d.dealer,
    declarer: d.declarer,
    trump: SUITS[d.trump],
    kind: d.kind!,
    besser: d.besser,
    melds: meldsCount
      ? d.counted!.map((x) => ({ seat: x.seat, melds: x.melds.map(toSpec), value: meldsValue(x.melds) }))
      : [],
    meldsVoid: d.meldParty >= 0 && !meldsCount,
    belle,
    lastTrick,
    lastCards,
    cardPoints,
    jas,
    mie,
    points,
    won,
    kontra: d.kontra >= 0 ? d.kontra : null,
    re: d.re >= 0 ? d.re : null,
    gamePoints,
    to,
    awarded,
  };
  const results = [...m.results, result];
  const target = o.target;
  const gainer = to[0];
  let next: Match;
  if (n !== 3) {
    let over = false;
    for (let i = 0; i < n; i++) if (scores[i] >= target) over = true;
    next = {
      ...m,
      scores,
      results,
      over,
      winners: over ? m.active.filter((x) => scores[x] >= target) : [],
      // 2 players: the winner of the game deals (000 4.2); 4 players: the next clockwise.
      dealer: n === 2 ? gainer : (m.dealer + 1) % n,
    };
  } else {
    const reached = m.active.filter((x) => scores[x] >= target);
    if (reached.length === 0) {
      next = { ...m, scores, results, dealer: m.active.length === 3 ? (m.dealer + 1) % 3 : gainer };
    } else if (m.active.length === 3 && !o.playOn) {
      // 001 "Es gewinnt, wer seinen Würfel zuerst auf 6 drehen kann": no play-on for second place.
      const first = byPlace(reached, scores, result, d)[0];
      next = { ...m, scores, results, ranking: [first], over: true, winners: [first] };
    } else if (m.active.length === 3 && reached.length === 1) {
      // 000 4.3: the first deals once more for the other two, who play on as two players.
      const w = reached[0];
      next = {
        ...m,
        scores,
        results,
        ranking: [w],
        active: m.active.filter((x) => x !== w),
        activeMask: m.activeMask & ~(1 << w),
        dealer: w,
      };
    } else {
      // The last two places are decided (or two reached the target at once: higher score first, then
      // more points in this deal, then earlier in play order).
      const rest = byPlace(m.active, scores, result, d);
      const ranking = [...m.ranking, ...rest];
      next = { ...m, scores, results, ranking, over: true, winners: [ranking[0]] };
    }
  }
  const w = copy(s);
  w.m = next.thrownIn === 0 ? next : { ...next, thrownIn: 0 };
  w.phase = next.over ? 'over' : 'deal';
  w.turn = next.dealer;
  return w;
}

/** Seats by place when they reach the target with one game: higher score, then more points in it, then earlier in play order. */
function byPlace(seats: readonly Seat[], scores: readonly number[], r: DealResult, d: DealInfo): Seat[] {
  const pos = (x: Seat) => d.order.indexOf(x);
  return [...seats].sort((a, b) => scores[b] - scores[a] || r.points[b] - r.points[a] || pos(a) - pos(b));
}

export type { Decl };
