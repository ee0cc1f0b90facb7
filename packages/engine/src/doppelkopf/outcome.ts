/** The Doppelkopf outcome: every finished deal, the running totals, the winners at the end. */
import type { BaseOutcome, Seat } from '../core/game.ts';
import type { DealResult, DoppelkopfState } from './state.ts';

export interface DoppelkopfOutcome extends BaseOutcome {
  readonly deals: readonly DealResult[];
}

export function outcome(s: DoppelkopfState): DoppelkopfOutcome {
  const over = s.phase === 'over';
  let winners: Seat[] = [];
  if (over) {
    const top = Math.max(...s.m.scores);
    winners = [0, 1, 2, 3].filter((x) => s.m.scores[x] === top);
  }
  return { deals: s.m.results, scores: s.m.scores, over, winners };
}
