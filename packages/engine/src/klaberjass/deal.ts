/**
 * Klaberjass dealing (003): the shuffle, six cards each and the turned card, the three more after trump.
 */
import type { Card } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { err, isObject, ok, type Result } from '../core/result.ts';
import type { Rng } from '../core/rng.ts';
import { CARDS, indexOf, isDeckCard } from './cards.ts';
import type { DealPart, KlaberjassConfig, KlaberjassDeal, KlaberjassState } from './types.ts';

type State = KlaberjassState;

const ALL = 0xffffffff | 0;

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
