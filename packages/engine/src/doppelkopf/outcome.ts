/** The Doppelkopf outcome: every finished deal, the running totals, the winners at the end. */
import type { BaseOutcome } from '../core/game.ts';
import { highestSeats } from '../kernel/index.ts';
import type { DealResult, DoppelkopfState } from './state.ts';

export interface DoppelkopfOutcome extends BaseOutcome {
  readonly deals: readonly DealResult[];
}

export function outcome(s: DoppelkopfState): DoppelkopfOutcome {
  const over = s.phase === 'over';
  return { deals: s.m.results, scores: s.m.scores, over, winners: over ? highestSeats(s.m.scores) : [] };
}
