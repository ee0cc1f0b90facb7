/**
 * The common deal summaries of every game (core/summary.ts), by id: a game without its summary is a compile
 * error here. Statistics (server stats.ts) and ratings read a finished match only through these.
 */
import type { BaseOutcome, BySeat, GameId } from './core/game.ts';
import type { DealSummary, GameSummary } from './core/summary.ts';
import type { DifferenzlerOutcome } from './differenzler/score.ts';
import { differenzlerSummary } from './differenzler/summary.ts';
import type { DoppelkopfOutcome } from './doppelkopf/outcome.ts';
import { doppelkopfSummary } from './doppelkopf/summary.ts';
import { klaberjassSummary } from './klaberjass/summary.ts';
import type { KlaberjassOutcome } from './klaberjass/types.ts';
import { klapperjasSummary } from './klapperjas/summary.ts';
import type { KlapperjasOutcome } from './klapperjas/view.ts';

export type { DealSummary, GameSummary } from './core/summary.ts';

interface Outcomes {
  readonly differenzler: DifferenzlerOutcome;
  readonly doppelkopf: DoppelkopfOutcome;
  readonly klaberjass: KlaberjassOutcome;
  readonly klapperjas: KlapperjasOutcome;
}

export const DEAL_SUMMARIES: { readonly [G in GameId]: GameSummary<Outcomes[G]> } = {
  differenzler: differenzlerSummary,
  doppelkopf: doppelkopfSummary,
  klaberjass: klaberjassSummary,
  klapperjas: klapperjasSummary,
};

/** The summary of every deal of a match's outcome (`game.outcome(state)`), in order; `seats` at the table. */
export function dealSummaries(game: GameId, outcome: BaseOutcome, seats: number): DealSummary[] {
  const g = DEAL_SUMMARIES[game] as GameSummary;
  return outcome.deals.map((d) => g.deal(d, seats));
}

/** Each seat's place in the match (1 the best, shared by equal results). */
export function matchPlaces(game: GameId, outcome: BaseOutcome, seats: number): BySeat<number> {
  return (DEAL_SUMMARIES[game] as GameSummary).places(outcome, seats);
}
