/**
 * The chat's tables (docs/chat.md) and their migration, apart from chat.ts so that db.ts imports no room
 * code. Messages are kept per table beside its steps, never among them: the rules' record, `stich verify`
 * and the analysis read `steps` only.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Db } from './db.ts';

/** One chat message of a table. */
export interface ChatMessagesTable {
  table_id: string;
  /** The table's message number, from 0. */
  n: number;
  /** 'players' | 'spectators' */
  channel: string;
  seat: number | null;
  player_id: string;
  /** The writer's name then (an account's deletion replaces it, as at his seats). */
  name: string;
  quick: string | null;
  /** Free text as shown (profanity masked); null for a quick phrase and once the writer's account is deleted. */
  text: string | null;
  /** 1 when the text reads as a link. */
  link: number;
  /** The table's step when it was written. */
  seq: number;
  /** Unix ms. */
  at: number;
  /** A moderator hid it (ISO time), and who; hidden messages reach nobody and no record. */
  hidden_at: string | null;
  hidden_by: string | null;
}

/** A message reported to the moderators, with the numbers of the messages before it in its channel. */
export interface ChatReportsTable {
  id: string;
  table_id: string;
  n: number;
  reporter_id: string;
  /** The reported message's writer. */
  player_id: string;
  reason: string | null;
  /** JSON: the message numbers of its context (REPORT_CONTEXT before it, same channel), oldest first. */
  context: string;
  created_at: string;
  /** A moderator closed it (ISO time; migration 013), who, and how: 'hidden' | 'dismissed'. Null: open. */
  closed_at: string | null;
  closed_by: string | null;
  outcome: string | null;
}

/** Players a moderator barred from chat, on every table. */
interface ChatBarsTable {
  player_id: string;
  by: string;
  at: string;
}

/** A table whose host turned free text off (no row: on). */
interface ChatRulesTable {
  table_id: string;
  free_text: number;
}

export interface ChatSchema {
  chat_messages: ChatMessagesTable;
  chat_reports: ChatReportsTable;
  chat_bars: ChatBarsTable;
  chat_rules: ChatRulesTable;
}

export const CHAT_MIGRATION: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('chat_messages')
      .addColumn('table_id', 'text', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('seat', 'integer')
      .addColumn('player_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('quick', 'text')
      .addColumn('text', 'text')
      .addColumn('link', 'integer', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('hidden_at', 'text')
      .addColumn('hidden_by', 'text')
      .addPrimaryKeyConstraint('chat_messages_pk', ['table_id', 'n'])
      .execute();
    // An account's deletion finds its messages by it.
    await db.schema.createIndex('chat_messages_player').on('chat_messages').column('player_id').execute();
    await db.schema
      .createTable('chat_reports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('table_id', 'text', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addColumn('reporter_id', 'text', (c) => c.notNull())
      .addColumn('player_id', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('context', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('chat_reports_created').on('chat_reports').column('created_at').execute();
    await db.schema
      .createTable('chat_bars')
      .addColumn('player_id', 'text', (c) => c.primaryKey())
      .addColumn('by', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('chat_rules')
      .addColumn('table_id', 'text', (c) => c.primaryKey())
      .addColumn('free_text', 'integer', (c) => c.notNull())
      .execute();
  },
};

/** The moderators' screen (docs/chat.md): a report is open until a moderator hides its message or dismisses it. */
export const REPORTS_CLOSED_MIGRATION: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('chat_reports').addColumn('closed_at', 'text').execute();
    await db.schema.alterTable('chat_reports').addColumn('closed_by', 'text').execute();
    await db.schema.alterTable('chat_reports').addColumn('outcome', 'text').execute();
  },
};

/**
 * Closes every open report of message `n` of a table as `hidden` (a moderator hid it, at the table or on
 * the moderators' screen): there is nothing left to decide about a message nobody sees any more.
 */
export async function closeHidden(db: Db, tableId: string, n: number, by: string): Promise<void> {
  await db
    .updateTable('chat_reports')
    .set({ closed_at: new Date().toISOString(), closed_by: by, outcome: 'hidden' })
    .where('table_id', '=', tableId)
    .where('n', '=', n)
    .where('closed_at', 'is', null)
    .execute();
}
