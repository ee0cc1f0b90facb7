/**
 * Classic 2-player Klaberjass (rule source 003, the "Hoyle" rules). Decisions: docs/rules/klaberjass.md.
 */
import { type Card, SUITS, type Suit } from '../core/cards.ts';
import type { Game, Seat } from '../core/game.ts';
import { err, isObject, ok, type Result } from '../core/result.ts';
import type { Rng } from '../core/rng.ts';
import {
  FOLLOW_RULES,
  legalWord,
  NO_HANDLER,
  type PhaseHandler,
  type PhaseHandlers,
} from '../kernel/index.ts';
import {
  ACCEPT,
  ANNOUNCE,
  ANSWER,
  EXCHANGE,
  type KlaberjassAction,
  NAME,
  PASS,
  PLAY,
  PLAY_BELLA,
  parseAction,
  REFUSE,
  SCHMEISS,
  TAKE,
  TOP,
  type Verdict,
} from './actions.ts';
import {
  beats,
  bestKey,
  CARDS,
  cardPoints,
  countedSequences,
  indexOf,
  isDeckCard,
  POS,
  suitMask,
  TRUMP_STRENGTH,
} from './cards.ts';
import { parseConfig } from './config.ts';
import type {
  DealPart,
  KlaberjassConfig,
  KlaberjassDeal,
  KlaberjassDealResult,
  KlaberjassOutcome,
  KlaberjassPhase,
  KlaberjassState,
  KlaberjassView,
  PlayNode,
  Said,
} from './types.ts';
import { viewFor } from './view.ts';

type State = KlaberjassState;

const ALL = 0xffffffff | 0;
const NONE: readonly Seat[] = [];
const NO_ACTIONS: readonly KlaberjassAction[] = [];
const TO_ACT: readonly (readonly Seat[])[] = [[0], [1]];
const RUFF = FOLLOW_RULES['ruff-overtrump'];
const BID1: readonly KlaberjassAction[] = [TAKE, PASS, SCHMEISS];
const ANSWER_SCHMEISS: readonly KlaberjassAction[] = [ACCEPT, REFUSE];
const EXCHANGE_OR_PASS: readonly KlaberjassAction[] = [EXCHANGE, PASS];
const ONLY_PASS: readonly KlaberjassAction[] = [PASS];
/** Second round: any suit but the turned one, or pass. By turned suit. */
const BID2: readonly (readonly KlaberjassAction[])[] = [0, 1, 2, 3].map((t) => [
  ...NAME.filter((_, s) => s !== t),
  PASS,
]);
/** Within a suit byte: positions whose trump strength is above the given position's. */
const TRUMP_ABOVE: readonly number[] = TRUMP_STRENGTH.map((v) =>
  TRUMP_STRENGTH.reduce((m, w, p) => (w > v ? m | (1 << p) : m), 0),
);

/** The per-deal part of a state before any card is dealt. */
const NO_DEAL: DealPart = {
  extra: [0, 0],
  stock: 0,
  turned: -1,
  bids: [],
  schmeisser: -1,
  maker: -1,
  trump: -1,
  sevenHolder: -1,
  exchanged: false,
  talk: [],
  seqKeys: [0, 0],
  seqStep: 0,
  seqWinner: -1,
  startHands: [0, 0],
  bellaHolder: -1,
  lastTrick: -1,
};

export function start(config: KlaberjassConfig, dealer: Seat): State {
  return {
    phase: 'deal',
    turn: -1,
    hands: [0, 0],
    played: 0,
    plays: null,
    lead: -1,
    leader: -1,
    points: [0, 0],
    bella: -1,
    d: NO_DEAL,
    m: {
      config,
      dealer: dealer === 1 ? 1 : 0,
      scores: [0, 0],
      results: [],
      thrownIn: 0,
      throwIn: null,
      schmeissed: [],
    },
  };
}

// ---- deals ----

