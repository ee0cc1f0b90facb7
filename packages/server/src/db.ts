/**
 * Persistence through Kysely: SQLite (better-sqlite3, a file under ./data) by default, PostgreSQL when
 * DATABASE_URL is set. Migrations run on start. JSON goes into text columns so both dialects store the same.
 *
 * Tables: `players` (guest identities), `tables` (setup and status), `seats` (who holds each human seat),
 * `steps` (every deal and action of a table in order: the table's record), `leases` (which process owns a
 * live table), `analyses` (the analysis of each finished deal), `hint_rules` and `hint_uses` (hints.ts),
 * `fair_seeds` (the secret seed of each table's next deal), `accounts`, `sessions`, `passkeys`, `challenges` and
 * `login_failures` (docs/accounts.md), `match_stats` (statistics: statsdb.ts), the chat's (chat-tables.ts).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import pg from 'pg';
import { CHAT_MIGRATION, type ChatSchema, REPORTS_CLOSED_MIGRATION } from './chat-tables.ts';
import { FRIENDS_MIGRATION, type FriendsSchema } from './friends-tables.ts';
import { RATINGS_MIGRATION, type RatingsSchema } from './ratings-tables.ts';
import {
  TOURNAMENT_PARTS_MIGRATION,
  TOURNAMENTS_MIGRATION,
  type TournamentsSchema,
} from './tournaments-tables.ts';

interface PlayersTable {
  id: string;
  token_hash: string;
  name: string;
  created_at: string;
}

export interface TablesTable {
  id: string;
  game: string;
  /** JSON: the engine setup `{ players, preset, options }`. */
  config: string;
  /** JSON: SeatSetup[] */
  setup: string;
  visibility: string;
  invite: string | null;
  status: string;
  dealer: number;
  turn_timer: number | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

interface SeatsTable {
  table_id: string;
  seat: number;
  player_id: string;
  name: string;
  token_hash: string;
}

interface StepsTable {
  table_id: string;
  seq: number;
  /** 'deal' | 'action' */
  kind: string;
  seat: number | null;
  /** JSON: the explicit deal or the action. */
  data: string;
  at: string;
}

/** Who owns a live table (leases.ts): one row per table loaded by some process. */
interface LeasesTable {
  table_id: string;
  /** The owning process (its Colyseus processId). */
  owner: string;
  /** Milliseconds since 1970 in the database's clock; the lease is void after it. */
  expires_at: number;
}

/** The analysis of one finished deal (analysis.ts, docs/analysis.md): JSON of the bots' DealAnalysis. */
interface AnalysesTable {
  table_id: string;
  deal: number;
  data: string;
  created_at: string;
}

/** Hints at a table (hints.ts): the table's choice, when it differs from the default (one person against bots). */
interface HintRulesTable {
  table_id: string;
  /** 1 on, 0 off. */
  allowed: number;
}

/** A hint asked for: by which seat, at which step (the number of steps applied then). */
interface HintUsesTable {
  table_id: string;
  seq: number;
  seat: number;
  at: string;
}

/**
 * The secret server seed of a table's coming deal (fair.ts, docs/fair-deal.md), stored before its commitment
 * is published so that it survives a restart or a takeover; once dealt, the seed is in the deal's step.
 */
interface FairSeedsTable {
  table_id: string;
  /** The deal's number in the table's record (0 for the first deal). */
  deal: number;
  /** 32 bytes, lowercase hex. */
  seed: string;
}

/**
 * An account (docs/accounts.md): a player who claimed a name. `name_key` is the name's skeleton (NFKC, case
 * folded, Unicode look-alikes mapped), unique so that no two names read alike. A deleted account keeps its
 * row with `deleted_at` set and no name, so that nobody takes its place in others' records.
 */
interface AccountsTable {
  player_id: string;
  name: string;
  name_key: string;
  /** Argon2id (PHC string), null for an account with passkeys only. */
  password_hash: string | null;
  created_at: string;
  deleted_at: string | null;
}

/**
 * A signed-in browser (sessions.ts): the cookie's secret and the session's play token, both stored as
 * SHA-256 hashes. Times are ISO strings (they compare as text on both databases).
 */
