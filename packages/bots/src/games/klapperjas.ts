/**
 * Klapper-Jas players for 2, 3 and 4 seats.
 *
 * Objectives of the search: 4 players, team against team (margin of the searching seat's party);
 * 2 players, seat against seat; 3 players, the declarer against the two opponents as one party (sum
 * of their points): the rules let the opponents win when either of them beats the declarer, and a
 * team objective keeps the search additive. The win test of a 3-player bid is sharper: the declarer
 * wins a sampled deal when he beats the likely better opponent, taken as 60% of the opponents' sum.
 *
 * Calls: melds are always declared (the best option), the 7 always exchanged, Belle always announced;
 * Kontra and Re only on the seat's own turn in play (a bot never acts out of turn, and passes in a meld round).
 */
import type { Card, Rng } from '@stich/engine';
import { DECK32, SUITS, seeded } from '@stich/engine';
import {
  afterExchange,
  BELLE_VALUE,
  BESSER_TRUMP,
  declarerBeats,
  handSize,
  hasExchange,
  type KlapperjasAction,
  type KlapperjasView,
  kleinesSuits,
  specValue,
} from '@stich/engine/klapperjas/index';
import type { BotRequest } from '../index.ts';
import type { Players } from '../levels.ts';
import { type BidSim, declarerWins, leastWin, suitIndex, type WinTest } from '../play/bid.ts';
import type { PlayContext } from '../play/context.ts';
import { ruleCard } from '../play/heuristic.ts';
import { bestCard, type Estimate, pimc } from '../play/pimc.ts';
import { JAS32 } from '../solver/model.ts';
import { legalOf, viewOf } from '../view.ts';

type A = KlapperjasAction;

/** Party index of a seat seen from the declarer's side (0) or not (1): the view's parties. */
function partyOf(v: KlapperjasView, seat: number, declarer: number): number {
  return v.parties.some((p) => p.includes(seat) && p.includes(declarer)) ? 0 : 1;
}

/** The seat's own party as 0. */
function partiesFor(v: KlapperjasView, me: number): number[] {
  const d = v.declarer ?? me;
  const mine = partyOf(v, me, d);
  return Array.from({ length: v.seats }, (_, s) => (partyOf(v, s, d) === mine ? 0 : 1));
}

const cardsOf = (xs: readonly { card: Card }[]): Card[] => xs.map((x) => x.card);

/**
 * The parties of the deal: the view's parties with a seat dealt in. Three (3 players) where the declarer
 * must beat each opponent on his own (000 5, the engine's score), else two, team against team or seat
 * against seat.
 */
export const partiesInDeal = (v: KlapperjasView): number =>
  v.parties.filter((p) => p.some((s) => v.active.includes(s))).length;

/**
 * The cards of the stock lying face up, as the view shows them: the crosswise turned card (after an
 * exchange the 7) and the top of the packet. Whether a deal has a stock is the engine's rule (its view
 * shows no stock top with four players); the bots do not count seats for it.
 */
const openStock = (v: KlapperjasView): Card[] =>
  v.stockTop === null || v.turned === null ? [] : [v.turned, v.stockTop];

export function contextOf(v: KlapperjasView, me: number): PlayContext {
  const order = [...v.active];
  const trump = suitIndex(v.trump!);
  const party = partiesFor(v, me);
  const o = v.config.options;
  const tricks = v.tricks.map((t) => ({ leader: t.leader, cards: cardsOf(t.cards) }));
  let took = 0;
  for (const t of v.tricks) took |= 1 << party[t.winner!];
  const ifTrick: [number, number] = [0, 0];
  if (o.meldsNeedTrick && v.countingMelds) for (const m of v.countingMelds) ifTrick[party[m.seat]] += m.value;
  if (o.belleNeedsTrick) for (const s of v.belle) ifTrick[party[s]] += BELLE_VALUE;
  const hand = v.hand ?? [];
  const known = Array.from({ length: v.seats }, (_, s) => (s === me ? [] : [...v.known[s]]));
  const knownAll = new Set(known.flat());
  const outOfPlay = openStock(v).filter((c) => !knownAll.has(c) && !hand.includes(c));
  return {
    rules: JAS32,
    deck: DECK32,
    order,
    me,
    trump,
    hand,
    handCounts: v.handCounts,
    tricks,
    trick: v.trick ? { leader: v.trick.leader, cards: cardsOf(v.trick.cards) } : { leader: me, cards: [] },
    known,
    outOfPlay,
    party,
    objective: 'difference',
    ifTrick,
    tookTrick: took,
  };
}

const TRUMP_W: Record<string, number> = { J: 30, '9': 22, A: 14, T: 12, K: 8, Q: 7, '8': 5, '7': 5 };

/** Hand strength for a trump suit: trumps by rank, plain aces, tens with their ace. */
export function trumpScore(hand: readonly Card[], trump: string): number {
  let e = 0;
  for (const c of hand) {
    const s = c[0];
    const r = c[1];
    if (s === trump) e += TRUMP_W[r];
    else if (r === 'A') e += 12;
    else if (r === 'T') e += hand.includes(`${s}A` as Card) ? 7 : 2;
    else if (r === 'K') e += hand.includes(`${s}A` as Card) && hand.includes(`${s}T` as Card) ? 3 : 0;
  }
  return e;
}

