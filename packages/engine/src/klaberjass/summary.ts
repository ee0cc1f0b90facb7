/**
 * The common deal summary of Klaberjass (core/summary.ts) from a deal's result: each player is his own side,
 * the score is what each scored from the deal (`scored`, 003), the deal's winner the result's `winner` (a tie
 * goes against the maker), and the counts are those of docs/statistics.md "Klaberjass".
 */
import type { BySeat } from '../core/game.ts';
import {
  allCardPoints,
  bump,
  type DealSummary,
  densePlaces,
  emptyCounts,
  type GameSummary,
} from '../core/summary.ts';
import type { KlaberjassDealResult, KlaberjassOutcome } from './types.ts';

export function dealSummary(r: KlaberjassDealResult): DealSummary {
  const sides = [0, 1];
  const counts = emptyCounts(2);
  const m = counts[r.maker];
  bump(m, 'maker');
  bump(m, r.winner === r.maker ? 'made' : 'lost');
  for (const s of r.schmeiss.accepted) {
    bump(counts[s], 'schmeiss');
    bump(counts[s], 'schmeiss.accepted');
  }
  if (r.schmeiss.refused !== null) {
    bump(counts[r.schmeiss.refused], 'schmeiss');
    bump(counts[r.schmeiss.refused], 'schmeiss.refused');
  }
  if (r.bella !== null) bump(counts[r.bella], 'bella');
  if (r.sequences.seat !== null && r.sequences.points > 0) {
    bump(counts[r.sequences.seat], 'sequences');
    bump(counts[r.sequences.seat], 'sequences.points', r.sequences.points);
  }
  return {
    sides,
    score: r.scored,
    won: sides.map((s) => s === r.winner),
    cardPoints: r.cardPoints,
    cardPointsAll: allCardPoints(sides, r.cardPoints),
    counts,
    void: false,
  };
}

/** Places: the winner of the match first. */
export function places(o: KlaberjassOutcome): BySeat<number> {
  return densePlaces([0, 1].map((s) => (o.winners.includes(s) ? 1 : 0)));
}

export const klaberjassSummary: GameSummary<KlaberjassOutcome> = {
  lowerIsBetter: false,
  deal: dealSummary,
  places,
};
