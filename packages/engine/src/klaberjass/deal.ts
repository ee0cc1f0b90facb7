/**
 * Klaberjass dealing (003), the kernel's `dealing` hook: the shuffle, six cards each and the turned card,
 * the three more after trump (kept aside in `own.extra` until then), the stock.
 */
import type { Card } from '../core/cards.ts';
import { err, isObject, ok } from '../core/result.ts';
import { type OwnDealing, phased, shuffled } from '../kernel/index.ts';
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

/**
 * A deal drawn here (`DEALING.draw`): the public deal, and its card sets as drawn.
 *
 * The performance shortcut of this module (the one): `held` and `beginDeal` take these sets instead of
 * parsing the deal's 32 card strings back and checking them, which self-play did for every deal it drew
 * (0.7 µs of some 6 µs a deal). The sets are the deal object's own private fields, no memo beside it: a
 * deal of any other origin (parsed, a record's, a client's, a copy or a spread of a drawn one) is a plain
 * object and is checked card by card. A drawn deal is read-only (its type says so). Equal either way:
 * test/kernel.override.test.ts ("a drawn deal = its copy").
 */
class Drawn implements KlaberjassDeal {
  readonly hands: readonly (readonly Card[])[];
  readonly stock: readonly Card[];
  /** Each seat's first six cards and three extra cards, the stock below the turned card, the turned card. */
  readonly #h0: number;
  readonly #h1: number;
  readonly #e0: number;
  readonly #e1: number;
  readonly #rest: number;
  readonly #turned: number;

  constructor(
    hands: readonly (readonly Card[])[],
    stock: readonly Card[],
    h0: number,
    h1: number,
    e0: number,
    e1: number,
    rest: number,
    turned: number,
  ) {
    this.hands = hands;
    this.stock = stock;
    this.#h0 = h0;
    this.#h1 = h1;
    this.#e0 = e0;
    this.#e1 = e1;
    this.#rest = rest;
    this.#turned = turned;
  }

  /** The `held` words of a drawn deal, null for any other. */
  static held(deal: KlaberjassDeal): number[] | null {
    return #h0 in deal ? heldOf(deal.#h0, deal.#h1) : null;
  }

  /** The deal's part of `own` (`beginDeal`) from a drawn deal's sets, null for any other. */
  static own(deal: KlaberjassDeal, s: State): KlaberjassOwn | null {
    return #h0 in deal ? ownOf(s, deal.#e0, deal.#e1, deal.#rest, deal.#turned) : null;
  }
}

/** The set of the cards `x[from .. to - 1]` (card indices). */
function setAt(x: Int8Array, from: number, to: number): number {
  let set = 0;
  for (let i = from; i < to; i++) set |= 1 << x[i];
  return set;
}

export const DEALING: OwnDealing<State, KlaberjassDeal> = {
  draw(state, rng) {
    // The kernel's shuffle of the deck's card indices (the steps of core shuffle(JASS32.cards, rng)).
    const x = shuffled(32, rng);
    // 003: six cards each in packets of three, non-dealer first; the 13th turned; then three more each.
    const C = CARDS;
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
    const n6 = setAt(x, 0, 3) | setAt(x, 6, 9);
    const d6 = setAt(x, 3, 6) | setAt(x, 9, 12);
    const n3 = setAt(x, 13, 16);
    const d3 = setAt(x, 16, 19);
    const rest = setAt(x, 19, 32);
    return state.dealer === 0
      ? new Drawn([dl, nd], stock, d6, n6, d3, n3, rest, x[12])
      : new Drawn([nd, dl], stock, n6, d6, n3, d3, rest, x[12]);
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
  held(_state, deal) {
    const drawn = Drawn.held(deal);
    if (drawn) return ok(drawn);
    const { hands, stock } = deal;
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

/** The deal's part of `own`: the extra cards, the stock below the turned card; the throw-ins go on. */
function ownOf(s: State, e0: number, e1: number, rest: number, turned: number): KlaberjassOwn {
  return {
    ...INITIAL,
    extra: [e0, e1],
    stock: rest,
    turned,
    thrownIn: s.own.thrownIn,
    throwIn: s.own.throwIn,
    schmeissed: s.own.schmeissed,
  };
}

/** The state just dealt (the kernel set the hands and the non-dealer to act): the bidding begins. */
export function beginDeal(s: State, deal: KlaberjassDeal): State {
  return phased(s, 'bid', s.held, s.turn, Drawn.own(deal, s) ?? ownOfCards(s, deal));
}

/** `ownOf` of a deal's card strings (checked by `held`). */
function ownOfCards(s: State, { hands, stock }: KlaberjassDeal): KlaberjassOwn {
  const turned = indexOf(stock[0]);
  return ownOf(s, setOf(hands[0], 6, 9), setOf(hands[1], 6, 9), setOf(stock, 0, 14) & ~(1 << turned), turned);
}