const DECK_SCRATCH = new Int8Array(32);

export function randomDeal(state: State, rng: Rng): KlaberjassDeal {
  // Exactly the steps of core shuffle(DECK32, rng), in place on card indices (DECK32 is in index order).
  const x = DECK_SCRATCH;
  for (let i = 0; i < 32; i++) x[i] = i;
  for (let i = 31; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = x[i];
    x[i] = x[j];
    x[j] = t;
  }
  const C = CARDS;
  // 003: six cards each in packets of three, non-dealer first; the 13th turned; then three more each.
  const nd = [C[x[0]], C[x[1]], C[x[2]], C[x[6]], C[x[7]], C[x[8]], C[x[13]], C[x[14]], C[x[15]]];
  const dl = [C[x[3]], C[x[4]], C[x[5]], C[x[9]], C[x[10]], C[x[11]], C[x[16]], C[x[17]], C[x[18]]];
  const stock = [
    C[x[12]],
    C[x[19]],
    C[x[20]],
    C[x[21]],
    C[x[22]],
    C[x[23]],
    C[x[24]],
    C[x[25]],
    C[x[26]],
    C[x[27]],
    C[x[28]],
    C[x[29]],
    C[x[30]],
    C[x[31]],
  ];
  return { hands: state.m.dealer === 0 ? [dl, nd] : [nd, dl], stock };
}

export function parseDeal(_state: State, input: unknown): Result<KlaberjassDeal> {
  if (!isObject(input)) return err('bad-deal', 'a deal is an object { hands, stock }');
  const { hands, stock } = input;
  if (!Array.isArray(hands) || hands.length !== 2 || !hands.every((h) => Array.isArray(h) && h.length === 9))
    return err('bad-deal', 'hands must be two lists of 9 cards (6 dealt first, then the 3 extra cards)');
  if (!Array.isArray(stock) || stock.length !== 14)
    return err('bad-deal', 'stock must list 14 cards: the turned card first, then the rest top first');
  const seen = new Set<string>();
  for (const c of [...hands.flat(), ...stock]) {
    if (!isDeckCard(c)) return err('bad-deal', `${JSON.stringify(c)} is not a card of the 32-card deck`);
    if (seen.has(c)) return err('bad-deal', `${c} is dealt twice`);
    seen.add(c);
  }
  return ok({ hands: hands.map((h) => [...h]), stock: [...stock] });
}

export function applyDeal(state: State, deal: KlaberjassDeal): Result<State> {
  if (state.phase === 'over') return err('game-over', 'the match is over');
  if (state.phase !== 'deal') return err('wrong-phase', `no deal is due in phase ${state.phase}`);
  const { hands, stock } = deal;
  if (hands?.length !== 2 || hands[0]?.length !== 9 || hands[1]?.length !== 9 || stock?.length !== 14)
    return err('bad-deal', 'a deal is two hands of 9 cards and a stock of 14 cards');
  const h0 = setOf(hands[0], 0, 6);
  const h1 = setOf(hands[1], 0, 6);
  const e0 = setOf(hands[0], 6, 9);
  const e1 = setOf(hands[1], 6, 9);
  const st = setOf(stock, 0, 14);
  // An unknown card adds no bit: only 32 known cards, each dealt exactly once, make the whole deck.
  if ((h0 | h1 | e0 | e1 | st) !== ALL)
    return err('bad-deal', 'every card of the 32-card deck must be dealt exactly once');
  const turned = indexOf(stock[0]);
  const d: DealPart = {
    extra: [e0, e1],
    stock: st & ~(1 << turned),
    turned,
    bids: NO_DEAL.bids,
    schmeisser: -1,
    maker: -1,
    trump: -1,
    sevenHolder: -1,
    exchanged: false,
    talk: NO_DEAL.talk,
    seqKeys: NO_DEAL.seqKeys,
    seqStep: 0,
    seqWinner: -1,
    startHands: NO_DEAL.startHands,
    bellaHolder: -1,
    lastTrick: -1,
  };
  const m = state.m;
  return ok({
    ...state,
    phase: 'bid',
    turn: 1 - state.m.dealer,
    hands: [h0, h1],
    played: 0,
    plays: null,
    lead: -1,
    leader: -1,
    points: [0, 0],
    bella: -1,
    d,
    m,
  });
}

