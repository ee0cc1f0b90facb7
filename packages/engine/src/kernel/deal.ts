/**
 * Dealing, written once for every trick game: the shuffle of a deck into hands (`dealHands`) and the check of
 * an explicit deal's hands against the deck (`checkHands`). `trickGame` deals with them; a game that keeps
 * its own state layout (Doppelkopf, until it runs on `trickGame`) calls them too, so that every game deals
 * a seed to the same hands and refuses a bad deal alike.
 */
import type { Card } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import type { Rng } from '../core/rng.ts';
import type { Deck } from './deck.ts';

/** Scratch of `dealHands`'s shuffle: slot numbers of a deck (at most 64 cards). */
const SHUFFLED = new Int8Array(64);

/**
 * The slot numbers 0..size-1 shuffled by the steps of core `shuffle(cards, rng)` (Fisher-Yates from the top),
 * in a scratch array shared by every call: read it before the next deal is drawn. For a game that deals
 * packets of its own from the deck order (Klapper-Jas's 3-2-3 and stock).
 */
export function shuffled(size: number, rng: Rng): Int8Array {
  const order = SHUFFLED;
  for (let i = 0; i < size; i++) order[i] = i;
  for (let i = size - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  return order;
}

/**
 * The deck shuffled by the steps of core `shuffle(cards, rng)` (in place on slot numbers: no copy of the
 * deck per deal) and dealt to `players` seats in packets of `packet` cards, the first to seat `first`, round
 * the table until every hand holds `deck.size / players` cards.
 */
export function dealHands(deck: Deck, players: number, first: Seat, packet: number, rng: Rng): Card[][] {
  const cards = deck.cards;
  const order = shuffled(cards.length, rng);
  const hands: Card[][] = new Array(players);
  for (let seat = 0; seat < players; seat++) hands[seat] = [];
  // Packet p goes to the p-th seat from `first` (counting round the table), as its round'th packet: each
  // hand gets its packets in order, so pushing fills it (and keeps its array packed).
  for (let p = 0, at = 0; at < cards.length; p++) {
    const hand = hands[(first + (p % players)) % players];
    for (let i = 0; i < packet; i++) hand.push(cards[order[at++]]);
  }
  return hands;
}

/**
 * The hands of an unchecked deal (`raw`, its `hands` field) as card sets, two words by seat (`held[2 * seat]`
 * low, `held[2 * seat + 1]` high; slot = kind + copy * kinds, a kind's second copy in one hand in the second
 * slot), or why they are not the deck dealt to these seats: `players` hands of `deck.size / players` cards,
 * no kind more often than the deck has it, so exactly the deck. `into` receives the words (zeros, 2 * players).
 */
export function checkHands(deck: Deck, players: number, raw: unknown, into: number[]): Result<number[]> {
  const n = players;
  const size = deck.size / n;
  const kinds = deck.kinds.length;
  if (!Array.isArray(raw) || raw.length !== n) return err('bad-deal', `hands must be a list of ${n} hands`);
  const held = into;
  const twice = deck.copies === 2;
  // The kinds dealt once and twice over all seats, and each hand's set, as words in locals (every deal
  // runs this): bit k & 31 of the low (k < 32) or high word.
  let once0 = 0;
  let once1 = 0;
  let twice0 = 0;
  let twice1 = 0;
  for (let seat = 0; seat < n; seat++) {
    const hand: unknown = raw[seat];
    if (!Array.isArray(hand) || hand.length !== size)
      return err('bad-deal', `hand ${seat} must hold ${size} cards`);
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < size; i++) {
      const c: unknown = hand[i];
      const k = deck.kindOf(c);
      if (k < 0) return err('bad-deal', `hand ${seat}: ${JSON.stringify(c)} is not a card of the deck`);
      const bit = 1 << (k & 31);
      if (k < 32 ? (once0 & bit) === 0 : (once1 & bit) === 0) {
        if (k < 32) once0 |= bit;
        else once1 |= bit;
      } else if (twice && (k < 32 ? (twice0 & bit) === 0 : (twice1 & bit) === 0)) {
        if (k < 32) twice0 |= bit;
        else twice1 |= bit;
      } else return err('bad-deal', `${c} is dealt more often than the deck has it`);
      const slot = (k < 32 ? lo & bit : hi & bit) !== 0 ? k + kinds : k;
      if (slot < 32) lo |= 1 << slot;
      else hi |= 1 << (slot - 32);
    }
    held[2 * seat] = lo;
    held[2 * seat + 1] = hi;
  }
  return ok(held);
}
