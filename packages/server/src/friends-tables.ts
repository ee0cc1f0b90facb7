/**
 * The friends' tables (docs/friends.md) and their migration, apart from friends.ts so that db.ts imports no
 * route code.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** One asking, from `asker` to `asked`; `friends` once the asked one accepted (or asked back). */
interface FriendshipsTable {
  asker: string;
  asked: string;
  /** 1: mutual friends; 0: asked, no answer yet. */
  mutual: number;
  at: string;
}

interface BlocksTable {
  blocker: string;
  blocked: string;
  at: string;
}

interface InvitationsTable {
  id: string;
  from_id: string;
  to_id: string;
  table_id: string;
  at: string;
}

/** When a player was last seen by the friends' list (docs/friends.md, "Online"). */
interface PresenceTable {
  player_id: string;
  seen_at: string;
}

export interface FriendsSchema {
  friendships: FriendshipsTable;
  blocks: BlocksTable;
  invitations: InvitationsTable;
  seen: PresenceTable;
}

/** Migration 011 (db.ts). */
export const FRIENDS_MIGRATION: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('friendships')
      .addColumn('asker', 'text', (c) => c.notNull())
      .addColumn('asked', 'text', (c) => c.notNull())
      .addColumn('mutual', 'integer', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('friendships_pk', ['asker', 'asked'])
      .execute();
    await db.schema.createIndex('friendships_asked').on('friendships').column('asked').execute();
    await db.schema
      .createTable('blocks')
      .addColumn('blocker', 'text', (c) => c.notNull())
      .addColumn('blocked', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('blocks_pk', ['blocker', 'blocked'])
      .execute();
    await db.schema.createIndex('blocks_blocked').on('blocks').column('blocked').execute();
    await db.schema
      .createTable('invitations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('from_id', 'text', (c) => c.notNull())
      .addColumn('to_id', 'text', (c) => c.notNull())
      .addColumn('table_id', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('invitations_to').on('invitations').column('to_id').execute();
    await db.schema
      .createTable('seen')
      .addColumn('player_id', 'text', (c) => c.primaryKey())
      .addColumn('seen_at', 'text', (c) => c.notNull())
      .execute();
  },
};
