/**
 * Klaberjass (2 players) players. Objective of the search: seat against seat, the margin of card
 * points (the maker who trails scores nothing, so the margin is what decides). Bidding by simulation:
 * take or name a suit when the seat as maker wins at least 60% of the sampled deals; a schmeiss is
 * refused when the seat is strong in the turned suit. The sequence talk has one true answer at each
 * step (the engine offers only that one). Bella is claimed unless the seat is a maker who expects to
 * lose (003: a maker who trails may keep it back, as it would go to the opponent).
 */
import type { Card, Rng } from '@stich/engine';
import { DECK32, seeded } from '@stich/engine';
import {
  afterExchange,
  BELLA_VALUE,
  HAND_SIZE,
  type KlaberjassAction,
  type KlaberjassView,
  makerWins,
  nonDealerOf,
} from '@stich/engine/klaberjass/index';
import type { BotRequest } from '../index.ts';
import type { Players } from '../levels.ts';
import { type BidSim, declarerWins, leastWin, suitIndex } from '../play/bid.ts';
import type { PlayContext } from '../play/context.ts';
import { ruleCard } from '../play/heuristic.ts';
import { bestCard, pimc } from '../play/pimc.ts';
import { JAS32 } from '../solver/model.ts';
import { legalOf, viewOf } from '../view.ts';
import { simWindow, trumpScore } from './klapperjas.ts';

type A = KlaberjassAction;

const find = (legal: readonly A[], t: string) => legal.find((a) => a.t === t);

export function contextOf(v: KlaberjassView, me: number): PlayContext {
  const other = 1 - me;
  const trump = suitIndex(v.trump!);
  const played = new Set<Card>();
  for (const t of v.tricks) for (const p of t.cards) played.add(p.card);
  for (const p of v.trick?.cards ?? []) played.add(p.card);
  const known: Card[][] = [[], []];
  if (v.exchange && v.exchange.seat === other && !played.has(v.exchange.took))
    known[other].push(v.exchange.took);
  if (v.sequences && v.sequences.seat === other)
    for (const run of v.sequences.cards)
      for (const c of run) if (!played.has(c) && !known[other].includes(c)) known[other].push(c);
  const outOfPlay: Card[] = [];
  if (v.exchange) outOfPlay.push(v.exchange.gave);
  else if (v.turned) outOfPlay.push(v.turned);
  const lastWinner = v.tricks.length > 0 ? v.tricks[v.tricks.length - 1].winner! : nonDealerOf(v.dealer);
  const leader = v.trick ? v.trick.leader : lastWinner;
  return {
    rules: JAS32,
    deck: DECK32,
    order: [0, 1],
    me,
    trump,
    hand: v.hand ?? [],
    handCounts: v.handCounts,
    tricks: v.tricks.map((t) => ({ leader: t.leader, cards: t.cards.map((p) => p.card) })),
    trick: { leader, cards: (v.trick?.cards ?? []).map((p) => p.card) },
    known,
    outOfPlay,
    party: me === 0 ? [0, 1] : [1, 0],
    objective: 'difference',
  };
}

/** The margin the maker needs (003: a tie, Riegel, loses). */
const MAKER_MARGIN = leastWin(makerWins);

/** Strength at which the rule player takes or names a suit, calibrated like Klapper-Jas (docs/bots.md). */
const RULE_LINE = 41;

function simFor(v: KlaberjassView, me: number): BidSim {
  const nonDealer = nonDealerOf(v.dealer);
  return {
    rules: JAS32,
    deck: DECK32,
    order: [nonDealer, v.dealer],
    me,
    hand: v.hand ?? [],
    handSize: HAND_SIZE,
    known: [[], []],
    outOfPlay: v.turned ? [v.turned] : [],
    turned: v.turned ?? undefined,
    exchange: afterExchange,
  };
}

function makerShare(v: KlaberjassView, me: number, suit: string, rng: Rng): number {
  const party = me === 0 ? [0, 1] : [1, 0];
  const r = declarerWins(
    simFor(v, me),
    suitIndex(suit),
    { party, threshold: () => MAKER_MARGIN },
    rng,
    10,
    400_000,
  );
  return r.samples === 0 ? 0 : r.wins / r.samples;
}

function bid(req: BotRequest, v: KlaberjassView, search: boolean): A {
  const legal = legalOf(req, 'klaberjass');
  const hand = v.hand ?? [];
  const turnedSuit = v.turned![0];
  const rng = seeded(`${req.seed}/bid`);
  const strong = (suit: string) => {
    const score = trumpScore(hand, suit);
    if (!search) return score >= RULE_LINE;
    const [low, high] = simWindow(hand.length);
    if (score < low) return false;
    if (score > high) return true;
    return makerShare(v, req.seat, suit, rng) >= 0.6;
  };
  if (v.phase === 'schmeiss')
    return (trumpScore(hand, turnedSuit) >= RULE_LINE ? find(legal, 'refuse') : find(legal, 'accept'))!;
  if (v.phase === 'bid') return (strong(turnedSuit) ? find(legal, 'take') : find(legal, 'pass'))!;
  if (v.phase === 'bid2') {
    const names = legal
      .filter((a) => a.t === 'name')
      .sort((a, b) => trumpScore(hand, b.suit!) - trumpScore(hand, a.suit!));
    if (names.length > 0 && strong(names[0].suit!)) return names[0];
    return find(legal, 'pass')!;
  }
  return find(legal, 'exchange') ?? legal[0];
}

function play(req: BotRequest, v: KlaberjassView, search: boolean): A {
  const legal = legalOf(req, 'klaberjass');
  const ctx = contextOf(v, req.seat);
  const cards = [...new Set(legal.filter((a) => a.t === 'play').map((a) => a.card!))];
  const maker = v.maker === req.seat;
  let card = ruleCard(ctx, cards, { wantTricks: true, declarer: maker });
  let expectLoss = false;
  if (search) {
    const est = pimc(ctx, cards, seeded(`${req.seed}/pimc`));
    if (est.samples > 0) {
      card = bestCard(est, cards, card);
      // Behind by more than Bella would bring back: claiming it only hands it to the opponent.
      expectLoss =
        est.totals.get(card)! / est.samples + (v.points[req.seat] - v.points[1 - req.seat]) < -BELLA_VALUE;
    }
  }
  const withBella = legal.find((a) => a.t === 'play' && a.card === card && a.bella);
  if (withBella && !(maker && expectLoss)) return withBella;
  return legal.find((a) => a.t === 'play' && a.card === card && !a.bella)!;
}

export const klaberjassPlayers: Players = {
  rule: (req) => {
    const v = viewOf(req, 'klaberjass');
    return v.phase === 'play' ? play(req, v, false) : bid(req, v, false);
  },
  search: (req) => {
    const v = viewOf(req, 'klaberjass');
    return v.phase === 'play' ? play(req, v, true) : bid(req, v, true);
  },
};
