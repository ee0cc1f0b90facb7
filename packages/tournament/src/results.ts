/** What a finished table reports back: the input of standings and of the next round's draw. */
import type { GameId } from '@stich/engine';

export interface GameResult {
  /**
   * By table seat; null for the seat that sat out (the dealer at a table of five). DDV: the game
   * points scored; Differenzler: the difference; duplicate: the game's deal score (Doppelkopf game
   * points, Klapper-Jas match points awarded, Differenzler the difference); Swiss: the match score.
   */
  readonly scores: readonly (number | null)[];
  /** Duplicate: the deal's number in its round (every table plays deals 0, 1, ...). */
  readonly deal?: number;
}

export interface TableResult {
  /** Round (series, pass), from 0. */
  readonly round: number;
  /** Table of the round, from 0. */
  readonly table: number;
  /** The players by seat. A Swiss bye is a table of one. */
  readonly players: readonly string[];
  /** Duplicate: seat s held hand (s + rotation) mod 4 of each deal. */
  readonly rotation?: number;
  readonly games: readonly GameResult[];
  /** Swiss: the match winners (both on a tie; the player alone on a bye). */
  readonly winners?: readonly string[];
}

/** A finished deal's scores by seat as the formats count them (Differenzler: the differences). */
export function dealScores(game: GameId, deal: Record<string, unknown>): number[] {
  switch (game) {
    case 'doppelkopf':
      return deal.score as number[];
    case 'differenzler':
      return deal.differences as number[];
    case 'klapperjas':
      return deal.awarded as number[];
    case 'klaberjass':
      return deal.scored as number[];
  }
}

/**
 * Whether a finished deal of an outcome was void and dealt again: Doppelkopf's house redeals (Krankheit,
 * two poor players, an Armut nobody takes) are listed as contract `redeal` with no points and do not count
 * toward the match's `games` (engine doppelkopf/deal.ts `redeal`). They are no game of a tournament.
 */
export const isVoidDeal = (game: GameId, deal: Record<string, unknown>): boolean =>
  game === 'doppelkopf' && (deal.contract as { kind?: unknown } | undefined)?.kind === 'redeal';

/** An outcome's deals that are games (void deals left out), in order. */
export const playedDeals = (game: GameId, deals: readonly unknown[]): Record<string, unknown>[] =>
  (deals as Record<string, unknown>[]).filter((d) => !isVoidDeal(game, d));

/**
 * The seats (0..4) of a table of five who play its game `p`, by engine seat: the player at seat p mod 5
 * deals and sits out, the four after him play, the first of them leading (engine seat 0).
 */
export const partSeats = (p: number): number[] => [1, 2, 3, 4].map((j) => (p + j) % 5);

/** Whether a higher deal score is better in the game (Differenzler scores differences). */
export const higherIsBetter = (game: GameId): boolean => game !== 'differenzler';
