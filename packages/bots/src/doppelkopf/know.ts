/**
 * What a seat knows of a Doppelkopf deal in play, taken from its view only, and the sampler that deals the
 * unseen cards consistently with it:
 * - its hand, every card played, the cards each seat still holds;
 * - voids: a seat that did not follow an effective suit (trump included) holds none of it;
 * - parties: `knownParties` (the engine's: announcements, Kreuz-Damen played, the contract); in a normal
 *   game (and a stilles Solo seen from outside) the Re seats are the holders of the Kreuz-Damen, so a seat
 *   known Re that has played none holds one, a seat known Kontra holds none; a Hochzeit holder holds both;
 * - the Armut exchange the seat took part in: the poor player knows that the cards he gave and did not get
 *   back are with the taker; the taker knows the returned cards are with the poor player; everybody knows the
 *   poor player holds no trump when none came back (`trumpsBack` false: he gave all his trumps, under both
 *   `three` and `trumps`).
 */
import { type Card, cannotHold, type Rng } from '@stich/engine';
import { type DoppelkopfView, trickRules } from '@stich/engine/doppelkopf/index';
import { CQ, cardOf, copiesIn, dulleSecondIn, esuit, KINDS, kindOf, orderOf, TRUMP } from './model.ts';

export interface Knowledge {
  readonly me: number;
  readonly order: number;
  readonly dulleSecond: boolean;
  /** The seat whose DA is a Schwein while it is still in a hand (own view only), else -1. */
  readonly pigSeat: number;
  /** Counts per kind of the seat's hand. */
  readonly hand: readonly number[];
  /** Counts per kind of the cards not yet played and not in the hand, nor known elsewhere. */
  readonly unseen: readonly number[];
  /** Cards known to be in another seat's hand (counts per kind, by seat). */
  readonly known: readonly (readonly number[])[];
  readonly counts: readonly number[];
  /** Effective suits (bit e, TRUMP = 4) each seat holds none of. */
  readonly voids: readonly number[];
  /** Normal game or stilles Solo seen from outside: whether parties follow the Kreuz-Damen. */
  readonly byQueens: boolean;
  /** Kreuz-Damen each seat must still hold at least (known Re that has played none) / may hold at most. */
  readonly minCQ: readonly number[];
  readonly maxCQ: readonly number[];
  /** Re seats as far as fixed by the contract (solo, Armut, decided Hochzeit); -1 where they follow the deal. */
  readonly reFixed: number;
  /** An open Hochzeit's holder, else -1. */
  readonly hochzeit: number;
  readonly leader: number;
  readonly trick: readonly number[];
  readonly tricksDone: number;
  /** Card points won so far by seat, and tricks. */
  readonly won: readonly number[];
  readonly wonTricks: readonly number[];
  /** Kinds played so far (counts). */
  readonly played: readonly number[];
  /** Re seats per the view, or null per seat. */
  readonly parties: readonly ('re' | 'kontra' | null)[];
  /** Finished tricks: leader, kinds in playing order, winner (for special points). */
  readonly history: readonly {
    readonly leader: number;
    readonly kinds: readonly number[];
    readonly winner: number;
  }[];
}

const ALL_KINDS = Array.from({ length: KINDS }, (_, k) => k);
const SEAT_ORDER = [0, 1, 2, 3];
const zero = (): number[] => new Array<number>(KINDS).fill(0);

