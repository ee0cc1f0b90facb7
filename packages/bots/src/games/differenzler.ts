/**
 * Differenzler players. Every seat aims at its own secret estimate; the score is the difference.
 *
 * Objective of the search: the seat against the other three (paranoid), value = −|estimate − own
 * points|: the three others are assumed to push the seat away from its estimate. Their own estimates
 * are hidden, so the search does not model them.
 * Estimate (`search`): the seat's mean points over rollouts of sampled deals played by the rule player.
 * Estimate (`rule`): a hand-strength formula.
 */
import type { Card, Rng } from '@stich/engine';
import { DECK36, GAME_META, SUITS, seeded, shuffle } from '@stich/engine';
import {
  type DifferenzlerAction,
  type DifferenzlerView,
  TOTAL_POINTS,
} from '@stich/engine/differenzler/index';
import type { BotRequest } from '../index.ts';
import type { Players } from '../levels.ts';
import { cardValue, type PlayContext, winnerIndex } from '../play/context.ts';
import { ruleCard } from '../play/heuristic.ts';
import { bestCard, pimc } from '../play/pimc.ts';
import { legalCards } from '../play/rules.ts';
import { DIFFERENZLER } from '../solver/model.ts';
import { legalOf, viewOf } from '../view.ts';

type A = DifferenzlerAction;

const SEATS = Array.from({ length: GAME_META.differenzler.players[0] }, (_, s) => s);
/** Cards in each hand: the engine deals the whole deck. */
const HAND = DECK36.length / SEATS.length;
/** Hands of this many cards or more (tricks 1-3) are played by rule: no sampled deal would fit the budget. */
const FIRST_SEARCHED = 7;

export function contextOf(v: DifferenzlerView, me: number): PlayContext {
  const trump = SUITS.indexOf(v.trump!);
  const lastWinner = v.tricks.length > 0 ? v.tricks[v.tricks.length - 1].winner! : v.vorhand;
  const trick = v.trick
    ? { leader: v.trick.leader, cards: v.trick.cards.map((p) => p.card) }
    : { leader: lastWinner, cards: [] };
  const estimate = v.estimates[me] ?? 0;
  return {
    rules: DIFFERENZLER,
    undertrump: v.config.options.undertrump,
    deck: DECK36,
    order: SEATS,
    me,
    trump,
    hand: v.hand ?? [],
    handCounts: v.handCounts,
    tricks: v.tricks.map((t) => ({ leader: t.leader, cards: t.cards.map((p) => p.card) })),
    trick,
    known: SEATS.map(() => []),
    outOfPlay: [],
    party: SEATS.map((s) => (s === me ? 0 : 1)),
    objective: 'target',
    need: estimate - v.points[me],
  };
}

/** A hand-strength formula for the rule player's estimate (points of the deal's `TOTAL_POINTS` this hand should take). */
function formulaEstimate(hand: readonly Card[], trump: number): number {
  const T = SUITS[trump];
  let e = 0;
  for (const c of hand) {
    const s = c[0];
    const r = c[1];
    const has = (x: string) => hand.includes(`${s}${x}` as Card);
    if (s === T) e += ({ J: 26, '9': 20, A: 15, K: 9, Q: 8, T: 13 } as Record<string, number>)[r] ?? 5;
    else if (r === 'A') e += 14;
    else if (r === 'K') e += has('A') ? 8 : 3;
    else if (r === 'T') e += has('A') ? 9 : 3;
    else if (r === 'Q') e += has('A') && has('K') ? 4 : 1;
  }
  return Math.max(0, Math.min(TOTAL_POINTS, Math.round(e * 0.85)));
}

