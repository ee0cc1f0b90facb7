/**
 * Klapper-Jas's performance shortcuts, all listed here (GUIDE: one documented place per module, each
 * guarded by an equivalence test). Everything in this file is constant data made at load, never a cache;
 * shortcuts that must sit beside their code are listed with their place.
 *
 * 1. Flat tables per trump suit (VALUE, STR, TRUMP_ABOVE): the kernel's, kernel/jass32.ts. Test:
 *    klapperjas.kernel.test.ts ("card tables come from the kernel").
 * 2. Interned actions: one frozen object per bid, call and card; apply knows an offered card action by
 *    identity (PLAY[bit] or PLAY_BELLE[bit]) and skips the checks every other action goes through.
 *    Test: klapperjas.kernel.test.ts (an offered card action and a copy of it lead to equal states).
 * 3. Shared lists: toAct lists (TO_ACT), bid lists, the play list of every set of cards inside one suit
 *    (the kernel's `wordPlays`, kernel/plays32.ts): legalActions allocates nothing in the common case.
 *    Test: klapperjas.kernel.test.ts compares every offered card list with the kernel's legal cards.
 * 4. Seat layouts (LAYOUTS): play order, next seat and parties of every table, dealer and set of active seats.
 * 5. (none now: the turn seat's legal cards and who may say Kontra and Re are computed when asked, play.ts
 *    `playMask` and `optOf`, as the kernel's `FastFollow.playable` and `during.toAct` will ask them.)
 * 6. beside its code, deal.ts `Dealt`: deals made by randomDeal keep their bits privately, so applyDeal does
 *    not parse them again. Test: klapperjas.property.test.ts (records of JSON deals replay to equal states).
 * 7. beside its code, melds.ts: the meld options of every run, made at load.
 * 8. beside its code: the finished tricks kept as views show them (state.ts `tricks`, the kernel's form,
 *    made once when taken), and the dice of a match (view.ts, a WeakMap keyed by the match record), shared
 *    by every later view. Test: klapperjas.kernel.test.ts ("shared trick views and dice equal fresh ones").
 * 9. `ruffOvertrump`: the kernel's `ruff-overtrump` policy on one word (kernel/jass32.ts). Test:
 *    klapperjas.kernel.test.ts ("ruffOvertrump equals the kernel's legalWord") over every trump holding,
 *    every strength of the best card, every suit led, with and without cards to follow and other cards;
 *    and the engine's legal cards against the kernel's card-level legalCards in random play.
 */
import { count } from '../core/bits.ts';
import { SUITS } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { PLAYS32 } from '../kernel/index.ts';
import { CARD, handSize } from './cards.ts';
import type { KlapperjasAction } from './state.ts';

type A = KlapperjasAction;

// ---- 2, 3. interned actions and shared lists -------------------------------------------------------

export const f = <T>(x: T): T => Object.freeze(x);
export const ORGI: A = f({ t: 'orgi' });
export const PASS: A = f({ t: 'pass' });
export const KLEINES: A = f({ t: 'kleines' });
export const BESSER: A = f({ t: 'besser' });
export const KONTRA: A = f({ t: 'kontra' });
export const RE: A = f({ t: 're' });
export const EXCHANGE: A = f({ t: 'exchange' });
export const TRUMP: readonly A[] = SUITS.map((suit) => f({ t: 'trump', suit }) as A);
/**
 * One play action per card, plain (the kernel's, kernel/plays32.ts) and with Belle: apply knows an offered
 * card by identity (item 2); the list of a set of cards is the kernel's `wordPlays` (item 3).
 */
export const PLAY: readonly A[] = PLAYS32;
export const PLAY_BELLE: readonly A[] = CARD.map((card) => f({ t: 'play', card, belle: true }) as A);

/**
 * Lists handed out many times (toAct, legal actions) are shared and read-only by type, but not frozen:
 * V8 reads elements of frozen arrays through a generic slow path, in every caller (measured: 5% of
 * random self-play in core/play.ts alone).
 */
export const shared = <T>(x: T): T => x;
export const NONE: readonly never[] = f([]);
export const ORGI_PASS: readonly A[] = shared([ORGI, PASS]);
export const KLEINES_PASS: readonly A[] = shared([KLEINES, PASS]);
export const BESSER_PASS: readonly A[] = shared([BESSER, PASS]);
export const ONLY_KONTRA: readonly A[] = shared([KONTRA]);
export const ONLY_RE: readonly A[] = shared([RE]);
export const KONTRA_RE: readonly A[] = shared([KONTRA, RE]);
/** TO_ACT[turn * 16 + optional seats mask]: the turn first, then optional actors (core/play.ts). */
export const TO_ACT: readonly (readonly Seat[])[] = Array.from({ length: 64 }, (_, i) => {
  const turn = i >>> 4;
  const out = [turn];
  for (let s = 0; s < 4; s++) if (i & 15 & (1 << s) && s !== turn) out.push(s);
  return shared(out);
});

// ---- 4. seat layouts -------------------------------------------------------------------------------

/** Seating of one deal: play order from Vorhand, next seat, parties. Shared, read-only. */
export interface Layout {
  readonly order: readonly Seat[];
  readonly next: readonly Seat[];
  readonly party: readonly number[];
  readonly activeMask: number;
  readonly handSize: number;
  readonly np: number;
}

/** Active seats (mask) in play order starting left of the dealer (Vorhand first). */
export function dealOrder(n: number, activeMask: number, dealer: Seat): Seat[] {
  const active = Array.from({ length: n }, (_, i) => i).filter((i) => activeMask & (1 << i));
  return active.sort((a, b) => ((a - dealer - 1 + n) % n) - ((b - dealer - 1 + n) % n));
}

const layoutKey = (n: number, dealer: Seat, activeMask: number): number =>
  n * 4096 + dealer * 256 + activeMask;

/** Every table of 2 to 4 seats, every dealer, every set of at least two active seats. */
const LAYOUTS = new Map<number, Layout>();
for (let n = 2; n <= 4; n++)
  for (let dealer = 0; dealer < n; dealer++)
    for (let activeMask = 3; activeMask < 1 << n; activeMask++) {
      if (count(activeMask) < 2) continue;
      const order = dealOrder(n, activeMask, dealer);
      const next: Seat[] = new Array(n).fill(-1);
      for (let i = 0; i < order.length; i++) next[order[i]] = order[(i + 1) % order.length];
      LAYOUTS.set(
        layoutKey(n, dealer, activeMask),
        Object.freeze({
          order: shared(order),
          next: shared(next),
          party: shared(Array.from({ length: n }, (_, i) => (n === 4 ? i & 1 : i))),
          activeMask,
          handSize: handSize(n),
          np: n === 4 ? 2 : n,
        }),
      );
    }

export const layout = (n: number, dealer: Seat, activeMask: number): Layout =>
  LAYOUTS.get(layoutKey(n, dealer, activeMask))!;
