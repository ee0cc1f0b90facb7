/**
 * The end of a Klapper-Jas deal: whose melds count, the points of each party with melds and Belle, who won
 * the game and what it earns, and the match after it (target, play-on for second place, the next dealer).
 */

import { SUITS } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { BELLE_VALUE, CARD, declarerBeats, LAST_TRICK, R_JACK, R_NINE } from './cards.ts';
import { bestDecl, meldsValue, toSpec } from './melds.ts';
import { copy, type DealInfo, type DealResult, type KlapperjasState, type Match, partyPts } from './state.ts';

type S = KlapperjasState;

/** After trick 1: the best declaration wins; all melds of its party count (000 3.1-3.3, 4.4). */
export function resolveMelds(d: DealInfo): DealInfo {
  const i = bestDecl(d.decls, d.trump);
  if (i < 0) return { ...d, counted: [] };
  const p = d.party[d.decls[i].seat];
  const counted = d.decls.filter((x) => d.party[x.seat] === p);
  return { ...d, meldParty: p, counted, meldValue: counted.reduce((a, x) => a + meldsValue(x.melds), 0) };
}

export function finishDeal(s: S): S {
  const d = s.d!;
  const m = s.m;
  const o = m.cfg.options;
  const n = m.n;
  const final: number[] = [];
  for (let p = 0; p < n; p++) final.push(partyPts(s.pts, p));
  const meldsCount = d.meldParty >= 0 && (!o.meldsNeedTrick || (s.took & (1 << d.meldParty)) !== 0);
  if (meldsCount) final[d.meldParty] += d.meldValue;
  const belle: { seat: Seat; value: number }[] = [];
  for (let seat = 0; seat < n; seat++)
    if (d.belle & (1 << seat)) {
      const p = d.party[seat];
      if (!o.belleNeedsTrick || s.took & (1 << p)) {
        final[p] += BELLE_VALUE;
        belle.push({ seat, value: BELLE_VALUE });
      }
    }
  const dp = d.party[d.declarer];
  const opps: Seat[] = [];
  const ours: Seat[] = [];
  let won = true;
  for (const x of d.order) {
    if (d.party[x] === dp) ours.push(x);
    else {
      opps.push(x);
      if (!declarerBeats(final[dp], final[d.party[x]])) won = false;
    }
  }
  const base = o.scoring === 'flat' ? 1 : d.kind === 'orgi' ? 2 : 1;
  const gamePoints = base * (won ? 1 : 2) * (d.kontra >= 0 ? 2 : 1) * (d.re >= 0 ? 2 : 1);
  const to = won ? ours : opps;
  const share = !won && n === 3 && opps.length === 2 ? gamePoints / 2 : gamePoints;
  const end = s.tricks[s.tricks.length - 1];
  const lastTrick = end.winner!;
  const lastCards = end.cards;
  const jasCard = CARD[d.trump * 8 + R_JACK];
  const mieCard = CARD[d.trump * 8 + R_NINE];
  let jas: Seat | null = null;
  let mie: Seat | null = null;
  for (const t of s.tricks)
    for (const p of t.cards) {
      if (p.card === jasCard) jas = t.winner!;
      else if (p.card === mieCard) mie = t.winner!;
    }
  const awarded: number[] = [];
  const points: number[] = [];
  const cardPoints: number[] = [];
  const scores: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = to.includes(i) ? share : 0;
    const active = (d.activeMask & (1 << i)) !== 0;
    const p = d.party[i];
    awarded.push(a);
    scores.push(m.scores[i] + a);
    points.push(active ? final[p] : 0);
    cardPoints.push(active ? partyPts(s.pts, p) - (d.party[lastTrick] === p ? LAST_TRICK : 0) : 0);
  }
  const result: DealResult = {
    dealer: d.dealer,
    seats: d.order,
    declarer: d.declarer,
    trump: SUITS[d.trump],
    kind: d.kind!,
    besser: d.besser,
    melds: meldsCount
      ? d.counted!.map((x) => ({ seat: x.seat, melds: x.melds.map(toSpec), value: meldsValue(x.melds) }))
      : [],
    meldsVoid: d.meldParty >= 0 && !meldsCount,
    belle,
    lastTrick,
    lastCards,
    cardPoints,
    jas,
    mie,
    points,
    won,
    kontra: d.kontra >= 0 ? d.kontra : null,
    re: d.re >= 0 ? d.re : null,
    gamePoints,
    to,
    awarded,
  };
  const results = [...m.results, result];
  const target = o.target;
  const gainer = to[0];
  let next: Match;
  if (n !== 3) {
    let over = false;
    for (let i = 0; i < n; i++) if (scores[i] >= target) over = true;
    next = {
      ...m,
      scores,
      results,
      over,
      winners: over ? m.active.filter((x) => scores[x] >= target) : [],
      // 2 players: the winner of the game deals (000 4.2); 4 players: the next clockwise.
      dealer: n === 2 ? gainer : (m.dealer + 1) % n,
    };
  } else {
    const reached = m.active.filter((x) => scores[x] >= target);
    if (reached.length === 0) {
      next = { ...m, scores, results, dealer: m.active.length === 3 ? (m.dealer + 1) % 3 : gainer };
    } else if (m.active.length === 3 && !o.playOn) {
      // 001 "Es gewinnt, wer seinen Würfel zuerst auf 6 drehen kann": no play-on for second place.
      const first = byPlace(reached, scores, result, d)[0];
      next = { ...m, scores, results, ranking: [first], over: true, winners: [first] };
    } else if (m.active.length === 3 && reached.length === 1) {
      // 000 4.3: the first deals once more for the other two, who play on as two players.
      const w = reached[0];
      next = {
        ...m,
        scores,
        results,
        ranking: [w],
        active: m.active.filter((x) => x !== w),
        activeMask: m.activeMask & ~(1 << w),
        dealer: w,
      };
    } else {
      // The last two places are decided (or two reached the target at once: higher score first, then
      // more points in this deal, then earlier in play order).
      const rest = byPlace(m.active, scores, result, d);
      const ranking = [...m.ranking, ...rest];
      next = { ...m, scores, results, ranking, over: true, winners: [ranking[0]] };
    }
  }
  const w = copy(s);
  w.m = next.thrownIn === 0 ? next : { ...next, thrownIn: 0 };
  w.phase = next.over ? 'over' : 'deal';
  w.turn = next.dealer;
  return w;
}

/** Seats by place when they reach the target with one game: higher score, then more points in it, then earlier in play order. */
function byPlace(seats: readonly Seat[], scores: readonly number[], r: DealResult, d: DealInfo): Seat[] {
  const pos = (x: Seat) => d.order.indexOf(x);
  return [...seats].sort((a, b) => scores[b] - scores[a] || r.points[b] - r.points[a] || pos(a) - pos(b));
}