/** Plays one deal out with the rule player at every seat; returns each seat's points. */
export function rollout(
  hands: readonly (readonly Card[])[],
  trump: number,
  leader: number,
  estimates: readonly number[],
  undertrump: '002' | 'swiss',
): number[] {
  const held = hands.map((h) => [...h]);
  const points = [0, 0, 0, 0];
  const tricks: { leader: number; cards: Card[] }[] = [];
  const base = { rules: DIFFERENZLER, trump, undertrump } as const;
  for (let t = 0; t < HAND; t++) {
    const cards: Card[] = [];
    for (let i = 0; i < SEATS.length; i++) {
      const seat = (leader + i) % SEATS.length;
      const legal = legalCards(base, held[seat], cards);
      const ctx: PlayContext = {
        ...base,
        deck: DECK36,
        order: SEATS,
        me: seat,
        hand: held[seat],
        handCounts: held.map((h) => h.length),
        tricks,
        trick: { leader, cards },
        known: SEATS.map(() => []),
        outOfPlay: [],
        party: SEATS.map((s) => (s === seat ? 0 : 1)),
        objective: 'target',
      };
      const c = ruleCard(ctx, legal, { wantTricks: points[seat] < estimates[seat], declarer: false });
      held[seat].splice(held[seat].indexOf(c), 1);
      cards.push(c);
    }
    const w = (leader + winnerIndex(base, cards)) % SEATS.length;
    points[w] +=
      cards.reduce((a, c) => a + cardValue(base, c), 0) + (t === HAND - 1 ? DIFFERENZLER.lastTrick : 0);
    tricks.push({ leader, cards });
    leader = w;
  }
  return points;
}

function searchEstimate(v: DifferenzlerView, me: number, rng: Rng, deals = 48): number {
  const trump = SUITS.indexOf(v.trump!);
  const hand = v.hand ?? [];
  const rest = DECK36.filter((c) => !hand.includes(c));
  let sum = 0;
  for (let i = 0; i < deals; i++) {
    const cards = shuffle(rest, rng);
    const hands: Card[][] = [];
    let k = 0;
    for (const s of SEATS) {
      if (s === me) hands.push([...hand]);
      else {
        hands.push(cards.slice(k, k + HAND));
        k += HAND;
      }
    }
    const estimates = hands.map((h) => formulaEstimate(h, trump));
    sum += rollout(hands, trump, v.vorhand, estimates, v.config.options.undertrump)[me];
  }
  return Math.round(sum / deals);
}

const estimateAction = (legal: readonly A[], points: number): A => {
  const list = legal.filter((a) => a.t === 'estimate');
  let best = list[0];
  for (const a of list) if (Math.abs(a.points - points) < Math.abs(best.points - points)) best = a;
  return best;
};

/** The play actions' cards (in the play phase every legal action is a card). */
const playsOf = (req: BotRequest) => legalOf(req, 'differenzler').filter((a) => a.t === 'play');

function playRule(req: BotRequest, v: DifferenzlerView): A {
  const ctx = contextOf(v, req.seat);
  const plays = playsOf(req);
  const legal = plays.map((a) => a.card);
  const card = ruleCard(ctx, legal, { wantTricks: (ctx.need ?? 0) > 0, declarer: false });
  return plays[legal.indexOf(card)];
}

function playSearch(req: BotRequest, v: DifferenzlerView): A {
  const ctx = contextOf(v, req.seat);
  const plays = playsOf(req);
  const legal = plays.map((a) => a.card);
  const prefer = ruleCard(ctx, legal, { wantTricks: (ctx.need ?? 0) > 0, declarer: false });
  // With 7 or more cards in hand no sampled deal fits the budget (bench/decisions.ts: none of 32
  // decisions in tricks 1-3 solved one), so the search is not started.
  if (ctx.hand.length >= FIRST_SEARCHED) return plays[legal.indexOf(prefer)];
  const est = pimc(ctx, legal, seeded(`${req.seed}/pimc`));
  const card = est.samples === 0 ? prefer : bestCard(est, legal, prefer);
  return plays[legal.indexOf(card)];
}

const isPlay = (v: DifferenzlerView) => v.phase === 'play';

export const differenzlerPlayers: Players = {
  rule: (req) => {
    const v = viewOf(req, 'differenzler');
    if (isPlay(v)) return playRule(req, v);
    return estimateAction(
      legalOf(req, 'differenzler'),
      formulaEstimate(v.hand ?? [], SUITS.indexOf(v.trump!)),
    );
  },
  search: (req) => {
    const v = viewOf(req, 'differenzler');
    if (isPlay(v)) return playSearch(req, v);
    return estimateAction(
      legalOf(req, 'differenzler'),
      searchEstimate(v, req.seat, seeded(`${req.seed}/estimate`)),
    );
  },
};
