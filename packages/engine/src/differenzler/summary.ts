/**
 * The common deal summary of Differenzler (core/summary.ts) from a round's result: each player is his own
 * side, the score is his difference to the estimate (002 Art. 4.10: the match score, lower is better), the
 * round is won by the seats nearest their estimate, and the counts are those of docs/statistics.md
 * "Differenzler".
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
import type { DifferenzlerOutcome } from './score.ts';
import type { RoundResult } from './types.ts';

export function dealSummary(r: RoundResult): DealSummary {
  const seats = r.differences.length;
  const sides = r.differences.map((_, s) => s);
  const best = Math.min(...r.differences);
  const counts = emptyCounts(seats);
  for (let s: Seat = 0; s < seats; s++) {
    bump(counts[s], 'distance', r.differences[s]);
    bump(counts[s], 'estimate', r.estimates[s]);
    if (r.differences[s] === 0) bump(counts[s], 'exact');
  }
  return {
    sides,
    score: r.differences,
    won: r.differences.map((d) => d === best),
    cardPoints: r.points,
    cardPointsAll: allCardPoints(sides, r.points),
    counts,
    void: false,
  };
}

/** Places: the match's winners first (lowest total, the `hits` tiebreak applied), then by lower total. */
export function places(o: DifferenzlerOutcome, seats: number): BySeat<number> {
  const keys: number[] = [];
  for (let s: Seat = 0; s < seats; s++) keys.push(o.winners.includes(s) ? 1e9 : -o.scores[s]);
  return densePlaces(keys);
}

export const differenzlerSummary: GameSummary<DifferenzlerOutcome> = {
  lowerIsBetter: true,
  deal: dealSummary,
  places,
};
