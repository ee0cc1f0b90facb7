/**
 * A Klapper-Jas deal begins: the match's start, the shuffle, the packets dealt from the deck order, a deal's
 * input checked and converted to bits, and the state of the Orgi round it opens.
 */

import type { Card } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { err, isObject, ok, type Result } from '../core/result.ts';
import type { Rng } from '../core/rng.ts';
import { shuffled } from '../kernel/index.ts';
import { bitOf, CARD, handSize } from './cards.ts';
import type { KlapperjasConfig } from './config.ts';
import { f, layout } from './fast.ts';
import { type DealInfo, fresh, type KlapperjasDeal, type KlapperjasState, type Match } from './state.ts';

type S = KlapperjasState;

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

/**
 * The deal of the deck order `perm` (card bits) as the texts say: 4p packets 3-2-3, 2p/3p three packets of 3,
 * then the stock; hands in the order received, stock top first.
 */
function dealFromPerm(s: S, perm: Int8Array): KlapperjasDeal {
  const m = s.m;
  const n = m.n;
  const order = layout(m.n, m.dealer, m.activeMask).order;
  const size = handSize(n);
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

/** The 32 cards shuffled by the kernel exactly as core shuffle(DECK32, rng) (card bits are JASS32 kinds). */
export const randomDeal = (s: S, rng: Rng): KlapperjasDeal => dealFromPerm(s, shuffled(32, rng));

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
  const size = handSize(n);
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
