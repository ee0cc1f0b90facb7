/**
 * The match result (002 Art. 1, 4.10): the differences summed by seat; the lowest total wins.
 */
import type { BaseOutcome, BySeat, Seat } from '../core/game.ts';
import type { DifferenzlerState, RoundResult } from './state.ts';

export interface DifferenzlerOutcome extends BaseOutcome {
  /** One row per finished round: estimates, points and differences by seat. */
  readonly deals: readonly RoundResult[];
  /** Difference totals by seat: lower is better. */
  readonly scores: BySeat<number>;
  /** Rounds estimated exactly (difference 0), by seat: the `hits` tiebreak. */
  readonly hits: BySeat<number>;
}

export function exactHits(results: readonly RoundResult[]): number[] {
  const hits = [0, 0, 0, 0];
  for (const r of results) for (let s = 0; s < 4; s++) if (r.differences[s] === 0) hits[s]++;
  return hits;
}

/** The lowest total wins; a tie is shared, or with `tiebreak: 'hits'` goes to more exact estimates first. */
export function matchWinners(state: DifferenzlerState): Seat[] {
  const totals = state.totals;
  const low = Math.min(...totals);
  let winners = [0, 1, 2, 3].filter((s) => totals[s] === low);
  if (winners.length > 1 && state.config.options.tiebreak === 'hits') {
    const hits = exactHits(state.results);
    const most = Math.max(...winners.map((s) => hits[s]));
    winners = winners.filter((s) => hits[s] === most);
  }
  return winners;
}

export function outcome(state: DifferenzlerState): DifferenzlerOutcome {
  const over = state.phase === 'over';
  return {
    deals: state.results,
    scores: state.totals,
    hits: exactHits(state.results),
    over,
    winners: over ? matchWinners(state) : [],
  };
}