/** The set of `cards[from .. to - 1]`; anything that is not a card adds nothing. */
function setOf(cards: readonly Card[], from: number, to: number): number {
  let set = 0;
  for (let i = from; i < to; i++) {
    const k = indexOf(cards[i]);
    if (k >= 0) set |= 1 << k;
  }
  return set;
}

// ---- legal actions ----

/**
 * The cards `seat` may play, as a set (003: "müssen Klage immer folgen, wenn fähig; andernfalls muß er Trumpf";
 * on a trump lead "den Trick nehmen, wenn möglich"): the kernel's `ruff-overtrump` policy. The second of
 * two cards never meets a ruffed trick, so its overtrump duty is the trump lead's.
 */
export function legalPlays(s: State, seat: Seat): number {
  const hand = s.hands[seat];
  if (s.lead < 0) return hand;
  // Performance shortcut, the one of this function: `ruff-overtrump` written out for the second of two
  // cards (no ruffed trick to meet); equal to the kernel's `legalWord` and card-level `legalCards`
  // (test/kernel.fast.test.ts).
  const led = s.lead >> 3;
  const follow = hand & suitMask(led);
  if (follow !== 0) {
    if (led !== s.d.trump) return follow;
    const higher = follow & (TRUMP_ABOVE[s.lead & 7] << (led * 8));
    return higher !== 0 ? higher : follow;
  }
  const trumps = hand & suitMask(s.d.trump);
  return trumps !== 0 ? trumps : hand;
}

/** `legalPlays` through the kernel's policy table: the generic form the shortcut is tested against. */
export function legalPlaysByPolicy(s: State, seat: Seat): number {
  const hand = s.hands[seat];
  if (s.lead < 0) return hand;
  const t = s.d.trump;
  const led = s.lead >> 3;
  const higher = led === t ? TRUMP_ABOVE[s.lead & 7] << (t * 8) : suitMask(t);
  return legalWord(RUFF, hand, suitMask(led), suitMask(t), higher, 0, false);
}

const bellaAllowed = (s: State, seat: Seat, card: number): boolean => {
  if (seat !== s.d.bellaHolder || card >> 3 !== s.d.trump) return false;
  const p = card & 7;
  if (p === POS.king) return (s.played & (1 << (card - 1))) !== 0;
  if (p === POS.queen) return (s.played & (1 << (card + 1))) !== 0;
  return false;
};

const nonDealer = (s: State): Seat => 1 - s.m.dealer;

/** Classes, top positions and trump flags of the two best sequences, from their keys. */
const keyClass = (k: number): number => (k - 1) >> 6;
const keyTop = (k: number): number => ((k - 1) & 63) >> 1;
const keyTrump = (k: number): number => (k - 1) & 1;
/** The value (20 or 50) of the best sequence behind a key: its class is the value, or the length. */
const announceValue = (s: State, seat: Seat): 20 | 50 => {
  const c = keyClass(s.d.seqKeys[seat]);
  return c >= 50 || (c >= 4 && c < 20) ? 50 : 20;
};

function seqExpected(s: State): KlaberjassAction {
  const nd = nonDealer(s);
  const kn = s.d.seqKeys[nd];
  const kd = s.d.seqKeys[s.m.dealer];
  switch (s.d.seqStep) {
    case 0:
      return kn !== 0 ? ANNOUNCE[announceValue(s, nd)] : PASS;
    case 1:
      return ANSWER[cmpVerdict(keyClass(kn), kd === 0 ? -1 : keyClass(kd))];
    case 2:
      return TOP[keyTop(kn)];
    case 3:
      return ANSWER[cmpVerdict(keyTop(kn), keyTop(kd))];
    default:
      return kd !== 0 ? ANNOUNCE[announceValue(s, s.m.dealer)] : PASS;
  }
}

