/**
 * The ratings' tables (docs/ratings.md) and their migration, apart from ratings-store.ts so that db.ts
 * imports no store code.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

interface RatedMatchesTable {
  id: string;
  game: string;
  preset: string;
  /** The order of rating, over all games: recomputation replays the matches in it. */
  seq: number;
  at: string;
  /** 1 rated, 0 not (`reason`: hinted, program, no-humans, no-result). */
  rated: number;
  reason: string | null;
  /** JSON: `{ events, hinted, program? }` of the RatedMatch. */
  data: string;
}

export interface RatingsTable {
  game: string;
  preset: string;
  /** A player id, or `bot:<level>` for a computer player (fixed rating; the row counts its matches). */
  player_id: string;
  mu: number;
  sigma: number;
  matches: number;
  last_played: string;
}

interface RatingHistoryTable {
  player_id: string;
  game: string;
  preset: string;
  seq: number;
  match_id: string;
  at: string;
  mu: number;
  sigma: number;
}

export interface RatingsSchema {
  rated_matches: RatedMatchesTable;
  ratings: RatingsTable;
  rating_history: RatingHistoryTable;
}

/** Migration 009 (db.ts). */
export const RATINGS_MIGRATION: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rated_matches')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('game', 'text', (c) => c.notNull())
      .addColumn('preset', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('rated', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('data', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rated_matches_seq').on('rated_matches').column('seq').execute();
    await db.schema
      .createTable('ratings')
      .addColumn('game', 'text', (c) => c.notNull())
      .addColumn('preset', 'text', (c) => c.notNull())
      .addColumn('player_id', 'text', (c) => c.notNull())
      .addColumn('mu', 'double precision', (c) => c.notNull())
      .addColumn('sigma', 'double precision', (c) => c.notNull())
      .addColumn('matches', 'integer', (c) => c.notNull())
      .addColumn('last_played', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('ratings_pk', ['game', 'preset', 'player_id'])
      .execute();
    await db.schema.createIndex('ratings_player').on('ratings').column('player_id').execute();
    await db.schema
      .createTable('rating_history')
      .addColumn('player_id', 'text', (c) => c.notNull())
      .addColumn('game', 'text', (c) => c.notNull())
      .addColumn('preset', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('match_id', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('mu', 'double precision', (c) => c.notNull())
      .addColumn('sigma', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('rating_history_pk', ['player_id', 'seq'])
      .execute();
  },
};