interface SessionsTable {
  /** Public id (listing, ending one session); not a secret. */
  id: string;
  player_id: string;
  /** Hash of the `stich_session` cookie's value. */
  token_hash: string;
  /** Hash of the session's play token (accepted as a player token until the session ends). */
  play_hash: string;
  /** The browser's user agent, shortened. */
  agent: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** A WebAuthn credential of an account (passkeys.ts). */
interface PasskeysTable {
  /** The credential id (base64url). */
  id: string;
  player_id: string;
  /** COSE public key (base64url). */
  public_key: string;
  counter: number;
  /** JSON: AuthenticatorTransport[] */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A WebAuthn challenge handed out and not used yet (passkeys.ts): deleted when used, void after `expires_at`. */
interface ChallengesTable {
  challenge: string;
  /** 'register' | 'login' */
  kind: string;
  /** The account adding a passkey ('register'); null for a sign-in. */
  player_id: string | null;
  expires_at: string;
}

/** Failed sign-ins per typed name's key (account.ts): the growing lockout, shared by every process. */
interface LoginFailuresTable {
  name_key: string;
  failures: number;
  last_at: string;
  locked_until: string;
}

/**
 * One human seat's finished match (statsdb.ts, docs/statistics.md): `data` is the JSON of stats.ts
 * `SeatMatch`, or `{ failed }` for a record that does not replay.
 */
interface MatchStatsTable {
  table_id: string;
  seat: number;
  player_id: string;
  ended_at: string;
  data: string;
}

/**
 * With the ratings' tables (ratings-tables.ts: rated_matches, ratings, rating_history), the chat's
 * (chat-tables.ts: chat_messages, chat_reports, chat_bars, chat_rules) and the friends'
 * (friends-tables.ts: friendships, blocks, invitations, seen) and the tournaments' (tournaments-tables.ts).
 */
export interface Schema extends RatingsSchema, ChatSchema, FriendsSchema, TournamentsSchema {
  players: PlayersTable;
  match_stats: MatchStatsTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  passkeys: PasskeysTable;
  challenges: ChallengesTable;
  login_failures: LoginFailuresTable;
  fair_seeds: FairSeedsTable;
  tables: TablesTable;
  seats: SeatsTable;
  steps: StepsTable;
  leases: LeasesTable;
  analyses: AnalysesTable;
  hint_rules: HintRulesTable;
  hint_uses: HintUsesTable;
}

export type Db = Kysely<Schema>;

const migrations: Record<string, Migration> = {
  '001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('players')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('tables')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('config', 'text', (c) => c.notNull())
        .addColumn('setup', 'text', (c) => c.notNull())
        .addColumn('visibility', 'text', (c) => c.notNull())
        .addColumn('invite', 'text', (c) => c.unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('dealer', 'integer', (c) => c.notNull())
        .addColumn('turn_timer', 'integer')
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tables_status').on('tables').column('status').execute();
      await db.schema
        .createTable('seats')
        .addColumn('table_id', 'text', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('seats_pk', ['table_id', 'seat'])
        .execute();
      await db.schema
        .createTable('steps')
        .addColumn('table_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('seat', 'integer')
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('steps_pk', ['table_id', 'seq'])
        .execute();
    },
  },
  // The per-guest table limits count a creator's tables (limits in docs/server.md).
  '002_tables_by_creator': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('tables_creator')
        .on('tables')
        .columns(['created_by', 'created_at'])
        .execute();
    },
  },
  // Ownership leases: exactly one process loads and writes a table (leases.ts, docs/deploy.md).
  '003_leases': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('leases')
        .addColumn('table_id', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('leases_owner').on('leases').column('owner').execute();
    },
  },
  // Deal analyses, stored once per finished deal (analysis.ts, docs/analysis.md).
  '004_analyses': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('analyses')
        .addColumn('table_id', 'text', (c) => c.notNull())
        .addColumn('deal', 'integer', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('analyses_pk', ['table_id', 'deal'])
        .execute();
      // Hints (hints.ts): a table's choice and every hint asked for, shown to all and in the record.
      await db.schema
        .createTable('hint_rules')
        .addColumn('table_id', 'text', (c) => c.primaryKey())
        .addColumn('allowed', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('hint_uses')
        .addColumn('table_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('hint_uses_pk', ['table_id', 'seq', 'seat'])
        .execute();
    },
  },
  // The secret seed of each table's next deal, committed to before it is dealt (fair.ts).
  '005_fair_seeds': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('fair_seeds')
        .addColumn('table_id', 'text', (c) => c.notNull())
        .addColumn('deal', 'integer', (c) => c.notNull())
        .addColumn('seed', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('fair_seeds_pk', ['table_id', 'deal'])
        .execute();
    },
  },
  // Accounts (docs/accounts.md). Later migrations of this stop: 007 sessions and passkeys, 008 statistics,
  // 009 ratings.
  '006_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('accounts')
        .addColumn('player_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();
    },
  },
  // Sessions, passkeys, WebAuthn challenges and failed sign-ins (docs/accounts.md).
  '007_sessions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('play_hash', 'text', (c) => c.notNull().unique())
        .addColumn('agent', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_player').on('sessions').column('player_id').execute();
      await db.schema
        .createTable('passkeys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('passkeys_player').on('passkeys').column('player_id').execute();
      await db.schema
        .createTable('challenges')
        .addColumn('challenge', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('player_id', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('login_failures')
        .addColumn('name_key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('last_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Statistics (statsdb.ts, docs/statistics.md): each human seat's finished match, and the seats by player
  // (a profile finds the player's tables by it).
  '008_stats': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('match_stats')
        .addColumn('table_id', 'text', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('match_stats_pk', ['table_id', 'seat'])
        .execute();
      await db.schema.createIndex('match_stats_player').on('match_stats').column('player_id').execute();
      await db.schema.createIndex('seats_player').on('seats').column('player_id').execute();
    },
  },
  // Ratings and their history (ratings-store.ts, docs/ratings.md).
  '009_ratings': RATINGS_MIGRATION,
  // Chat at the table (chat.ts, docs/chat.md): messages, reports, bars, the host's free-text choice.
  '010_chat': CHAT_MIGRATION,
  // Friends, blocks, invitations to a seat, when a player was last seen (friends.ts, docs/friends.md).
  '011_friends': FRIENDS_MIGRATION,
  // Tournaments, their tables' results and dropouts (tournaments-tables.ts, docs/tournaments.md).
  '012_tournaments': TOURNAMENTS_MIGRATION,
  // The moderators' screen closes reports (moderation.ts, docs/chat.md).
  '013_reports_closed': REPORTS_CLOSED_MIGRATION,
  // Each part's table of a tournament table played in parts (tournaments-tables.ts, docs/tournaments.md).
  '014_tournament_parts': TOURNAMENT_PARTS_MIGRATION,
};

interface DbOptions {
  readonly databaseUrl: string | null;
  readonly databaseSchema: string;
  readonly sqliteFile: string;
  /** SQLite: how long a write waits for another writer's lock before it fails (ms). */
  readonly sqliteBusyMs?: number;
}

/**
 * The database handle under Kysely, for the one hot path that uses prepared statements of its own
 * (Store's step writer); everything else goes through Kysely.
 */
export type Driver = { readonly sqlite: SQLite.Database } | { readonly pg: pg.Pool };

/**
 * Called for a PostgreSQL connection that broke outside a query (restart, failover, terminated backend,
 * a proxy's idle timeout). The pool drops it and opens a new one for the next query; only the queries
 * running on it fail, and their callers see the error.
 */
type ConnectionErrorHandler = (err: Error) => void;

export async function openDb(
  opts: DbOptions,
  onConnectionError: ConnectionErrorHandler = () => {},
): Promise<{ db: Db; dialect: 'sqlite' | 'postgres'; driver: Driver }> {
  let db: Db;
  let dialect: 'sqlite' | 'postgres';
  let driver: Driver;
  if (opts.databaseUrl) {
    dialect = 'postgres';
    const schema = opts.databaseSchema;
    if (schema !== 'public') {
      const admin = new pg.Client({ connectionString: opts.databaseUrl });
      await admin.connect();
      try {
        // Only when missing: a role that owns its schema needs no CREATE right on the database.
        const found = await admin.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
        // Two processes of a cluster starting together may both create it: the loser's unique violation
        // (23505) or duplicate schema (42P06) means it is there.
        if (found.rowCount === 0)
          await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`).catch((e: { code?: string }) => {
            if (e.code !== '23505' && e.code !== '42P06') throw e;
          });
      } finally {
        await admin.end();
      }
    }
    // The schema is set when each connection opens, before any query runs on it.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      options: `-c search_path=${schema}`,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
    // A connection that breaks emits 'error' on its client (also while checked out between the queries
    // of a transaction) and, when idle, on the pool; unheard, either would end the process.
    pool.on('error', (err) => onConnectionError(err));
    pool.on('connect', (client) => client.on('error', (err) => onConnectionError(err)));
    db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    driver = { pg: pool };
  } else {
    dialect = 'sqlite';
    if (opts.sqliteFile !== ':memory:') mkdirSync(dirname(opts.sqliteFile), { recursive: true });
    const file = new SQLite(opts.sqliteFile);
    file.pragma('journal_mode = WAL');
    // WAL with synchronous=NORMAL survives a process crash (the test kills the server); it may lose the
    // last transactions only on a power cut.
    file.pragma('synchronous = NORMAL');
    file.pragma(`busy_timeout = ${Math.floor(opts.sqliteBusyMs ?? 5000)}`);
    db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: file }) });
    driver = { sqlite: file };
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(dialect === 'postgres' ? { migrationTableSchema: opts.databaseSchema } : {}),
  });
  let { error } = await migrator.migrateToLatest();
  // Kysely locks migrations on PostgreSQL but not on SQLite: processes of a cluster on one SQLite file that
  // start together may race; each migration is one transaction, so the loser rolls back and finds them done.
  for (let i = 0; error && dialect === 'sqlite' && i < 5; i++) {
    await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    ({ error } = await migrator.migrateToLatest());
  }
  if (error) throw new Error(`database migration failed: ${(error as Error).message ?? String(error)}`);
  return { db, dialect, driver };
}

/** Drops a PostgreSQL schema (test clean-up). */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

export { sql };