/**
 * Strength at which the rule player bids, by seats in the deal. Calibrated against the search player:
 * the line that agrees best with its bids over 150 sampled deals per table (docs/bots.md).
 */
const RULE_LINE: Readonly<Record<number, number>> = { 4: 55, 3: 47, 2: 41 };
const ruleLine = (v: KlapperjasView): number => RULE_LINE[v.active.length];

/**
 * Strengths outside which the search player decides without simulation: below, it passes; above, it
 * bids. Scaled to the cards the seat sees while bidding (8 with four players, else 6).
 */
export const simWindow = (cards: number): readonly [number, number] => (cards >= 8 ? [55, 109] : [41, 81]);

const find = (legal: readonly A[], t: string) => legal.find((a) => a.t === t);

/** The suits a Kleines may be played in with `proposed` turned, and a besser's trump: the engine's rules. */
const kleinesOf = (proposed: string): string[] => kleinesSuits(suitIndex(proposed)).map((t) => SUITS[t]);
const BESSER = SUITS[BESSER_TRUMP];

function bestMeld(legal: readonly A[]): A | undefined {
  let best: A | undefined;
  let bestV = -1;
  for (const a of legal)
    if (a.t === 'meld') {
      const val = (a.melds ?? []).reduce((x, m) => x + specValue(m), 0);
      if (val > bestV) {
        best = a;
        bestV = val;
      }
    }
  return best;
}

/** The play action for a card, with Belle announced where it may be. */
function playAction(legal: readonly A[], card: Card): A {
  return (
    legal.find((a) => a.t === 'play' && a.card === card && a.belle) ??
    legal.find((a) => a.t === 'play' && a.card === card)!
  );
}

const playCards = (legal: readonly A[]): Card[] => [
  ...new Set(legal.filter((a) => a.t === 'play').map((a) => a.card!)),
];

/** Calls every level makes the same way before a card: exchange the 7, declare the best melds. */
function preliminaries(legal: readonly A[]): A | undefined {
  return find(legal, 'exchange') ?? bestMeld(legal);
}

function bidRule(req: BotRequest, v: KlapperjasView): A {
  const legal = legalOf(req, 'klapperjas');
  const hand = v.hand ?? [];
  const line = ruleLine(v);
  const proposed = v.proposed!;
  const others = kleinesOf(proposed);
  const pass = find(legal, 'pass');
  switch (v.phase) {
    case 'orgi':
      return trumpScore(hand, proposed) >= line ? find(legal, 'orgi')! : pass!;
    case 'kleines':
      return Math.max(...others.map((s) => trumpScore(hand, s))) >= line ? find(legal, 'kleines')! : pass!;
    case 'besser':
      return trumpScore(hand, BESSER) >= line ? find(legal, 'besser')! : pass!;
    default: {
      const names = legal.filter((a) => a.t === 'trump');
      return names.reduce((b, a) => (trumpScore(hand, a.suit!) > trumpScore(hand, b.suit!) ? a : b));
    }
  }
}

function simFor(v: KlapperjasView, me: number): BidSim {
  // The table's seats, as the engine asks its hand size and exchange (a 3-player end game deals as three).
  const n = v.seats;
  const vorhand = v.vorhand ?? v.active[0];
  const i = v.active.indexOf(vorhand);
  const order = [...v.active.slice(i), ...v.active.slice(0, i)];
  const hand = v.hand ?? [];
  const known = Array.from({ length: v.seats }, (_, s) => (s === me ? [] : [...(v.known[s] ?? [])]));
  const outOfPlay = openStock(v).filter((c) => !hand.includes(c));
  return {
    rules: JAS32,
    deck: DECK32,
    order,
    me,
    hand,
    handSize: handSize(n),
    known,
    outOfPlay,
    turned: hasExchange(n) && v.turned !== null ? v.turned : undefined,
    exchange: (h, _trump, turned) => afterExchange(h, turned),
  };
}

/** The margin the declarer's party needs against the other (000 5: a tie loses). */
const DECLARER_MARGIN = leastWin(declarerBeats);

function winTest(v: KlapperjasView, me: number): WinTest {
  const party = Array.from({ length: v.seats }, (_, s) => partyOf(v, s, me));
  // Three parties (3 players): declarer D beats the better opponent, taken as 0.6 of the opponents' sum O:
  // D > 0.3 (S − v) with D = (S + v) / 2 gives v > −S / 4.
  const threshold =
    partiesInDeal(v) > 2 ? (dealt: number) => Math.floor(-dealt / 4) + 1 : () => DECLARER_MARGIN;
  return { party, threshold };
}

/** Share of sampled deals the seat wins as declarer with `suit`. */
function winShare(v: KlapperjasView, me: number, suit: string, rng: Rng, nodes: number): number {
  const r = declarerWins(simFor(v, me), suitIndex(suit), winTest(v, me), rng, 8, nodes);
  return r.samples === 0 ? 0 : r.wins / r.samples;
}

