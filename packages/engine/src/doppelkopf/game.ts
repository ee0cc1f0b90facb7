/**
 * Doppelkopf (DDV tournament rules and the house rules of 004) as a `Game`. Seats in the order of play
 * (clockwise, 004 "im Uhrzeigersinn"); the forehand (dealer + 1) is asked first in the Vorbehalt round and
 * leads trick 1 unless a Pflichtsolo is played. See docs/rules/doppelkopf.md and docs/record-format.md.
 *
 * Phases: deal → reserve (gesund / Vorbehalt, or a solo at once) → declare (seats with a Vorbehalt name it,
 * or a Vorführung's soloist names his solo) → play → deal ... → over. Announcements are optional actors in
 * `toAct` during play (announce.ts).
 */
import { count } from '../core/bits.ts';
import type { Card } from '../core/cards.ts';
import type { Game, Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import type { Rng } from '../core/rng.ts';
import { NO_HANDLER, type PhaseHandler, type PhaseHandlers, TRUMP } from '../kernel/index.ts';
import {
  ANNOUNCE,
  DECLARE,
  type DoppelkopfAction,
  HEALTHY,
  PLAY,
  parseAction,
  QUIET,
  RESERVE,
} from './actions.ts';
import { allowedLevels, CALLS_OPEN, callState, REPLY, toAct } from './announce.ts';
import { armutAct, armutLegal } from './armut.ts';
import {
  beatsBest,
  CQ,
  DA,
  type Declared,
  deckOf,
  dulleSecondIn,
  ESUIT,
  GAMES_DECLARED,
  isNine,
  KIND_CARDS,
  KINDS,
  kindOf,
  NORMAL,
  orderOfContract,
  POINTS,
  SOLOS,
  type Solo,
  SUIT_MASK,
  strengthOf,
} from './cards.ts';
import { type DoppelkopfConfig, handSizeOf, parseConfig, SOLOS_OF, type SoloRule } from './config.ts';
import { finishDeal } from './finish.ts';
import { houseAct, houseLegal } from './house.ts';
import { type DoppelkopfOutcome, outcome } from './outcome.ts';
import { firstFox, PIG_PENDING, pigAfterTrick } from './schwein.ts';
import {
  CALLS,
  type Call,
  type Contract,
  type DealState,
  type DoppelkopfState,
  held,
  heldTwice,
  levelOf,
  type Phase,
  type PlayCell,
  PTS_UNIT,
} from './state.ts';
import { type DoppelkopfView, viewFor } from './view.ts';

export const SEATS = 4;

/** A deal: the hands by seat, 12 cards each with nines, 10 without. */
export interface DoppelkopfDeal {
  readonly hands: readonly (readonly Card[])[];
}

type S = DoppelkopfState;
type A = DoppelkopfAction;

export const handSize = (s: S): number => handSizeOf(s.config.options);
export const cardsInHand = (s: S, seat: Seat): number => count(held(s, seat)) + count(heldTwice(s, seat));

const NOBODY: readonly Seat[] = [];
const NO_ACTIONS: readonly A[] = [];
const EMPTY4: readonly number[] = [0, 0, 0, 0];
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

function start(config: DoppelkopfConfig, dealer: Seat): S {
  const d = Number.isInteger(dealer) && dealer >= 0 && dealer < SEATS ? dealer : 0;
  // Every state has these fields in this order (`play` writes them out): one shape for all states.
  return {
    config,
    phase: 'deal',
    turn: (d + 1) % SEATS,
    played: 0,
    ones: EMPTY4,
    twice: EMPTY4,
    trick: 0,
    plays: null,
    opt: 0,
    quiet: 0,
    calls: false,
    pts: 0,
    tricks: 0,
    winners: 0,
    d: EMPTY_DEAL,
    m: { deals: 0, dealer: d, forehand: (d + 1) % SEATS, soloDone: 0, results: [], scores: EMPTY4 },
  };
}

// ---- deals -------------------------------------------------------------------------------------------

/** The deck's slots being shuffled by `randomDeal` (scratch: filled anew by every call, nothing kept between). */
const SLOTS = new Uint8Array(48);

/** `n` cards of the shuffled slots from `at` on. */
function packet(cards: readonly Card[], at: number, n: number): Card[] {
  const out = new Array<Card>(n);
  for (let i = 0; i < n; i++) out[i] = cards[SLOTS[at + i]];
  return out;
}

/**
 * The shuffled deck (Fisher-Yates over the deck's slots, core/rng.ts) dealt in one packet per seat from the
 * forehand on (any way of dealing a uniform shuffle is the same).
 */
function randomDeal(state: S, rng: Rng): DoppelkopfDeal {
  const cards = deckOf(state.config.options.nines).cards;
  const size = cards.length;
  for (let i = 0; i < size; i++) SLOTS[i] = i;
  for (let i = size - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = SLOTS[i];
    SLOTS[i] = SLOTS[j];
    SLOTS[j] = t;
  }
  const n = size / SEATS;
  // Seat s gets packet (s - forehand) mod 4.
  const f = state.m.forehand;
  return {
    hands: [
      packet(cards, ((SEATS - f) & 3) * n, n),
      packet(cards, ((SEATS + 1 - f) & 3) * n, n),
      packet(cards, ((SEATS + 2 - f) & 3) * n, n),
      packet(cards, ((SEATS + 3 - f) & 3) * n, n),
    ],
  };
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** The hands of a deal in the game's layout (`hands` of the state), or why it is not a deal of the deck. */
function dealBits(config: DoppelkopfConfig, input: unknown): Result<number[]> {
  if (!isObject(input)) return err('bad-deal', 'a deal is { hands: Card[][] }');
  for (const k of Object.keys(input)) if (k !== 'hands') return err('bad-deal', `unknown field ${k}`);
  const nines = config.options.nines;
  const n = handSizeOf(config.options);
  const raw = input.hands;
  if (!Array.isArray(raw) || raw.length !== SEATS) return err('bad-deal', 'hands must be a list of 4 hands');
  const h = [0, 0, 0, 0, 0, 0, 0, 0];
  let all1 = 0;
  let all2 = 0;
  for (let seat = 0; seat < SEATS; seat++) {
    const hand: unknown = raw[seat];
    if (!Array.isArray(hand) || hand.length !== n)
      return err('bad-deal', `hand ${seat} must hold ${n} cards`);
    let one = 0;
    let two = 0;
    for (let i = 0; i < n; i++) {
      const c: unknown = hand[i];
      const k = kindOf(c);
      if (k < 0 || (!nines && isNine(k)))
        return err(
          'bad-deal',
          `hand ${seat}: ${JSON.stringify(c)} is not a card of the ${nines ? 48 : 40}-card deck`,
        );
      const b = 1 << k;
      if ((all2 & b) !== 0) return err('bad-deal', `${c} is dealt more than twice`);
      if ((all1 & b) !== 0) all2 |= b;
      else all1 |= b;
      if ((one & b) !== 0) two |= b;
      else one |= b;
    }
    h[seat] = one;
    h[4 + seat] = two;
  }
  return ok(h);
}

function parseDeal(state: S, input: unknown): Result<DoppelkopfDeal> {
  const b = dealBits(state.config, input);
  if (!b.ok) return b;
  return ok({ hands: (input as DoppelkopfDeal).hands.map((h) => h.slice()) });
}

/** The cards of a hand in kind order (both copies side by side). */
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

function applyDeal(state: S, deal: DoppelkopfDeal): Result<S> {
  if (state.phase === 'over') return err('game-over', 'the match is over');
  if (state.phase !== 'deal') return err('wrong-phase', 'no deal is due now');
  const b = dealBits(state.config, deal);
  if (!b.ok) return b;
  const hands = b.value;
  const forced = vorfuehrung(state);
  const m = state.m;
  // Written out in the order of `start` and EMPTY_DEAL (one shape for all states, no spread per deal).
  return ok({
    config: state.config,
    phase: forced >= 0 ? 'declare' : 'reserve',
    turn: forced >= 0 ? forced : m.forehand,
    played: 0,
    ones: [hands[0], hands[1], hands[2], hands[3]],
    twice: [hands[4], hands[5], hands[6], hands[7]],
    trick: 0,
    plays: null,
    opt: 0,
    quiet: 0,
    calls: false,
    pts: 0,
    tricks: 0,
    winners: 0,
    d: {
      dealt: [
        cardsOf(hands[0], hands[4]),
        cardsOf(hands[1], hands[5]),
        cardsOf(hands[2], hands[6]),
        cardsOf(hands[3], hands[7]),
      ],
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

// ---- who may act ---------------------------------------------------------------------------------------

const holdsBothQueens = (s: S, seat: Seat): boolean => (heldTwice(s, seat) & (1 << CQ)) !== 0;
const nobodyReserved = (s: S): boolean => {
  const a = s.d.answers;
  return a[0] !== 1 && a[1] !== 1 && a[2] !== 1 && a[3] !== 1;
};

/** The declarations of the solos a table plays (option `solos`), by rule. */
export const SOLO_DECLS: Readonly<Record<SoloRule, readonly A[]>> = {
  all: SOLOS_OF.all.map((g) => DECLARE[g]),
  'no-fleischlos': SOLOS_OF['no-fleischlos'].map((g) => DECLARE[g]),
  'queens-jacks': SOLOS_OF['queens-jacks'].map((g) => DECLARE[g]),
};
const RESERVE_ACTIONS: readonly A[] = [HEALTHY, RESERVE];
const withSolos = (first: readonly A[]): Readonly<Record<SoloRule, readonly A[]>> => ({
  all: [...first, ...SOLO_DECLS.all],
  'no-fleischlos': [...first, ...SOLO_DECLS['no-fleischlos']],
  'queens-jacks': [...first, ...SOLO_DECLS['queens-jacks']],
});
const RESERVE_OR_SOLO = withSolos(RESERVE_ACTIONS);
const HOCHZEIT_OR_SOLO = withSolos([DECLARE.hochzeit]);

/** The games `seat` may declare now (phase `declare`). */
function declarable(s: S, seat: Seat): readonly A[] {
  const solos = s.config.options.solos;
  if (s.d.forced === seat) return SOLO_DECLS[solos];
  return holdsBothQueens(s, seat) ? HOCHZEIT_OR_SOLO[solos] : SOLO_DECLS[solos];
}

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

/** The legal kinds of `seat`'s hand (the `follow` policy: follow the effective suit led, else any card). */
export function legalKinds(s: S, seat: Seat): number {
  const hand = held(s, seat);
  const led = ledOf(s.trick);
  if (led < 0) return hand;
  const m = hand & SUIT_MASK[s.d.order * 5 + led];
  return m !== 0 ? m : hand;
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

function playLegal(s: S, seat: Seat): readonly A[] {
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

function legalActions(state: S, seat: Seat): readonly A[] {
  // Shortcut (kernel phases.ts): the hottest phase's handler by name, the others through the table.
  if (state.phase === 'play') return playLegal(state, seat);
  if (seat !== state.turn || !Number.isInteger(seat)) return NO_ACTIONS;
  return HANDLERS[state.phase].legal(state, seat);
}

// ---- apply ---------------------------------------------------------------------------------------------

function apply(state: S, seat: Seat, action: A): Result<S> {
  if (state.phase === 'play' && seat === state.turn && isObject(action) && action.t === 'play')
    return play(state, seat, action.card);
  if (state.phase === 'over') return err('game-over', 'the match is over');
  if (state.phase === 'deal') return err('wrong-phase', 'a deal is due first');
  if (!Number.isInteger(seat) || seat < 0 || seat >= SEATS) return err('bad-seat', `no seat ${String(seat)}`);
  if (!isObject(action)) return err('malformed', 'an action is an object { t, ... }');
  return HANDLERS[state.phase].apply(state, seat, action);
}

/** Any action in any phase: each step refuses what its phase does not allow, with the reason. */
function act(s: S, seat: Seat, a: A): Result<S> {
  if (s.config.options.melden === 'house' && s.phase !== 'play') {
    if (s.phase === 'armut') return armutAct(s, seat, a);
    if (a.t !== 'play' && a.t !== 'announce' && a.t !== 'quiet') return houseAct(s, seat, a);
  }
  switch (a.t) {
    case 'play':
      return play(s, seat, a.card);
    case 'healthy':
    case 'reserve':
      return answer(s, seat, a.t);
    case 'declare':
      return declare(s, seat, a.game);
    case 'announce':
      return announce(s, seat, a.call);
    case 'quiet':
      return quiet(s, seat);
    default: {
      const p = parseAction(a);
      return p.ok ? err('illegal-action', 'not now') : p;
    }
  }
}

const PLAY_HANDLER: PhaseHandler<S, A> = { legal: playLegal, apply: act };

const HANDLERS: PhaseHandlers<Phase, S, A> = {
  deal: NO_HANDLER,
  over: NO_HANDLER,
  reserve: {
    legal: (s, seat) =>
      s.config.options.melden === 'house'
        ? houseLegal(s, seat)
        : s.config.options.immediateSolo && nobodyReserved(s)
          ? RESERVE_OR_SOLO[s.config.options.solos]
          : RESERVE_ACTIONS,
    apply: act,
  },
  declare: {
    legal: (s, seat) => (s.config.options.melden === 'house' ? houseLegal(s, seat) : declarable(s, seat)),
    apply: act,
  },
  // House preset (house.ts, armut.ts); called through arrows: those modules import this one.
  bid: { legal: (s, seat) => houseLegal(s, seat), apply: act },
  armut: { legal: (s, seat) => armutLegal(s, seat), apply: act },
  play: PLAY_HANDLER,
};

const notTurn = (s: S, seat: Seat): Result<never> =>
  err('not-your-turn', `seat ${s.turn} is to act, not seat ${seat}`);

/** gesund or Vorbehalt, in seat order from the forehand. */
function answer(s: S, seat: Seat, t: 'healthy' | 'reserve'): Result<S> {
  if (s.phase !== 'reserve') return err('illegal-action', `${t} belongs to the Vorbehalt round`);
  if (seat !== s.turn) return notTurn(s, seat);
  const answers = s.d.answers.slice();
  answers[seat] = t === 'healthy' ? 0 : 1;
  const d = { ...s.d, answers };
  const next = (seat + 1) % SEATS;
  const forehand = s.m.forehand;
  if (next !== forehand) return ok({ ...s, turn: next, d });
  // Reservations are named: open Pflichtsoli first, then seat order from the forehand (oracle README "solo").
  const reservers: Seat[] = [];
  for (const first of [true, false])
    for (let k = 0; k < SEATS; k++) {
      const r = (forehand + k) % SEATS;
      const owes = s.config.options.pflichtsolo && (s.m.soloDone & (1 << r)) === 0;
      if (answers[r] === 1 && owes === first) reservers.push(r);
    }
  const done = { ...s, d };
  if (reservers.length === 0) return ok(startPlay(done, silentOrNormal(done)));
  return ok({ ...done, phase: 'declare', turn: reservers[0], d: { ...d, queue: reservers } });
}

export const CONTRACT_BASE: Contract = {
  kind: 'normal',
  declarer: null,
  partner: null,
  solo: null,
  pflicht: false,
  vorfuehrung: false,
  immediate: false,
  clarification: 0,
  failed: false,
};

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

const isSolo = (game: Declared): game is Solo => (SOLOS as readonly string[]).includes(game);

function declare(s: S, seat: Seat, game: Declared): Result<S> {
  if (s.phase === 'reserve') {
    if (seat !== s.turn) return notTurn(s, seat);
    if (!s.config.options.immediateSolo || !nobodyReserved(s) || !isSolo(game))
      return err(
        'illegal-action',
        'in the Vorbehalt round say gesund or Vorbehalt (a solo at once only while nobody has a Vorbehalt)',
      );
    if (!SOLOS_OF[s.config.options.solos].includes(game))
      return err(
        'illegal-action',
        `${game} is not played at this table (option solos: ${s.config.options.solos})`,
      );
    const answers = s.d.answers.slice();
    answers[seat] = 2;
    return ok(startPlay({ ...s, d: { ...s.d, answers } }, soloContract(s, seat, game, true)));
  }
  if (s.phase !== 'declare') return err('illegal-action', 'nothing is declared now');
  if (seat !== s.turn) return notTurn(s, seat);
  if (!declarable(s, seat).includes(DECLARE[game]))
    return err(
      'illegal-action',
      game === 'hochzeit'
        ? 'a Hochzeit needs both Kreuz-Damen (and no Vorführung)'
        : `${game} cannot be declared here`,
    );
  const decls = s.d.decls.slice();
  decls[seat] = GAMES_DECLARED.indexOf(game);
  if (isSolo(game)) return ok(startPlay({ ...s, d: { ...s.d, decls } }, soloContract(s, seat, game, false)));
  // A Hochzeit stands only if nobody asked after it names a solo.
  const queue = s.d.queue.slice(1);
  if (queue.length > 0) return ok({ ...s, turn: queue[0], d: { ...s.d, decls, queue } });
  return ok(
    startPlay({ ...s, d: { ...s.d, decls, queue } }, { ...CONTRACT_BASE, kind: 'hochzeit', declarer: seat }),
  );
}

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

function play(s: S, seat: Seat, card: unknown): Result<S> {
  if (s.phase !== 'play' || seat !== s.turn) return refuse(s, seat, card);
  const k = kindOf(card);
  if (k < 0) return refuse(s, seat, card);
  const bit = 1 << k;
  const hand = held(s, seat);
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
  // The card leaves the hand's second word if the kind is held twice (copying `twice`, rare), else the first.
  let ones = s.ones;
  let twice = s.twice;
  if ((twice[seat] & bit) !== 0) {
    twice = [twice[0], twice[1], twice[2], twice[3]];
    (twice as number[])[seat] ^= bit;
  } else {
    ones = [ones[0], ones[1], ones[2], ones[3]];
    (ones as number[])[seat] ^= bit;
  }
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
      ones,
      twice,
      trick:
        (led + 1) | (best << T_BEST) | (bestStr << T_STR) | (bestSeat << T_SEAT) | (trickPoints << T_PTS),
      plays,
      opt: 0,
      quiet: 0,
      calls: s.calls,
      pts: s.pts,
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
  // Hochzeit: the first of tricks 1-3 not won by the holder finds his partner; three won alone, he plays alone.
  if (contract.kind === 'hochzeit' && contract.clarification === 0) {
    if (bestSeat !== contract.declarer) {
      contract = { ...contract, partner: bestSeat, clarification: trick + 1 };
      re |= 1 << bestSeat;
    } else if (trick === 2) contract = { ...contract, clarification: 3, failed: true };
  }
  const w: Fresh = {
    config: s.config,
    phase: 'play',
    turn: bestSeat,
    played,
    ones,
    twice,
    trick: 0,
    plays,
    opt: 0,
    quiet: 0,
    // A Hochzeit's Klärungsstich opens the announcements.
    calls: s.calls || contract !== d.contract,
    pts: s.pts + trickPoints * PTS_UNIT[bestSeat],
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

function announce(s: S, seat: Seat, call: Call): Result<S> {
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
    ones: s.ones,
    twice: s.twice,
    trick: s.trick,
    plays: s.plays,
    opt: s.opt,
    quiet: 0,
    calls: s.calls,
    pts: s.pts,
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

function quiet(s: S, seat: Seat): Result<S> {
  if (s.phase !== 'play' || (s.opt & (1 << seat)) === 0)
    return err('illegal-action', 'quiet is for a seat that may announce while another seat is to play');
  const q = s.quiet | (1 << seat);
  return ok({ ...s, quiet: q, opt: s.opt & ~q });
}

export type DoppelkopfGame = Game<DoppelkopfConfig, S, A, DoppelkopfDeal, DoppelkopfView, DoppelkopfOutcome>;

export const doppelkopf: DoppelkopfGame = {
  id: 'doppelkopf',
  parseConfig,
  start,
  config: (state) => state.config,
  seats: () => SEATS,
  phase: (state) => state.phase,
  awaitsDeal: (state) => state.phase === 'deal',
  toAct,
  isOver: (state) => state.phase === 'over',
  randomDeal,
  parseDeal,
  applyDeal,
  legalActions,
  parseAction,
  apply,
  viewFor,
  outcome,
};
