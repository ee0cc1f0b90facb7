/**
 * Klaberjass dealing (003), the kernel's `dealing` hook: the shuffle, six cards each and the turned card,
 * the three more after trump (kept aside in `own.extra` until then), the stock.
 */
import type { Card } from '../core/cards.ts';
import { err, isObject, ok } from '../core/result.ts';
import type { OwnDealing } from '../kernel/index.ts';
import { CARDS, indexOf, isDeckCard } from './cards.ts';
import type { KlaberjassDeal, KlaberjassOwn, KlaberjassState } from './types.ts';

type State = KlaberjassState;

const ALL = 0xffffffff | 0;

/** The game's part before any card is dealt. */
export const INITIAL: KlaberjassOwn = {
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
  bella: -1,
  thrownIn: 0,
  throwIn: null,
  schmeissed: [],
};

const DECK_SCRATCH = new Int8Array(32);

/**
 * The kernel's `held` words of two 32-bit hands, an array of doubles from the start as the kernel's own
 * (game.ts `WORDS`): a word with bit 31 set is no small integer to V8, and arrays of both element kinds
 * made every play step slower.
 */
export function heldOf(h0: number, h1: number): number[] {
  const held = [0.5, 0, 0.5, 0];
  held[0] = h0;
  held[2] = h1;
  return held;
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

export const DEALING: OwnDealing<State, KlaberjassDeal> = {
  draw(state, rng) {
    // Exactly the steps of core shuffle(DECK32, rng), in place on card indices (DECK32 is in index order).
    const x = DECK_SCRATCH;
    for (let i = 0; i < 32; i++) x[i] = i;
    for (let i = 31; i > 0; i--) {
      const j = rng.int(i + 1);
      const t = x[i];
      x[i] = x[j];
      x[j] = t;
    }
    // 003: six cards each in packets of three, non-dealer first; the 13th turned; then three more each.
    const C = CARDS;
    const nd = [C[x[0]], C[x[1]], C[x[2]], C[x[6]], C[x[7]], C[x[8]], C[x[13]], C[x[14]], C[x[15]]];
    const dl = [C[x[3]], C[x[4]], C[x[5]], C[x[9]], C[x[10]], C[x[11]], C[x[16]], C[x[17]], C[x[18]]];
    const stock = [C[x[12]]];
    for (let i = 19; i < 32; i++) stock.push(C[x[i]]);
    return { hands: state.dealer === 0 ? [dl, nd] : [nd, dl], stock };
  },
  parse(_state, input) {
    if (!isObject(input)) return err('bad-deal', 'a deal is an object { hands, stock }');
    const { hands, stock } = input;
    if (
      !Array.isArray(hands) ||
      hands.length !== 2 ||
      !hands.every((h) => Array.isArray(h) && h.length === 9)
    )
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
  },
  held(_state, { hands, stock }) {
    if (hands?.length !== 2 || hands[0]?.length !== 9 || hands[1]?.length !== 9 || stock?.length !== 14)
      return err('bad-deal', 'a deal is two hands of 9 cards and a stock of 14 cards');
    const h0 = setOf(hands[0], 0, 6);
    const h1 = setOf(hands[1], 0, 6);
    // An unknown card adds no bit: only 32 known cards, each dealt exactly once, make the whole deck.
    if ((h0 | h1 | setOf(hands[0], 6, 9) | setOf(hands[1], 6, 9) | setOf(stock, 0, 14)) !== ALL)
      return err('bad-deal', 'every card of the 32-card deck must be dealt exactly once');
    return ok(heldOf(h0, h1));
  },
};

/** The state just dealt (the kernel set the hands and the non-dealer to act): the bidding begins. */
export function beginDeal(s: State, { hands, stock }: KlaberjassDeal): State {
  const turned = indexOf(stock[0]);
  const own: KlaberjassOwn = {
    ...INITIAL,
    extra: [setOf(hands[0], 6, 9), setOf(hands[1], 6, 9)],
    stock: setOf(stock, 0, 14) & ~(1 << turned),
    turned,
    thrownIn: s.own.thrownIn,
    throwIn: s.own.throwIn,
    schmeissed: s.own.schmeissed,
  };
  return { ...s, phase: 'bid', own };
}