/** The dealer's truthful answer: his own holding against the non-dealer's statement. */
const cmpVerdict = (ndValue: number, dealerValue: number): Verdict =>
  dealerValue < ndValue ? 'good' : dealerValue > ndValue ? 'not-good' : 'equal';

export function legalActions(s: State, seat: Seat): readonly KlaberjassAction[] {
  if (seat !== s.turn) return NO_ACTIONS;
  // Shortcut (kernel phases.ts): the hottest phase's handler by name, the others through the table.
  if (s.phase === 'play') return PLAY_HANDLER.legal(s, seat);
  return HANDLERS[s.phase].legal(s, seat);
}

/** Each sequence-talk action as a list of itself: the talk has exactly one legal action. */
const ALONE: ReadonlyMap<KlaberjassAction, readonly KlaberjassAction[]> = new Map(
  [PASS, ANNOUNCE[20], ANNOUNCE[50], ...Object.values(ANSWER), ...TOP].map((a) => [a, [a]]),
);

/** The play actions of each suit's cards, interned: `BY_SUIT[suit * 256 + byte]`, lowest card first. */
const BY_SUIT: readonly (readonly KlaberjassAction[])[] = Array.from({ length: 4 * 256 }, (_, i) =>
  PLAY.filter((_, c) => c >> 3 === i >> 8 && (i & 255 & (1 << (c & 7))) !== 0),
);

/** Trump King and Queen by trump suit: the cards Bella may come with. */
const BELLA_PAIR: readonly number[] = [0, 1, 2, 3].map(
  (t) => (1 << (t * 8 + POS.king)) | (1 << (t * 8 + POS.queen)),
);

/** The play actions for the cards `seat` may play, lowest card first; a Bella claim right after its card. */
function playList(s: State, seat: Seat): readonly KlaberjassAction[] {
  const m = legalPlays(s, seat);
  if (seat === s.d.bellaHolder && (m & BELLA_PAIR[s.d.trump]) !== 0) {
    const out: KlaberjassAction[] = [];
    for (let rest = m; rest !== 0; rest &= rest - 1) {
      const i = 31 - Math.clz32(rest & -rest);
      out.push(PLAY[i]);
      if (bellaAllowed(s, seat, i)) out.push(PLAY_BELLA[i]);
    }
    return out;
  }
  const b0 = m & 0xff;
  const b1 = (m >>> 8) & 0xff;
  const b2 = (m >>> 16) & 0xff;
  const b3 = m >>> 24;
  // Following suit, or trumping: one suit, an interned list.
  if ((b1 | b2 | b3) === 0) return BY_SUIT[b0];
  if ((b0 | b2 | b3) === 0) return BY_SUIT[256 + b1];
  if ((b0 | b1 | b3) === 0) return BY_SUIT[512 + b2];
  if ((b0 | b1 | b2) === 0) return BY_SUIT[768 + b3];
  const l0 = BY_SUIT[b0];
  const l1 = BY_SUIT[256 + b1];
  const l2 = BY_SUIT[512 + b2];
  const l3 = BY_SUIT[768 + b3];
  const out: KlaberjassAction[] = new Array(l0.length + l1.length + l2.length + l3.length);
  let k = 0;
  for (let i = 0; i < l0.length; i++) out[k++] = l0[i];
  for (let i = 0; i < l1.length; i++) out[k++] = l1[i];
  for (let i = 0; i < l2.length; i++) out[k++] = l2[i];
  for (let i = 0; i < l3.length; i++) out[k++] = l3[i];
  return out;
}

// ---- apply ----

