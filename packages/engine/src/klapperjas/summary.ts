/**
 * The common deal summary of Klapper-Jas (core/summary.ts) from a deal's result (score.ts `finishDeal`): the
 * sides are the parties (4 players two teams, else each player alone; a seat out of the 3 players' end game
 * -1), the score is what the deal added to each seat's match score (`awarded`), and the counts are those of
 * docs/statistics.md "Klapper-Jas".
 */
import type { BySeat, Seat } from '../core/game.ts';
import {
  allCardPoints,
  bump,
  type DealSummary,
  densePlaces,
  emptyCounts,
  type GameSummary,
} from '../core/summary.ts';
import type { DealResult } from './state.ts';
import { type KlapperjasOutcome, parties } from './view.ts';

export function dealSummary(r: DealResult, seats: number): DealSummary {
  const teams = parties(seats);
  const sides: number[] = [];
  for (let s: Seat = 0; s < seats; s++)
    sides.push(r.seats.includes(s) ? teams.findIndex((t) => t.includes(s)) : -1);
  const ours = sides[r.declarer];
  const won = sides.map((side) => side >= 0 && (side === ours) === r.won);
  const counts = emptyCounts(seats);
  const d = counts[r.declarer];
  bump(d, `${r.kind}.played`);
  if (r.won) bump(d, `${r.kind}.won`);
  if (r.besser) {
    bump(d, 'besser.played');
    if (r.won) bump(d, 'besser.won');
  }
  for (const call of ['kontra', 're'] as const) {
    const s = r[call];
    if (s === null) continue;
    bump(counts[s], call);
    if (won[s]) bump(counts[s], `${call}.won`);
  }
  for (const m of r.melds) {
    bump(counts[m.seat], 'melds', m.melds.length);
    bump(counts[m.seat], 'melds.points', m.value);
  }
  for (const b of r.belle) bump(counts[b.seat], 'belle');
  // On the Mitte: the declarer's party as many points as the best other party, which loses it (000 5).
  let best = 0;
  for (const s of r.seats) if (sides[s] !== ours) best = Math.max(best, r.points[s]);
  if (r.points[r.declarer] === best) for (const s of r.seats) bump(counts[s], 'mitte');
  const cardPoints = sides.map((side, s) => (side < 0 ? 0 : r.cardPoints[s]));
  return {
    sides,
    score: r.awarded,
    won,
    cardPoints,
    cardPointsAll: allCardPoints(sides, cardPoints),
    counts,
    void: false,
  };
}

/**
 * Places: 3 players by the ranking of the end game (first, second, third); otherwise the winners first and
 * the others by their match score.
 */
export function places(o: KlapperjasOutcome, seats: number): BySeat<number> {
  const big = 1e6;
  const keys: number[] = [];
  for (let s: Seat = 0; s < seats; s++) {
    const rank = o.ranking.indexOf(s);
    keys.push(rank >= 0 ? big * (seats - rank) : o.winners.includes(s) ? big * seats : o.scores[s]);
  }
  return densePlaces(keys);
}

export const klapperjasSummary: GameSummary<KlapperjasOutcome> = {
  lowerIsBetter: false,
  deal: dealSummary,
  places,
};