export function knowledge(v: DoppelkopfView): Knowledge {
  const me = v.viewer as number;
  const c = v.contract;
  const order = orderOf(c);
  const dulleSecond = dulleSecondIn(order, v.options.dulle);
  const hand = zero();
  for (const card of v.hand) hand[kindOf(card)]++;
  const played = zero();
  const voids = [0, 0, 0, 0];
  const won = [0, 0, 0, 0];
  const wonTricks = [0, 0, 0, 0];
  const all = [...v.tricks, ...(v.trick ? [v.trick] : [])];
  // The engine's follow rule says what each play rules out; under it a seat rules out whole effective suits.
  const played1 = all.map((t) => ({ leader: t.cards[0].seat, cards: t.cards.map((p) => kindOf(p.card)) }));
  for (const [seat, out] of cannotHold(trickRules(order, dulleSecond), ALL_KINDS, played1, SEAT_ORDER))
    for (const k of out) voids[seat] |= 1 << esuit(order, k);
  for (const t of all) {
    for (const p of t.cards) played[kindOf(p.card)]++;
    if ('winner' in t && t.winner !== undefined && t.cards.length === 4) {
      won[t.winner] += t.points;
      wonTricks[t.winner]++;
    }
  }
  const known = [zero(), zero(), zero(), zero()];
  const a = v.house?.armut ?? null;
  if (a !== null && a.taker >= 0 && a.returned === a.cards && v.phase === 'play') {
    const gave = a.givenCards ? a.givenCards.map(kindOf) : null;
    const back = a.returnedCards ? a.returnedCards.map(kindOf) : null;
    if (me === a.poor && gave && back) {
      // Given cards not returned are with the taker (unless played since).
      const n = zero();
      for (const k of gave) n[k]++;
      for (const k of back) if (n[k] > 0) n[k]--;
      for (let k = 0; k < KINDS; k++) known[a.taker][k] = n[k];
    } else if (me === a.taker && back) for (const k of back) known[a.poor][k]++;
    if (a.trumpsBack === false) voids[a.poor] |= 1 << TRUMP;
  }
  // Known cards played since are no longer known in hand: take the played ones off (a seat's own plays).
  for (const t of all)
    for (const p of t.cards) {
      const k = kindOf(p.card);
      if (known[p.seat][k] > 0) known[p.seat][k]--;
    }
  const unseen = zero();
  const deckCount = (k: number) => copiesIn(v.options.nines, k);
  for (let k = 0; k < KINDS; k++) {
    let n = deckCount(k) - played[k] - hand[k];
    for (let s = 0; s < 4; s++) n -= known[s][k];
    unseen[k] = Math.max(0, n);
  }
  const counts = [...v.handCounts];
  const kind = c?.kind ?? 'normal';
  const parties = [...v.knownParties];
  const byQueens = kind === 'normal' || kind === 'silent-solo';
  const minCQ = [0, 0, 0, 0];
  const maxCQ = [2, 2, 2, 2];
  let reFixed = -1;
  let hochzeit = -1;
  if (kind === 'hochzeit' && c !== null && c.declarer !== null) {
    if (c.clarification === 0) hochzeit = c.declarer;
    else reFixed = (1 << c.declarer) | (c.partner !== null ? 1 << c.partner : 0);
  } else if (!byQueens && c !== null) {
    reFixed = 0;
    for (let s = 0; s < 4; s++) if (parties[s] === 're') reFixed |= 1 << s;
  }
  const cqPlayed = [0, 0, 0, 0];
  for (const t of all) for (const p of t.cards) if (kindOf(p.card) === CQ) cqPlayed[p.seat]++;
  for (let s = 0; s < 4; s++) {
    if (s === me) continue;
    if (hochzeit === s) minCQ[s] = 2 - cqPlayed[s];
    else if (hochzeit >= 0) maxCQ[s] = 0;
    else if (byQueens) {
      if (parties[s] === 're' && cqPlayed[s] === 0) minCQ[s] = 1;
      if (parties[s] === 'kontra') maxCQ[s] = 0;
    }
  }
  const trick = v.trick ? v.trick.cards.map((p) => kindOf(p.card)) : [];
  const last = v.tricks.length > 0 ? v.tricks[v.tricks.length - 1] : null;
  const leader = v.trick ? v.trick.leader : last ? last.winner! : playLeader(v);
  const pig = v.house?.schweinInHand ? me : -1;
  return {
    me,
    order,
    dulleSecond,
    pigSeat: pig,
    hand,
    unseen,
    known,
    counts,
    voids,
    byQueens,
    minCQ,
    maxCQ,
    reFixed,
    hochzeit,
    leader,
    trick,
    tricksDone: v.tricks.length,
    won,
    wonTricks,
    played,
    parties,
    history: v.tricks.map((t) => ({
      leader: t.leader,
      kinds: t.cards.map((p) => kindOf(p.card)),
      winner: t.winner!,
    })),
  };
}

/** Leader of trick 1: the forehand, the soloist of a Pflichtsolo (DDV) when `toAct` says so. */
function playLeader(v: DoppelkopfView): number {
  return v.toAct.length > 0 ? v.toAct[0] : v.forehand;
}

export interface Deal {
  /** Counts per kind by seat (all four hands, the viewer's included). */
  readonly hands: readonly (readonly number[])[];
  /** Re seats as a mask (for an open Hochzeit: the holder only). */
  readonly re: number;
}

/** Re mask of a full deal under the knowledge's contract. */
function reOf(kn: Knowledge, hands: readonly (readonly number[])[]): number {
  if (kn.hochzeit >= 0) return 1 << kn.hochzeit;
  if (kn.reFixed >= 0) return kn.reFixed;
  let re = 0;
  for (let s = 0; s < 4; s++) if (hands[s][CQ] > 0) re |= 1 << s;
  // Kreuz-Damen already played count as well.
  return re | playedQueens(kn);
}