const said = (s: State, seat: Seat, action: KlaberjassAction): readonly Said[] => [
  ...s.d.bids,
  { seat, action },
];

const throwIn = (s: State, seat: Seat, action: KlaberjassAction, why: 'schmeiss' | 'passed'): State => ({
  ...s,
  phase: 'deal',
  turn: -1,
  d: { ...s.d, bids: said(s, seat, action) },
  m: {
    ...s.m,
    thrownIn: s.m.thrownIn + 1,
    throwIn: why,
    schmeissed: why === 'schmeiss' ? [...s.m.schmeissed, s.d.schmeisser] : s.m.schmeissed,
  },
});

/** Trump is fixed: the three extra cards come, then the trump-7 exchange or the sequence talk. */
function fixTrump(s: State, bids: readonly Said[], maker: Seat, trump: number): State {
  const hands = [s.hands[0] | s.d.extra[0], s.hands[1] | s.d.extra[1]];
  const seven = trump * 8 + POS.seven;
  let holder = -1;
  if (s.d.turned !== seven) holder = (hands[0] >> seven) & 1 ? 0 : (hands[1] >> seven) & 1 ? 1 : -1;

  const next: State = { ...s, hands, d: { ...s.d, bids, maker, trump, extra: [0, 0], sevenHolder: holder } };
  // Both seats are asked, non-dealer first, so that a pass does not tell where the 7 is.
  if (s.d.turned !== seven) return { ...next, phase: 'exchange', turn: nonDealer(s) };
  return startSequences(next);
}

function startSequences(s: State): State {
  const mode = s.m.config.options.sequences;
  const key = (seat: Seat): number => bestKey(s.hands[seat], s.d.trump, mode);
  return {
    ...s,
    phase: 'sequences',
    turn: nonDealer(s),
    d: { ...s.d, seqKeys: [key(0), key(1)], seqStep: 0 },
  };
}

function startPlay(s: State, talk: readonly Said[], winner: number): State {
  const k = s.d.trump * 8 + POS.king;
  const q = s.d.trump * 8 + POS.queen;
  const both = (1 << k) | (1 << q);
  const holder = (s.hands[0] & both) === both ? 0 : (s.hands[1] & both) === both ? 1 : -1;
  return {
    ...s,
    phase: 'play',
    turn: nonDealer(s),
    d: { ...s.d, talk, seqWinner: winner, startHands: s.hands, bellaHolder: holder },
  };
}

function applySequences(s: State, seat: Seat, action: KlaberjassAction): State {
  const talk = [...s.d.talk, { seat, action }];
  const nd = nonDealer(s);
  switch (s.d.seqStep) {
    case 0:
      return action.t === 'pass'
        ? { ...s, d: { ...s.d, talk, seqStep: 4 }, turn: s.m.dealer }
        : { ...s, d: { ...s.d, talk, seqStep: 1 }, turn: s.m.dealer };
    case 1:
    case 3: {
      const v = (action as { verdict: Verdict }).verdict;
      if (v === 'good') return startPlay(s, talk, nd);
      if (v === 'not-good') return startPlay(s, talk, s.m.dealer);
      if (s.d.seqStep === 1) return { ...s, d: { ...s.d, talk, seqStep: 2 }, turn: nd };
      // Same class and same top card: the trump sequence wins, else the non-dealer (003).
      return startPlay(
        s,
        talk,
        keyTrump(s.d.seqKeys[s.m.dealer]) > keyTrump(s.d.seqKeys[nd]) ? s.m.dealer : nd,
      );
    }
    case 2:
      return { ...s, d: { ...s.d, talk, seqStep: 3 }, turn: s.m.dealer };
    default:
      return startPlay(s, talk, action.t === 'pass' ? -1 : s.m.dealer);
  }
}

