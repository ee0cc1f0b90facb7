/**
 * Statistics, ratings and leaderboards (docs/accounts.md, docs/ratings.md): what a public profile and a
 * leaderboard answer. Statistics are computed from the stored records by one code path on the server.
 */
import type { GameId } from '@stich/engine';
import type { BotLevel } from '@stich/engine/levels';

/** A rating (OpenSkill): `mu` and `sigma`, and the displayed `ordinal` (mu − 3σ, scaled as docs/ratings.md says). */
export interface Rating {
  readonly mu: number;
  readonly sigma: number;
  /** What players see and the leaderboard orders by. */
  readonly display: number;
  /** Rated matches. */
  readonly matches: number;
  /** Fewer rated matches than the leaderboard's minimum: shown with a "?". */
  readonly provisional: boolean;
}

/** Counts of one player in one game and preset. Averages are left to the reader (sums and counts travel). */
export interface GameStats {
  readonly game: GameId;
  /** The preset's id, or null for a table set up without one. */
  readonly preset: string | null;
  readonly matches: number;
  readonly matchesWon: number;
  readonly matchesLost: number;
  readonly deals: number;
  readonly dealsWon: number;
  readonly dealsLost: number;
  /** Sum of the player's game points (the deal's score for the player's side) over all deals. */
  readonly gamePoints: number;
  /** Card points the player's side took, and card points there were in those deals. */
  readonly cardPoints: number;
  readonly cardPointsAll: number;
  /**
   * The game's own counts, by keys the engine names (e.g. Doppelkopf `re.won`, `solo.queens.played`,
   * `fox.caught`; Differenzler `distance`, `exact`); the web labels them through its texts.
   */
  readonly counts: Readonly<Record<string, number>>;
  /** Matches against computer players, by the strongest level at the table: played and won. */
  readonly vsBots: Partial<Readonly<Record<BotLevel, { readonly matches: number; readonly won: number }>>>;
  /** Hints the player asked for. */
  readonly hints: number;
  /** Game points per deal: value → deals, for the histogram. */
  readonly histogram: Readonly<Record<string, number>>;
  readonly rating: Rating | null;
}

export interface RecentMatch {
  readonly tableId: string;
  readonly game: GameId;
  readonly preset: string | null;
  readonly endedAt: string;
  /** 1 for the best; ties share a place. */
  readonly place: number;
  readonly players: number;
  /** The player's match score as the game counts it. */
  readonly score: number;
  /** Whether the player's seat used hints (such matches are not rated). */
  readonly hinted: boolean;
}

export interface RatingPoint {
  readonly at: string;
  readonly game: GameId;
  readonly preset: string | null;
  readonly display: number;
}

/** GET /api/players/:name */
export interface ProfileResponse {
  readonly player: { readonly name: string; readonly since: string };
  readonly games: readonly GameStats[];
  /** The last 50 finished matches, newest first. */
  readonly recent: readonly RecentMatch[];
  /** The rating after each rated match, oldest first. */
  readonly ratingHistory: readonly RatingPoint[];
}

export interface LeaderboardRow {
  readonly place: number;
  readonly name: string;
  /** A computer player's level (fixed rating), else absent. */
  readonly bot?: BotLevel;
  readonly rating: Rating;
  /** When the player last finished a rated match. */
  readonly lastPlayed: string;
}

/** GET /api/leaderboard/:game?preset= */
export interface LeaderboardResponse {
  readonly game: GameId;
  readonly preset: string | null;
  /** Rated matches a player needs to lose the provisional marker, and the activity a row needs. */
  readonly minMatches: number;
  readonly activeDays: number;
  readonly rows: readonly LeaderboardRow[];
}

export const STATS_API = {
  profile: '/api/players/:name',
  leaderboard: '/api/leaderboard/:game',
} as const;
