/**
 * The `rule` level's decisions besides the card (play.ts), all from the seat's view:
 * - Vorbehalt: a solo when the hand is strong enough for one (`soloChoice`); with both Kreuz-Damen a
 *   Hochzeit (a stilles Solo, i.e. gesund, when the hand is a solo in the normal order); Armut when allowed
 *   and the hand holds at most three trumps; Krankheit (house) always taken unless the hand is a solo;
 * - Reizen (house): bid or hold up to the level the solo's strength carries, else fold;
 * - Armut: give the cheapest cards, take when the hand has trumps to carry the poor player, return plain
 *   cards of the shortest suits (to make voids), the cheapest first, trumps last;
 * - announcements by hand strength before the first deadline; keine 90/60/30 when the party's tricks
 *   already hold more than the engine's limits (`HOUSE_LIMIT`: 150/180/210 card points).
 */
import type { Card } from '@stich/engine';
import {
  type DoppelkopfAction,
  type DoppelkopfView,
  levelOf,
  orderOfSolo,
  POOR_TRUMPS,
  SOLOS,
  type Solo,
} from '@stich/engine/doppelkopf/index';
import { type Knowledge, knowledge } from './know.ts';
import {
  byStrength,
  CQ,
  copiesIn,
  esuit,
  HOUSE_LIMIT,
  HT,
  handSizeOf,
  isAce,
  isTrump,
  KINDS,
  kindOf,
  points,
  strength,
  TRUMP,
} from './model.ts';
import { type PlayState, ruleKind } from './play.ts';

type A = DoppelkopfAction;

const SQ = kindOf('SQ');
/** A full hand of the 40-card deck (no nines). */
const SHORT_HAND = handSizeOf({ nines: false });

/** Counts per kind of a list of cards. */
const countsOfHand = (hand: readonly Card[]): number[] => {
  const n = new Array<number>(KINDS).fill(0);
  for (const c of hand) n[kindOf(c)]++;
  return n;
};

/**
 * Strength of a hand in an order for the trump-taking side: every trump by its place (the top quarter of
 * the trump copies 3, the next 2, the rest 1), plain Aces 1.5 where the suit is short, a void 1 with
 * at least four trumps. A 12-card average hand in the normal order scores about 14.
 */
function handStrength(order: number, hand: readonly number[]): number {
  const trumps = byStrength(order)[TRUMP];
  let s = 0;
  let t = 0;
  for (let i = trumps.length - 1, rank = 0; i >= 0; i--, rank++) {
    const k = trumps[i];
    if (hand[k] === 0) continue;
    t += hand[k];
    const w = rank < trumps.length / 4 ? 3 : rank < trumps.length / 2 ? 2 : 1;
    s += w * hand[k];
  }
  for (let e = 0; e < 4; e++) {
    const list = byStrength(order)[e];
    let len = 0;
    for (const k of list) len += hand[k];
    if (len === 0 && t >= 4) s += 1;
    const ace = list[list.length - 1];
    if (list.length > 0 && hand[ace] > 0 && len <= 3) s += 1.5 * hand[ace];
  }
  return s;
}

/** Plain cards that are likely losers: every plain card but an Ace, or a ten behind its Ace. */
function losers(order: number, hand: readonly number[]): number {
  let n = 0;
  for (let e = 0; e < 4; e++) {
    const list = byStrength(order)[e];
    if (list.length === 0) continue;
    const ace = list[list.length - 1];
    const ten = list.length > 1 ? list[list.length - 2] : -1;
    for (const k of list) {
      if (k === ace) continue;
      if (k === ten && hand[ace] > 0) continue;
      n += hand[k];
    }
  }
  return n;
}

/** Solo value of a hand for one solo kind (order 1..7): the trumps' strength less 2 per loser. */
function soloValue(order: number, hand: readonly number[]): number {
  return handStrength(order, hand) - 2.5 * losers(order, hand);
}

/** The best solo for the hand, with its value relative to the line (>= 0: strong enough). */
function soloChoice(hand: readonly number[], allowed: readonly string[]): { solo: string; margin: number } {
  const n = hand.reduce((a, x) => a + x, 0);
  let bestSolo = allowed[0] ?? 'diamonds';
  let bestV = Number.NEGATIVE_INFINITY;
  for (const name of allowed) {
    const order = orderOfSolo(name as Solo);
    if (order <= 0) continue;
    const v = soloValue(order, hand);
    if (v > bestV) {
      bestV = v;
      bestSolo = name;
    }
  }
  // The line: about two thirds of the 12-card maximum of 3 per card.
  // 40-card deck: the trumps are a larger share, the line higher.
  return { solo: bestSolo, margin: bestV - (n <= SHORT_HAND ? 2.35 : 1.9) * n };
}