function applyPlay(s: State, seat: Seat, card: number, bella: boolean): Result<State> {
  if ((s.hands[seat] & (1 << card)) === 0) return err('illegal-action', `${CARDS[card]} is not in your hand`);
  if ((legalPlays(s, seat) & (1 << card)) === 0)
    return err(
      'illegal-action',
      s.lead >> 3 === s.d.trump && (s.hands[seat] & suitMask(s.d.trump)) !== 0
        ? `${CARDS[card]} is not allowed: follow trump and head the trick if you can`
        : `${CARDS[card]} is not allowed: follow suit, else trump`,
    );
  if (bella && !bellaAllowed(s, seat, card))
    return err(
      'illegal-action',
      'Bella is claimed with the second of trump King and Queen, by the seat that held both',
    );
  const h0 = seat === 0 ? s.hands[0] & ~(1 << card) : s.hands[0];
  const h1 = seat === 1 ? s.hands[1] & ~(1 << card) : s.hands[1];
  const plays: PlayNode = { play: card | (seat << 5), prev: s.plays };
  const played = s.played | (1 << card);
  const bellaSeat = bella ? seat : s.bella;
  // Every field written out in the order of `start` (the hottest path; a spread costs more here).
  if (s.lead < 0)
    return ok({
      phase: s.phase,
      turn: 1 - seat,
      hands: [h0, h1],
      played,
      plays,
      lead: card,
      leader: seat,
      points: s.points,
      bella: bellaSeat,
      d: s.d,
      m: s.m,
    });
  const trump = s.d.trump;
  const winner = beats(card, s.lead, trump) ? seat : s.leader;
  const pts = cardPoints(card, trump) + cardPoints(s.lead, trump);
  const points = winner === 0 ? [s.points[0] + pts, s.points[1]] : [s.points[0], s.points[1] + pts];
  const next: State = {
    phase: s.phase,
    turn: winner,
    hands: [h0, h1],
    played,
    plays,
    lead: -1,
    leader: -1,
    points,
    bella: bellaSeat,
    d: s.d,
    m: s.m,
  };
  return ok(h0 === 0 && h1 === 0 ? finishDeal(next, winner) : next);
}

/**
 * What each seat scores from a deal's totals (003): "Wenn der Trumpfhersteller die höhere Kerbe hat, zählt
 * ... jeder Spieler seine volle Kerbe, aber im Falle eines Riegels, der Trumpfhersteller nichts, während sein
 * Konkurrent seine eigene Gesamtmenge zählt. Wenn der Nichthersteller die höhere Kerbe hat, erhält er seine
 * Selbst- und Kerbe seines Konkurrenten."
 */
export function scoreDeal(totals: readonly number[], maker: Seat): number[] {
  const o = 1 - maker;
  const scored = [0, 0];
  if (totals[maker] > totals[o]) {
    scored[maker] = totals[maker];
    scored[o] = totals[o];
  } else if (totals[maker] === totals[o]) scored[o] = totals[o];
  else scored[o] = totals[maker] + totals[o];
  return scored;
}

/** The last trick's two cards in play order, from the newest play back. */
function lastPlays(plays: State['plays']): { seat: Seat; card: Card }[] {
  const out: { seat: Seat; card: Card }[] = [];
  for (let n = plays; n !== null && out.length < 2; n = n.prev)
    out.unshift({ seat: n.play >> 5, card: CARDS[n.play & 31] });
  return out;
}

