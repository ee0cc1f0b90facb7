/**
 * The common summary of a finished deal, the same shape for every game (issue 23 "Deal results get common
 * fields"): which side each seat played on, what the deal scored for each seat as the game counts, who won
 * it, the card points and the game's own counts by stable keys (docs/statistics.md). Statistics and ratings
 * read deals only through this, never a game's own result fields.
 */
import type { BaseOutcome, BySeat, Seat } from './game.ts';

export interface DealSummary {
  /**
   * The side of each seat: seats with the same number played together (a partnership, Doppelkopf's Re 0 and
   * Kontra 1, each player alone in Differenzler); -1 for a seat that sat the deal out.
   */
  readonly sides: BySeat<number>;
  /** Game points of each seat from this deal as the game counts them (they add up to the match score). */
  readonly score: BySeat<number>;
  /** Whether each seat's side won the deal (Differenzler: the seats nearest their estimate). */
  readonly won: BySeat<boolean>;
  /** Card points the seat's side took in this deal. */
  readonly cardPoints: BySeat<number>;
  /** Card points there were in this deal (the sides' card points added). */
  readonly cardPointsAll: number;
  /** The game's own counts of each seat, by the keys of docs/statistics.md; absent keys are 0. */
  readonly counts: BySeat<Readonly<Record<string, number>>>;
  /** A deal void of play (a Doppelkopf redeal): it scored nothing and counts as no deal played. */
  readonly void: boolean;
}

/**
 * What every game supplies: the summary of one of its outcome's deals, and each seat's place in the
 * finished match (1 the best; seats that share a result share a place).
 */
export interface GameSummary<Outcome extends BaseOutcome = BaseOutcome> {
  /** Whether a lower score is the better one (Differenzler's differences), for a ranking of a deal's seats. */
  readonly lowerIsBetter: boolean;
  deal(result: Outcome['deals'][number], seats: number): DealSummary;
  places(outcome: Outcome, seats: number): BySeat<number>;
}

/** Dense places from a "better than" key per seat: equal keys share a place, the next key is one place on. */
export function densePlaces(keys: readonly number[]): number[] {
  const distinct = [...new Set(keys)].sort((a, b) => b - a);
  return keys.map((k) => distinct.indexOf(k) + 1);
}

/** Counts as a fresh record per seat, to be filled by a game's summary. */
export const emptyCounts = (seats: number): Record<string, number>[] =>
  Array.from({ length: seats }, () => ({}));

/** Adds `n` to `key` of a count record. */
export function bump(c: Record<string, number>, key: string, n = 1): void {
  c[key] = (c[key] ?? 0) + n;
}

/** The sum of each side's card points (every side once). */
export function allCardPoints(sides: readonly number[], cardPoints: readonly number[]): number {
  const seen = new Set<number>();
  let all = 0;
  for (let s: Seat = 0; s < sides.length; s++) {
    if (sides[s] < 0 || seen.has(sides[s])) continue;
    seen.add(sides[s]);
    all += cardPoints[s];
  }
  return all;
}