const BID_NODES = 500_000;
const WIN_LINE = 0.6;

function bidSearch(req: BotRequest, v: KlapperjasView): A {
  const legal = legalOf(req, 'klapperjas');
  const hand = v.hand ?? [];
  const rng = seeded(`${req.seed}/bid`);
  const [low, high] = simWindow(hand.length);
  const proposed = v.proposed!;
  const pass = find(legal, 'pass');
  // Hands far from the line are decided by strength alone; the rest by simulation.
  const decide = (suits: readonly string[], yes: string): A => {
    const ranked = [...suits].sort((a, b) => trumpScore(hand, b) - trumpScore(hand, a)).slice(0, 2);
    const top = trumpScore(hand, ranked[0]);
    if (top < low) return pass!;
    if (top > high) return find(legal, yes)!;
    const share = Math.max(...ranked.map((s) => winShare(v, req.seat, s, rng, BID_NODES / ranked.length)));
    return share >= WIN_LINE ? find(legal, yes)! : pass!;
  };
  switch (v.phase) {
    case 'orgi':
      return decide([proposed], 'orgi');
    case 'kleines':
      return decide(kleinesOf(proposed), 'kleines');
    case 'besser':
      return decide([BESSER], 'besser');
    default: {
      const names = legal.filter((a) => a.t === 'trump');
      const ranked = [...names]
        .sort((a, b) => trumpScore(hand, b.suit!) - trumpScore(hand, a.suit!))
        .slice(0, 2);
      let best = ranked[0];
      let bestShare = -1;
      for (const a of ranked) {
        const share = winShare(v, req.seat, a.suit!, rng, BID_NODES / ranked.length);
        if (share > bestShare) {
          best = a;
          bestShare = share;
        }
      }
      return best;
    }
  }
}

const isDeclarerSide = (v: KlapperjasView, me: number): boolean =>
  v.declarer !== null && partyOf(v, me, v.declarer) === 0;

function playRule(req: BotRequest, v: KlapperjasView): A {
  const legal = legalOf(req, 'klapperjas');
  const pre = preliminaries(legal);
  if (pre) return pre;
  const me = req.seat;
  const hand = v.hand ?? [];
  const T = v.trump!;
  const trumps = hand.filter((c) => c[0] === T);
  const strong = trumps.length >= 4 && hand.includes(`${T}J` as Card);
  const kontra = find(legal, 'kontra');
  if (kontra && !isDeclarerSide(v, me) && strong) return kontra;
  const re = find(legal, 're');
  if (re && isDeclarerSide(v, me) && strong && hand.includes(`${T}9` as Card)) return re;
  const ctx = contextOf(v, me);
  const cards = playCards(legal);
  return playAction(legal, ruleCard(ctx, cards, { wantTricks: true, declarer: isDeclarerSide(v, me) }));
}

/** Share of the sampled deals in which the seat's party's best card keeps a positive margin. */
function winRate(est: Estimate, perSample: readonly number[]): number {
  return est.samples === 0 ? 0 : perSample.filter((x) => x > 0).length / est.samples;
}

function playSearch(req: BotRequest, v: KlapperjasView): A {
  const legal = legalOf(req, 'klapperjas');
  const pre = preliminaries(legal);
  if (pre) return pre;
  const me = req.seat;
  const ctx = contextOf(v, me);
  const cards = playCards(legal);
  const prefer = ruleCard(ctx, cards, { wantTricks: true, declarer: isDeclarerSide(v, me) });
  const best: number[] = [];
  const est = pimc(ctx, cards, seeded(`${req.seed}/pimc`), undefined, (vals) =>
    best.push(Math.max(...vals.values())),
  );
  const kontra = find(legal, 'kontra');
  const re = find(legal, 're');
  if ((kontra || re) && est.samples >= 6 && partiesInDeal(v) === 2) {
    const p = winRate(est, best);
    if (kontra && !isDeclarerSide(v, me) && p >= 0.75) return kontra;
    if (re && isDeclarerSide(v, me) && p >= 0.8) return re;
  }
  const card = est.samples === 0 ? prefer : bestCard(est, cards, prefer);
  return playAction(legal, card);
}

/** The meld round before the first card (option melding 'round'): exchange, best melds, else pass. */
const meldRound = (req: BotRequest): A => {
  const legal = legalOf(req, 'klapperjas');
  return preliminaries(legal) ?? find(legal, 'pass')!;
};

export const klapperjasPlayers: Players = {
  rule: (req) => {
    const v = viewOf(req, 'klapperjas');
    return v.phase === 'play' ? playRule(req, v) : v.phase === 'melds' ? meldRound(req) : bidRule(req, v);
  },
  search: (req) => {
    const v = viewOf(req, 'klapperjas');
    return v.phase === 'play' ? playSearch(req, v) : v.phase === 'melds' ? meldRound(req) : bidSearch(req, v);
  },
};