function playedQueens(kn: Knowledge): number {
  // Parties known Re with no CQ in hand must have played one: the view's parties say so.
  let re = 0;
  if (kn.byQueens) for (let s = 0; s < 4; s++) if (kn.parties[s] === 're') re |= 1 << s;
  return re;
}

/**
 * Deals the unseen cards to the other seats: each gets exactly its missing number, no card of a suit it is
 * void in, and the Kreuz-Damen as the parties require. Seats that must hold a Kreuz-Dame get one first; then
 * the cards go in random order, each to a seat drawn in proportion to its free places among those that keep
 * the rest dealable (Hall's condition over the card classes: the four plain suits, the trumps, the
 * Kreuz-Damen), so the sampler never runs into a dead end. Returns null if the knowledge allows no deal.
 */
export function sample(kn: Knowledge, rng: Rng): Deal | null {
  const free = [0, 0, 0, 0];
  for (let s = 0; s < 4; s++) {
    if (s === kn.me) continue;
    let n = kn.counts[s];
    for (let k = 0; k < KINDS; k++) n -= kn.known[s][k];
    free[s] = n;
  }
  const hands = [0, 1, 2, 3].map((s) => (s === kn.me ? [...kn.hand] : [...kn.known[s]]));
  const order = kn.order;
  const classOf = (k: number): number => (k === CQ ? 5 : esuit(order, k));
  // Seats each class may go to.
  const seatsOf = [0, 0, 0, 0, 0, 0];
  for (let c = 0; c < 6; c++)
    for (let s = 0; s < 4; s++) {
      if (s === kn.me) continue;
      const e = c === 5 ? esuit(order, CQ) : c;
      if ((kn.voids[s] & (1 << e)) !== 0) continue;
      if (c === 5 && kn.maxCQ[s] === 0) continue;
      seatsOf[c] |= 1 << s;
    }
  const cards: number[] = [];
  for (let k = 0; k < KINDS; k++) for (let i = 0; i < kn.unseen[k]; i++) cards.push(k);
  const left = [0, 0, 0, 0, 0, 0];
  for (const k of cards) left[classOf(k)]++;
  const place = (s: number, k: number) => {
    hands[s][k]++;
    free[s]--;
    left[classOf(k)]--;
    cards.splice(cards.indexOf(k), 1);
  };
  const dealable = (): boolean => {
    for (let t = 1; t < 64; t++) {
      let need = 0;
      let seats = 0;
      for (let c = 0; c < 6; c++)
        if ((t & (1 << c)) !== 0) {
          need += left[c];
          seats |= seatsOf[c];
        }
      if (need === 0) continue;
      let room = 0;
      for (let s = 0; s < 4; s++) if ((seats & (1 << s)) !== 0) room += free[s];
      if (need > room) return false;
    }
    return true;
  };
  for (let s = 0; s < 4; s++)
    for (let q = hands[s][CQ]; q < kn.minCQ[s]; q++) {
      if (!cards.includes(CQ) || free[s] === 0 || (seatsOf[5] & (1 << s)) === 0) return null;
      place(s, CQ);
    }
  if (!dealable()) return null;
  // Random order of the rest (Fisher-Yates), then one card at a time.
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const x = cards[i];
    cards[i] = cards[j];
    cards[j] = x;
  }
  while (cards.length > 0) {
    const k = cards[cards.length - 1];
    const c = classOf(k);
    const options: number[] = [];
    for (let s = 0; s < 4; s++) {
      if ((seatsOf[c] & (1 << s)) === 0 || free[s] === 0) continue;
      // Try it: the rest must stay dealable.
      hands[s][k]++;
      free[s]--;
      left[c]--;
      if (dealable()) options.push(s);
      hands[s][k]--;
      free[s]++;
      left[c]++;
    }
    if (options.length === 0) return null;
    let total = 0;
    for (const s of options) total += free[s];
    let r = rng.int(total);
    let pick = options[0];
    for (const s of options) {
      if (r < free[s]) {
        pick = s;
        break;
      }
      r -= free[s];
    }
    place(pick, k);
  }
  return { hands, re: reOf(kn, hands) };
}

export const cardsOf = (counts: readonly number[]): Card[] => {
  const out: Card[] = [];
  for (let k = 0; k < KINDS; k++) for (let i = 0; i < counts[k]; i++) out.push(cardOf(k));
  return out;
};