function finishDeal(s: State, last: Seat): State {
  const seq = countedSequences(s.d.seqWinner, s.d.startHands);
  const total = (p: Seat): number =>
    s.points[p] + (p === last ? 10 : 0) + (p === seq.seat ? seq.points : 0) + (p === s.bella ? 20 : 0);
  const totals = [total(0), total(1)];
  const m = s.d.maker;
  const scored = scoreDeal(totals, m);
  const result: KlaberjassDealResult = {
    dealer: s.m.dealer,
    maker: m,
    trump: SUITS[s.d.trump],
    turned: CARDS[s.d.turned],
    exchange: s.d.exchanged ? s.d.sevenHolder : null,
    sequences: seq,
    bella: s.bella >= 0 ? s.bella : null,
    lastTrick: last,
    lastCards: lastPlays(s.plays),
    cardPoints: [s.points[0], s.points[1]],
    totals,
    scored,
    winner: totals[m] > totals[1 - m] ? m : 1 - m,
    thrownIn: s.m.thrownIn,
    // A played deal with a schmeiss said: it was refused (an accepted one throws the deal in).
    schmeiss: { accepted: s.m.schmeissed, refused: s.d.schmeisser >= 0 ? s.d.schmeisser : null },
  };
  const scores = [s.m.scores[0] + scored[0], s.m.scores[1] + scored[1]];
  const target = s.m.config.options.target;
  // 003: to 500; if both pass it in one deal the higher total wins. Equal totals: another deal.
  const over = Math.max(scores[0], scores[1]) >= target && scores[0] !== scores[1];
  return {
    ...s,
    phase: over ? 'over' : 'deal',
    turn: -1,
    points: [s.points[0] + (last === 0 ? 10 : 0), s.points[1] + (last === 1 ? 10 : 0)],
    d: { ...s.d, lastTrick: last },
    m: {
      ...s.m,
      scores,
      results: [...s.m.results, result],
      thrownIn: 0,
      throwIn: null,
      schmeissed: [],
      dealer: over ? s.m.dealer : 1 - s.m.dealer,
    },
  };
}

const wrong = (s: State, t: unknown): Result<State> =>
  err('illegal-action', `${String(t)} is not allowed in phase ${s.phase}`);

export function apply(s: State, seat: Seat, action: KlaberjassAction): Result<State> {
  if (seat !== 0 && seat !== 1) return err('bad-seat', `seat ${seat} does not exist at a table of 2`);
  if (s.phase === 'over') return err('game-over', 'the match is over');
  if (s.phase === 'deal') return err('wrong-phase', 'a deal is due first');
  if (seat !== s.turn) return err('not-your-turn', `seat ${s.turn} is to act`);
  if (s.phase === 'play') return PLAY_HANDLER.apply(s, seat, action);
  return HANDLERS[s.phase].apply(s, seat, action);
}

const PLAY_HANDLER: PhaseHandler<State, KlaberjassAction> = {
  legal: playList,
  apply(s, seat, action) {
    const t = action?.t;
    if (t !== 'play') return wrong(s, t);
    const card = indexOf((action as { card: Card }).card);
    if (card < 0) return err('malformed', 'play needs a card of the 32-card deck');
    return applyPlay(s, seat, card, (action as { bella?: boolean }).bella === true);
  },
};

