/**
 * Who acts and what an action does, by phase: the bidding rounds (Orgi, Kleines, besser, naming trump), the
 * meld round, the exchange of the 7, declarations, Kontra and Re, and the dispatch of a card to play.ts.
 * Every function is pure.
 */

import type { Card } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { err, isObject, ok, type Result } from '../core/result.ts';
import { NO_HANDLER, type PhaseHandler, type PhaseHandlers, wordPlays } from '../kernel/index.ts';
import { KNOWN, meldAction, parseMelds } from './actions.ts';
import {
  BESSER_TRUMP,
  bitOf,
  CARD,
  hasExchange,
  kleinesSuits,
  R_KING,
  R_QUEEN,
  SUIT_NAME,
  suitIndex,
  turnedSeven,
} from './cards.ts';
import {
  BESSER_PASS,
  EXCHANGE,
  KLEINES_PASS,
  KONTRA,
  KONTRA_RE,
  NONE,
  ONLY_KONTRA,
  ONLY_RE,
  ORGI_PASS,
  PASS,
  PLAY,
  PLAY_BELLE,
  RE,
  shared,
  TO_ACT,
  TRUMP,
} from './fast.ts';
import { type Meld, meldMask, meldOptions, meldsValue, sameMelds } from './melds.ts';
import { hasPlayed, legalMask, optOf, play } from './play.ts';
import { resolveMelds } from './score.ts';
import {
  afterBid,
  type Bid,
  copy,
  type DealInfo,
  handOf,
  handsOf,
  type KlapperjasAction,
  type KlapperjasState,
  mod,
  type Phase,
  setHand,
  setHands,
} from './state.ts';

type S = KlapperjasState;
type A = KlapperjasAction;

// ---- who acts, and the dispatch by phase -----------------------------------------------------------

export function toAct(s: S): readonly Seat[] {
  const p = s.phase;
  if (p === 'play' || p === 'melds') {
    const o = optOf(s);
    return TO_ACT[s.turn * 16 + ((o | (o >>> 4)) & 15 & ~(1 << s.turn))];
  }
  if (p === 'deal' || p === 'over') return NONE;
  return TO_ACT[s.turn * 16];
}

export function legalActions(s: S, seat: Seat): readonly A[] {
  // The play handler by name first: most calls come in play, and a lookup by phase costs more than it.
  return s.phase === 'play' ? PLAY_PHASE.legal(s, seat) : HANDLERS[s.phase].legal(s, seat);
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

const notTurn = (s: S): Result<never> => err('not-your-turn', `it is seat ${s.turn}'s turn`);
const wrongTime = (s: S, t: string): Result<never> =>
  err('illegal-action', `${t} is not allowed in phase ${s.phase}`);

/** An action the phase's handler does not take: Kontra or Re where they may be said, else refused. */
function other(s: S, seat: Seat, a: A): Result<S> {
  const t = (a as { t: unknown }).t;
  if (t === 'kontra' || t === 're') return call(s, seat, t);
  if (typeof t === 'string' && KNOWN.has(t)) return wrongTime(s, t);
  return err('unknown-action', `unknown action "${String(t)}"`);
}

// ---- bidding: Orgi, Kleines, besser, naming trump --------------------------------------------------

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

/** The trump suits a Kleines may name, by turned suit. */
const TRUMP_CHOICE: readonly (readonly A[])[] = [0, 1, 2, 3].map((ts) =>
  shared(kleinesSuits(ts).map((t) => TRUMP[t])),
);

function bid(s: S, d: DealInfo, seat: Seat, a: A): Result<S> {
  const phase = s.phase as Exclude<Phase, 'deal' | 'over' | 'play' | 'melds'>;
  const expect = phase === 'trump' ? 'trump' : phase;
  if (a.t !== expect && !(a.t === 'pass' && phase !== 'trump'))
    return err('illegal-action', phase === 'trump' ? 'name the trump suit' : `say ${phase} or pass`);
  if (a.t === 'trump') {
    const t = suitIndex(a.suit);
    if (t < 0) return err('malformed', 'trump: suit must be one of C, S, H, D');
    if (!kleinesSuits(d.turnedSuit).includes(t))
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
  if (a.t === 'besser') return ok(fixTrump(s, { ...d, bids }, seat, BESSER_TRUMP, true));
  const ask = d.ask + 1;
  if (ask < d.queue.length) return ok(afterBid(s, s.phase, d.queue[ask], { ...d, bids, ask }));
  return ok(afterBid(s, 'trump', d.kleines, { ...d, bids }));
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
  return w;
}

// ---- the meld round, the exchange of the 7, declarations -------------------------------------------

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
  return afterBid(s, 'play', d.vorhand, resolveMelds({ ...d, ask }));
}

const canExchange = (s: S, d: DealInfo, seat: Seat): boolean =>
  hasExchange(s.m.n) &&
  d.exch === null &&
  !hasPlayed(s, d, seat) &&
  (d.declared & (1 << seat)) === 0 &&
  (handOf(s, seat) & (1 << turnedSeven(d.turnedSuit))) !== 0;

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
  const seven = 1 << turnedSeven(d.turnedSuit);
  const opts = meldOptions(handOf(s, seat), s.m.cfg.options.longRuns === 'blocks');
  return {
    gives: CARD[turnedSeven(d.turnedSuit)],
    takes: CARD[d.turned],
    breaksRun: opts.some((o) => o.some((m) => (meldMask(m) & seven) !== 0)),
  };
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
  const seven = turnedSeven(d.turnedSuit);
  const w = copy(s);
  setHand(w, seat, (handOf(s, seat) & ~(1 << seven)) | (1 << d.turned));
  const stock = d.stock.slice();
  stock[0] = seven;
  w.d = { ...d, turned: seven, stock, exch: { seat, gave: seven, took: d.turned } };
  return ok(w);
}