const find = (legal: readonly A[], t: string): A | undefined => legal.find((a) => a.t === t);
const declares = (legal: readonly A[]): string[] =>
  legal.filter((a): a is A & { t: 'declare' } => a.t === 'declare').map((a) => a.game);

function trumpsNormal(hand: readonly number[]): number {
  let t = 0;
  for (let k = 0; k < KINDS; k++) if (isTrump(0, k)) t += hand[k];
  return t;
}

/** Vorbehalt round, declarations and Reizen. */
function reserveDecision(v: DoppelkopfView, legal: readonly A[]): A {
  const hand = countsOfHand(v.hand);
  const solos = declares(legal).filter((g) => g !== 'hochzeit' && g !== 'armut');
  const solo = soloChoice(hand, solos.length > 0 ? solos : SOLOS.filter((g) => g !== 'fleischlos'));
  const strong = solo.margin >= 0;
  const bothQueens = hand[CQ] === 2;
  const silent = bothQueens && handStrength(0, hand) - 2.5 * losers(0, hand) >= 1.9 * v.hand.length;
  const poor = trumpsNormal(hand) <= POOR_TRUMPS;
  const declare = (g: string) => legal.find((a) => a.t === 'declare' && a.game === g);
  switch (v.phase) {
    case 'reserve': {
      if (find(legal, 'sick') && !strong) return find(legal, 'sick')!;
      if (strong && find(legal, 'solo')) return find(legal, 'solo')!;
      if (strong && solos.length > 0 && declare(solo.solo)) return declare(solo.solo)!;
      if (strong && find(legal, 'reserve')) return find(legal, 'reserve')!;
      const armutOn = v.options.armut !== 'off';
      if (find(legal, 'reserve') && ((bothQueens && !silent) || (poor && armutOn)))
        return find(legal, 'reserve')!;
      return find(legal, 'healthy') ?? declare(solo.solo) ?? legal[0];
    }
    case 'declare': {
      const mine = v.house?.vorbehalt ?? null;
      if (mine && declare(mine)) return declare(mine)!;
      if (solos.length > 0 && (strong || !declare('hochzeit') || !bothQueens)) {
        if (declare(solo.solo)) return declare(solo.solo)!;
      }
      if (bothQueens && declare('hochzeit')) return declare('hochzeit')!;
      if (poor && declare('armut')) return declare('armut')!;
      return declare(solo.solo) ?? legal[0];
    }
    case 'bid': {
      // Strength carries levels: RE at the line, one more level per 3 points above it.
      const cap = solo.margin < 0 ? 0 : 1 + Math.floor(solo.margin / 3);
      const bids = legal.filter((a): a is A & { t: 'bid' } => a.t === 'bid');
      const ok = bids.filter((b) => levelOf(b.call) <= cap).sort((x, y) => levelOf(x.call) - levelOf(y.call));
      if (ok.length > 0) return ok[0];
      return find(legal, 'fold') ?? legal[0];
    }
    default:
      return legal[0];
  }
}

/** Armut: give, take or shove, return. */
function armutDecision(v: DoppelkopfView, legal: readonly A[]): A {
  const hand = countsOfHand(v.hand);
  const cards = (t: string) => legal.filter((a): a is A & { t: 'give' | 'return' } => a.t === t);
  if (find(legal, 'take')) {
    const t = trumpsNormal(hand);
    let high = hand[HT];
    for (const k of [CQ, SQ]) high += hand[k];
    return t * 2 >= v.hand.length + 1 && high >= 2 ? find(legal, 'take')! : find(legal, 'shove')!;
  }
  const give = cards('give');
  if (give.length > 0) {
    // Trumps are given first by rule; the fillers: the cheapest cards, Aces kept.
    return give.reduce((b, a) => (giveKey(kindOf(a.card)) < giveKey(kindOf(b.card)) ? a : b));
  }
  const ret = cards('return');
  if (ret.length > 0) {
    const key = (k: number) => {
      if (isTrump(0, k)) return 1000 + strength(0, k) * 10 + points(k);
      let len = 0;
      for (const j of byStrength(0)[esuit(0, k)]) len += hand[j];
      const ace = isAce(k);
      return (ace ? 500 : 0) + len * 20 + points(k);
    };
    return ret.reduce((b, a) => (key(kindOf(a.card)) < key(kindOf(b.card)) ? a : b));
  }
  return legal[0];
}

