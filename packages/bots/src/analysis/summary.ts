/**
 * The analysis's units and its sums per seat, in a module of their own: the server imports them on its main
 * thread, where the solvers (analysis/index.ts, loaded on the analysis worker) have no business.
 */
import type { GameId, Seat } from '@stich/engine';

/** The unit of every value and loss of a game. */
export type Unit = 'card points' | 'distance' | 'game points';

export const UNITS: Readonly<Record<GameId, Unit>> = {
  klapperjas: 'card points',
  klaberjass: 'card points',
  differenzler: 'distance',
  doppelkopf: 'game points',
};

export interface SeatSummary {
  readonly seat: Seat;
  /** Sum of the losses of the seat's moves: all cards known, and from the seat's view. */
  readonly ddLoss: number;
  readonly viewLoss: number;
  /** Calls where the seat chose otherwise than the search level. */
  readonly disagreements: number;
  /** The seat's largest mistakes (by view loss, then dd loss), at most 3, as action indices. */
  readonly largest: readonly { readonly index: number; readonly view: number; readonly dd: number }[];
}

const round = (x: number) => Math.round(x * 100) / 100;

/** The match summary: each seat's deal summaries summed, its five largest mistakes over all deals. */
export function mergeSummaries(
  deals: readonly { readonly seats: readonly (SeatSummary | undefined)[] }[],
  seats: number,
): SeatSummary[] {
  return Array.from({ length: seats }, (_, seat) => {
    const all = deals.map((d) => d.seats[seat]).filter((s) => s !== undefined);
    return {
      seat,
      ddLoss: round(all.reduce((a, s) => a + s.ddLoss, 0)),
      viewLoss: round(all.reduce((a, s) => a + s.viewLoss, 0)),
      disagreements: all.reduce((a, s) => a + s.disagreements, 0),
      largest: all
        .flatMap((s) => s.largest)
        .sort((a, b) => b.view - a.view || b.dd - a.dd)
        .slice(0, 5),
    };
  });
}