/** A meld declaration by the turn seat (in play with melding 'first-card', in the meld round with 'round'). */
function declare(s: S, seat: Seat, a: A): Result<S> {
  if (seat !== s.turn) return notTurn(s);
  const d = s.d!;
  const bit = 1 << seat;
  if (hasPlayed(s, d, seat)) return err('illegal-action', "melds are declared before one's first card");
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

// ---- play: cards, and Kontra and Re ----------------------------------------------------------------

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

function playCard(s: S, d: DealInfo, seat: Seat, card: string, belle: boolean): Result<S> {
  const b = bitOf(card);
  if (b < 0) return err('illegal-action', `${JSON.stringify(card)} is not a card`);
  return play(s, d, seat, b, belle);
}

/** Play: the turn seat's cards (with Belle, exchange, melds, calls where they apply); others' calls. */
function playActions(s: S, seat: Seat): readonly A[] {
  if (seat !== s.turn) return calls(s, seat);
  const d = s.d!;
  const bit = 1 << seat;
  const h = handOf(s, seat);
  const mask = s.trickN === 0 ? h : legalMask(h, (s.trickCards & 31) >>> 3, s.winStr, d.trump);
  const qk = 3 << (d.trump * 8 + R_QUEEN);
  // The common case: cards only, no Belle variant among them (who may call asked last: it costs most).
  if (hasPlayed(s, d, seat) && ((h & qk) !== qk || (mask & qk) === 0)) {
    const opt = optOf(s);
    if ((opt & (bit | (bit << 4))) === 0) return wordPlays(mask);
    return fullActions(s, d, seat, h, mask, opt);
  }
  return fullActions(s, d, seat, h, mask, optOf(s));
}

/** Cards with their Belle variants, then exchange, melds, Kontra and Re. */
function fullActions(s: S, d: DealInfo, seat: Seat, h: number, mask: number, opt: number): A[] {
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
  if (!hasPlayed(s, d, seat)) {
    if (canExchange(s, d, seat)) out.push(EXCHANGE);
    if ((d.declared & bit) === 0 && s.m.cfg.options.melding === 'first-card')
      for (const ms of strongestFirst(meldOptions(h, s.m.cfg.options.longRuns === 'blocks')))
        out.push(meldAction(ms));
  }
  if (opt & bit) out.push(KONTRA);
  if ((opt >>> 4) & bit) out.push(RE);
  return out;
}

/** The calls (Kontra, Re) `seat` may make now, in the meld round or in play. */
function calls(s: S, seat: Seat): readonly A[] {
  const opt = (optOf(s) >>> seat) & 17;
  return opt === 0 ? NONE : opt === 17 ? KONTRA_RE : opt === 1 ? ONLY_KONTRA : ONLY_RE;
}

/** Kontra or Re, when the seat may say it now (optMask). */
function call(s: S, seat: Seat, t: 'kontra' | 're'): Result<S> {
  const d = s.d!;
  if (t === 'kontra') {
    if (!(optOf(s) & (1 << seat))) return err('illegal-action', `seat ${seat} may not say Kontra now`);
    return ok(withD(s, { ...d, kontra: seat }));
  }
  if (!((optOf(s) >>> 4) & (1 << seat))) return err('illegal-action', `seat ${seat} may not say Re now`);
  return ok(withD(s, { ...d, re: seat }));
}

/** The play state with new deal facts (Kontra, Re): who may call next follows from them (optOf). */
const withD = (s: S, d: DealInfo): S => mod(s, { d });

// ---- the handlers ----------------------------------------------------------------------------------

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

const PLAY_PHASE = HANDLERS.play;