const giveKey = (k: number): number => (isTrump(0, k) ? -100 : 0) + points(k) + (isAce(k) ? 50 : 0);

/** The seat's party and partners as far as it knows them. */
function playStateOf(v: DoppelkopfView, kn: Knowledge, legalKinds: number): PlayState {
  const me = v.viewer as number;
  const mine = v.knownParties[me];
  let friends = 0;
  let foes = 0;
  for (let s = 0; s < 4; s++) {
    if (s === me || v.knownParties[s] === null || mine === null) continue;
    if (v.knownParties[s] === mine) friends |= 1 << s;
    else foes |= 1 << s;
  }
  const c = v.contract;
  const soloist =
    c !== null &&
    c.declarer === me &&
    (c.kind === 'solo' || c.kind === 'silent-solo' || (c.kind === 'hochzeit' && c.failed));
  return {
    order: kn.order,
    dulleSecond: kn.dulleSecond,
    pigSeat: kn.pigSeat,
    seat: me,
    hand: kn.hand,
    legal: legalKinds,
    leader: kn.leader,
    trick: kn.trick,
    played: kn.played,
    deck: (k) => copiesIn(v.options.nines, k),
    friends,
    foes,
    soloist,
  };
}

/** The rule level's announcement now, or null. */
export function ruleAnnouncement(v: DoppelkopfView, kn: Knowledge, legal: readonly A[]): A | null {
  const calls = legal.filter((a): a is A & { t: 'announce' } => a.t === 'announce');
  if (calls.length === 0) return null;
  const me = v.viewer as number;
  const mine = v.knownParties[me];
  let secured = 0;
  for (let s = 0; s < 4; s++)
    if (s === me || (mine !== null && v.knownParties[s] === mine)) secured += kn.won[s];
  const partnerKnown = v.knownParties.filter((p) => p === mine).length >= (soloistOf(v) === me ? 1 : 2);
  const first = calls.find((a) => levelOf(a.call) === 1);
  if (first) {
    const order = kn.order;
    const n = v.hand.length;
    const s = handStrength(order, kn.hand);
    // Before any card the line is about 1.2 times a hand's average; later the tricks won count too.
    const line = (soloistOf(v) === me ? 2.4 : 1.35) * n;
    if (s + secured / 10 >= line) return first;
    return null;
  }
  // Higher levels: only what the party's tricks already hold, partners known.
  if (!partnerKnown) return null;
  let pick: A | null = null;
  for (const a of calls) {
    const l = levelOf(a.call);
    if (
      l >= 2 &&
      l <= 4 &&
      secured > HOUSE_LIMIT[l] &&
      (pick === null || l < levelOf((pick as A & { t: 'announce' }).call))
    )
      pick = a;
  }
  return pick;
}

const soloistOf = (v: DoppelkopfView): number =>
  v.contract !== null && (v.contract.kind === 'solo' || v.contract.kind === 'silent-solo')
    ? (v.contract.declarer ?? -1)
    : -1;

/** The rule level's card. */
export function ruleCard(v: DoppelkopfView, kn: Knowledge, legal: readonly A[]): A {
  let mask = 0;
  for (const a of legal) if (a.t === 'play') mask |= 1 << kindOf(a.card);
  const k = ruleKind(playStateOf(v, kn, mask));
  return legal.find((a) => a.t === 'play' && kindOf(a.card) === k)!;
}

/** The whole rule player. */
export function ruleAction(v: DoppelkopfView, acts: readonly A[]): A {
  if (v.phase === 'reserve' || v.phase === 'declare' || v.phase === 'bid') return reserveDecision(v, acts);
  if (v.phase === 'armut') return armutDecision(v, acts);
  const kn = knowledge(v);
  const ann = ruleAnnouncement(v, kn, acts);
  if (ann) return ann;
  if (!acts.some((a) => a.t === 'play')) return find(acts, 'quiet') ?? acts[0];
  return ruleCard(v, kn, acts);
}