/** One handler per phase (kernel phases.ts); `apply` has checked seat, turn and that the match is on. */
const HANDLERS: PhaseHandlers<KlaberjassPhase, State, KlaberjassAction> = {
  deal: NO_HANDLER,
  over: NO_HANDLER,
  bid: {
    legal: () => BID1,
    apply(s, seat, action) {
      const t = action?.t;
      if (t === 'take') return ok(fixTrump(s, said(s, seat, TAKE), seat, s.d.turned >> 3));
      if (t === 'schmeiss')
        return ok({
          ...s,
          phase: 'schmeiss',
          d: { ...s.d, bids: said(s, seat, SCHMEISS), schmeisser: seat },
          turn: 1 - seat,
        });
      if (t === 'pass') {
        if (seat !== s.m.dealer)
          return ok({ ...s, d: { ...s.d, bids: said(s, seat, PASS) }, turn: s.m.dealer });
        return ok({ ...s, phase: 'bid2', d: { ...s.d, bids: said(s, seat, PASS) }, turn: nonDealer(s) });
      }
      return wrong(s, t);
    },
  },
  schmeiss: {
    legal: () => ANSWER_SCHMEISS,
    apply(s, seat, action) {
      // 003: the dealer accepts (hands thrown in) or refuses (play on in the turned suit); likewise the
      // non-dealer when the dealer schmeisses. The schmeisser is then the maker.
      const t = action?.t;
      if (t === 'accept') return ok(throwIn(s, seat, ACCEPT, 'schmeiss'));
      if (t === 'refuse') return ok(fixTrump(s, said(s, seat, REFUSE), s.d.schmeisser, s.d.turned >> 3));
      return wrong(s, t);
    },
  },
  bid2: {
    legal: (s) => BID2[s.d.turned >> 3],
    apply(s, seat, action) {
      const t = action?.t;
      if (t === 'name') {
        const suit = SUITS.indexOf((action as { suit: Suit }).suit);
        if (suit < 0) return err('malformed', 'name needs a suit');
        if (suit === s.d.turned >> 3)
          return err('illegal-action', 'the second round names another suit than the turned one');
        return ok(fixTrump(s, said(s, seat, NAME[suit]), seat, suit));
      }
      if (t === 'pass') {
        if (seat !== s.m.dealer)
          return ok({ ...s, d: { ...s.d, bids: said(s, seat, PASS) }, turn: s.m.dealer });
        return ok(throwIn(s, seat, PASS, 'passed'));
      }
      return wrong(s, t);
    },
  },
  exchange: {
    legal: (s, seat) => (seat === s.d.sevenHolder ? EXCHANGE_OR_PASS : ONLY_PASS),
    apply(s, seat, action) {
      const t = action?.t;
      if (t === 'pass') return ok(seat === s.m.dealer ? startSequences(s) : { ...s, turn: s.m.dealer });
      if (t !== 'exchange') return wrong(s, t);
      if (seat !== s.d.sevenHolder)
        return err('illegal-action', 'only the holder of the trump 7 may exchange it');
      const seven = s.d.trump * 8 + POS.seven;
      const hands = [...s.hands];
      hands[seat] = (hands[seat] & ~(1 << seven)) | (1 << s.d.turned);
      return ok(startSequences({ ...s, hands, d: { ...s.d, exchanged: true } }));
    },
  },
  sequences: {
    legal: (s) => ALONE.get(seqExpected(s)) ?? [seqExpected(s)],
    apply(s, seat, action) {
      const expected = seqExpected(s);
      if (!sameAction(expected, action))
        return err(
          'illegal-action',
          `the sequence talk goes by the cards held: say ${JSON.stringify(expected)} (see docs/rules/klaberjass.md)`,
        );
      return ok(applySequences(s, seat, expected));
    },
  },
  play: PLAY_HANDLER,
};

const sameAction = (a: KlaberjassAction, b: KlaberjassAction): boolean => {
  if (a === b) return true;
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  return x.t === y.t && x.value === y.value && x.verdict === y.verdict && x.rank === y.rank;
};

// ---- the game ----

const toAct = (s: State): readonly Seat[] => (s.turn < 0 ? NONE : TO_ACT[s.turn]);

export function outcome(s: State): KlaberjassOutcome {
  const over = s.phase === 'over';
  return {
    deals: s.m.results,
    scores: s.m.scores,
    over,
    winners: over ? [s.m.scores[0] > s.m.scores[1] ? 0 : 1] : [],
  };
}

export const klaberjass: Game<
  KlaberjassConfig,
  KlaberjassState,
  KlaberjassAction,
  KlaberjassDeal,
  KlaberjassView,
  KlaberjassOutcome
> = {
  id: 'klaberjass',
  parseConfig,
  start,
  config: (s) => s.m.config,
  seats: () => 2,
  phase: (s): KlaberjassPhase => s.phase,
  awaitsDeal: (s) => s.phase === 'deal',
  toAct,
  isOver: (s) => s.phase === 'over',
  randomDeal,
  parseDeal,
  applyDeal,
  legalActions,
  parseAction,
  apply,
  viewFor,
  outcome,
};
