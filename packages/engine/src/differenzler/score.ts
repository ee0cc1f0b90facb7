/**
 * The round's score and the match result (002 Art. 1, 4.8-4.10): each seat's difference between its
 * estimate and its points; the differences summed by seat; the lowest total wins.
 */
import { SUITS } from '../core/cards.ts';
import type { BaseOutcome, BySeat, Seat } from '../core/game.ts';
import type { DealTally } from '../kernel/index.ts';
import type { DifferenzlerState, RoundResult } from './types.ts';

export interface DifferenzlerOutcome extends BaseOutcome {
  /** One row per finished round: estimates, points and differences by seat. */
  readonly deals: readonly RoundResult[];
  /** Difference totals by seat: lower is better. */
  readonly scores: BySeat<number>;
  /** Rounds estimated exactly (difference 0), by seat: the `hits` tiebreak. */
  readonly hits: BySeat<number>;
}

/** 002 Art. 4.8: the round's row, from the kernel's tally; its differences add to the match score. */
export function scoreDeal(s: DifferenzlerState, tally: DealTally): RoundResult {
  const estimates = s.own.estimates;
  const points = tally.points;
  return {
    round: tally.deal,
    dealer: tally.dealer,
    trump: SUITS[s.own.trump],
    estimates,
    points,
    differences: [
      Math.abs(estimates[0] - points[0]),
      Math.abs(estimates[1] - points[1]),
      Math.abs(estimates[2] - points[2]),
      Math.abs(estimates[3] - points[3]),
    ],
    lastTrick: tally.lastTrick,
    lastCards: s.tricks[s.tricks.length - 1].cards,
  };
}

export const dealScore = (r: RoundResult): readonly number[] => r.differences;

/** 002 Art. 4.9: the deal passes on until the match's rounds are played. */
export const isMatchOver = (s: DifferenzlerState): boolean => s.dealt >= s.config.options.rounds;

export function exactHits(results: readonly RoundResult[]): number[] {
  const hits = [0, 0, 0, 0];
  for (const r of results) for (let s = 0; s < 4; s++) if (r.differences[s] === 0) hits[s]++;
  return hits;
}

/** The lowest total wins; a tie is shared, or with `tiebreak: 'hits'` goes to more exact estimates first. */
export function matchWinners(s: DifferenzlerState): Seat[] {
  const totals = s.scores;
  const low = Math.min(...totals);
  let winners = [0, 1, 2, 3].filter((seat) => totals[seat] === low);
  if (winners.length > 1 && s.config.options.tiebreak === 'hits') {
    const hits = exactHits(s.results);
    const most = Math.max(...winners.map((seat) => hits[seat]));
    winners = winners.filter((seat) => hits[seat] === most);
  }
  return winners;
}

export const outcome = (s: DifferenzlerState, winners: readonly Seat[]): DifferenzlerOutcome => ({
  deals: s.results,
  scores: s.scores,
  hits: exactHits(s.results),
  over: s.phase === 'over',
  winners: [...winners],
});
