/**
 * The tournaments' tables (docs/tournaments.md, "On the server") and their migration, with the queries the
 * routes (tournaments-routes.ts), the runner (tournaments-run.ts) and the table rooms share. Everything a
 * tournament is lives here, so any process of a cluster answers for it and another can drive it on.
 */
import type { GameResult, Settings, TableResult, Tournament } from '@stich/tournament';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Db } from './db.ts';

export interface TournamentsTable {
  id: string;
  name: string;
  /** The organizer's player id (an account). */
  organizer: string;
  /** 1: listed for everyone; 0: by invite code. */
  public: number;
  code: string | null;
  format: string;
  /** JSON: the core's `Settings` (rounds fixed at the start). */
  settings: string;
  /** open | running | finished | cancelled */
  status: string;
  /** JSON: the registered players' ids in registration order (the core's players). */
  players: string;
  /** The settings' start time as an ISO string (the runner's start-by-itself query), or null. */
  starts_at: string | null;
  /** Secret of the duplicate deals: mixed into the public seed so the settings never tell the cards. */
  secret: string;
  created_at: string;
  started_at: string | null;
}

/** One table of one round: opened as an ordinary table (`table_id`), its result stored once it is over. */
export interface TournamentTablesTable {
  tournament_id: string;
  round: number;
  table_no: number;
  /** The server table's id; '' for a Swiss bye (no table is played). */
  table_id: string;
  rotation: number;
  /** JSON: the players' ids by seat. */
  players: string;
  /** JSON: the core's `TableResult`, null while the table plays. */
  result: string | null;
  /**
   * A table played in parts (a DDV table of five, a duplicate Klapper-Jas table; tournaments-run.ts): JSON
   * of the games its finished parts scored (one game each; null for a sitter); `table_id` is the part in
   * play. Null at other tables.
   */
  parts: string | null;
}

/** A player whose grace period ran out at one of the tournament's tables: a computer played on. */
export interface TournamentDropsTable {
  tournament_id: string;
  player_id: string;
  at: string;
}

/**
 * Each part's server table (a table played in parts): `tournament_tables.table_id` moves on to the next
 * part, and a finished part must still be known as the tournament's (its duplicate deal is withheld until
 * the round is done).
 */
export interface TournamentPartsTable {
  table_id: string;
  tournament_id: string;
  round: number;
  table_no: number;
  part: number;
}

export interface TournamentsSchema {
  tournaments: TournamentsTable;
  tournament_tables: TournamentTablesTable;
  tournament_drops: TournamentDropsTable;
  tournament_parts: TournamentPartsTable;
}

/** Migration 012 (db.ts). */
export const TOURNAMENTS_MIGRATION: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('tournaments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('organizer', 'text', (c) => c.notNull())
      .addColumn('public', 'integer', (c) => c.notNull())
      .addColumn('code', 'text')
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('players', 'text', (c) => c.notNull())
      .addColumn('starts_at', 'text')
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text')
      .execute();
    await db.schema.createIndex('tournaments_status').on('tournaments').column('status').execute();
    await db.schema.createIndex('tournaments_organizer').on('tournaments').column('organizer').execute();
    await db.schema
      .createTable('tournament_tables')
      .addColumn('tournament_id', 'text', (c) => c.notNull())
      .addColumn('round', 'integer', (c) => c.notNull())
      .addColumn('table_no', 'integer', (c) => c.notNull())
      .addColumn('table_id', 'text', (c) => c.notNull())
      .addColumn('rotation', 'integer', (c) => c.notNull())
      .addColumn('players', 'text', (c) => c.notNull())
      .addColumn('result', 'text')
      .addColumn('parts', 'text')
      .addPrimaryKeyConstraint('tournament_tables_pk', ['tournament_id', 'round', 'table_no'])
      .execute();
    await db.schema
      .createIndex('tournament_tables_table')
      .on('tournament_tables')
      .column('table_id')
      .execute();
    await db.schema
      .createTable('tournament_drops')
      .addColumn('tournament_id', 'text', (c) => c.notNull())
      .addColumn('player_id', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('tournament_drops_pk', ['tournament_id', 'player_id'])
      .execute();
  },
};

/** Migration 014 (db.ts): the parts' tables. */
export const TOURNAMENT_PARTS_MIGRATION: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('tournament_parts')
      .addColumn('table_id', 'text', (c) => c.primaryKey())
      .addColumn('tournament_id', 'text', (c) => c.notNull())
      .addColumn('round', 'integer', (c) => c.notNull())
      .addColumn('table_no', 'integer', (c) => c.notNull())
      .addColumn('part', 'integer', (c) => c.notNull())
      .execute();
  },
};

export type TournamentStatus = 'open' | 'running' | 'finished' | 'cancelled';

/** A tournament row as the server uses it. */
export interface TournamentRow {
  readonly id: string;
  readonly name: string;
  readonly organizer: string;
  readonly public: boolean;
  readonly code: string | null;
  readonly settings: Settings;
  readonly status: TournamentStatus;
  readonly players: readonly string[];
  readonly secret: string;
  readonly createdAt: string;
  readonly startedAt: string | null;
}

export interface TournamentTableRow {
  readonly round: number;
  readonly table: number;
  readonly tableId: string;
  readonly rotation: number;
  readonly players: readonly string[];
  readonly result: TableResult | null;
  /** A table played in parts: the games of its finished parts. */
  readonly parts: readonly GameResult[] | null;
}

export function toTournament(r: TournamentsTable): TournamentRow {
  return {
    id: r.id,
    name: r.name,
    organizer: r.organizer,
    public: Number(r.public) === 1,
    code: r.code,
    settings: JSON.parse(r.settings),
    status: r.status as TournamentStatus,
    players: JSON.parse(r.players),
    secret: r.secret,
    createdAt: r.created_at,
    startedAt: r.started_at,
  };
}

/** The core's view of a stored tournament (`open` before the start, `started` after). */
export const coreOf = (t: TournamentRow): Tournament => ({
  settings: t.settings,
  players: t.players,
  status: t.status === 'open' ? 'open' : 'started',
});

export async function tournamentById(db: Db, id: string): Promise<TournamentRow | undefined> {
  const r = await db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? toTournament(r) : undefined;
}

/** Open and running tournaments a list answer holds at most (newest first). */
export const LIST_ACTIVE_MAX = 200;
/** Finished and cancelled tournaments a list answer (or a page of them) holds at most (newest first). */
export const LIST_ENDED_MAX = 20;

/** Where a page of ended tournaments goes on: after this created_at and id (`next` of the list answer). */
export const listCursor = (t: TournamentRow): string => `${t.createdAt}~${t.id}`;
const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)~([A-Za-z0-9_-]{1,64})$/;

/**
 * The tournaments `me` may see listed (public ones, and those he organizes or plays in), read by query
 * rather than all at once: without `before`, every open and running one (at most LIST_ACTIVE_MAX) and the
 * newest LIST_ENDED_MAX ended ones; with `before` (a `listCursor`), the next page of ended ones only.
 * `next` is the cursor of the page after, or null. Null for a cursor of the wrong shape.
 */
export async function listed(
  db: Db,
  me: string,
  before?: string,
): Promise<{ tournaments: TournamentRow[]; next: string | null } | null> {
  const cursor = before === undefined ? null : CURSOR.exec(before);
  if (before !== undefined && !cursor) return null;
  // The players are a JSON column: `like` finds the candidates, the exact test below decides.
  const mine = db
    .selectFrom('tournaments')
    .selectAll()
    .where((eb) =>
      eb.or([eb('public', '=', 1), eb('organizer', '=', me), eb('players', 'like', `%"${me}"%`)]),
    );
  const seen = (t: TournamentRow) => t.public || t.organizer === me || t.players.includes(me);
  const active = cursor
    ? []
    : await mine
        .where('status', 'in', ['open', 'running'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(LIST_ACTIVE_MAX)
        .execute();
  let ended = mine.where('status', 'in', ['finished', 'cancelled']);
  if (cursor) {
    const [, at, id] = cursor;
    ended = ended.where((eb) =>
      eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]),
    );
  }
  const page = (
    await ended
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LIST_ENDED_MAX + 1)
      .execute()
  ).map(toTournament);
  const more = page.length > LIST_ENDED_MAX ? page[LIST_ENDED_MAX - 1] : undefined;
  return {
    tournaments: [...active.map(toTournament), ...page.slice(0, LIST_ENDED_MAX)].filter(seen),
    next: more ? listCursor(more) : null,
  };
}

export async function tablesOf(db: Db, id: string): Promise<TournamentTableRow[]> {
  const rows = await db
    .selectFrom('tournament_tables')
    .selectAll()
    .where('tournament_id', '=', id)
    .orderBy('round')
    .orderBy('table_no')
    .execute();
  return rows.map((r) => ({
    round: Number(r.round),
    table: Number(r.table_no),
    tableId: r.table_id,
    rotation: Number(r.rotation),
    players: JSON.parse(r.players),
    result: r.result === null ? null : JSON.parse(r.result),
    parts: r.parts === null ? null : JSON.parse(r.parts),
  }));
}

export async function dropsOf(db: Db, id: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tournament_drops')
    .select('player_id')
    .where('tournament_id', '=', id)
    .orderBy('at')
    .execute();
  return rows.map((r) => r.player_id);
}

/** Marks a player as dropped out (his grace period ran out at a tournament table); once is enough. */
export async function markDropped(db: Db, tournamentId: string, playerId: string): Promise<void> {
  await db
    .insertInto('tournament_drops')
    .values({ tournament_id: tournamentId, player_id: playerId, at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['tournament_id', 'player_id']).doNothing())
    .execute();
}

/** What a table room needs to know of its tournament (table.ts): which one, and a duplicate table's deals. */
export interface TournamentSeat {
  readonly tournament: string;
  readonly round: number;
  /**
   * The players marked as dropped out of the tournament when the table was opened: their seats get the short
   * grace (`DROPPED_GRACE_MS`), so a table does not wait the full period again at every later table or part.
   */
  readonly dropped: readonly string[];
  /**
   * Duplicate: the deals are fixed (tournaments-play.ts `fixedDeal`); `deal` is the round's deal the table
   * starts with (a part's number; 0 for a table playing the round as one match).
   */
  readonly duplicate: {
    readonly seed: string;
    readonly secret: string;
    readonly rotation: number;
    readonly deal: number;
  } | null;
}

/** Where a server table belongs: its tournament, round and table, and the part (null: not a part). */
async function placeOf(
  db: Db,
  tableId: string,
): Promise<{ id: string; round: number; table: number; part: number | null } | null> {
  const p = await db
    .selectFrom('tournament_parts')
    .selectAll()
    .where('table_id', '=', tableId)
    .executeTakeFirst();
  if (p)
    return { id: p.tournament_id, round: Number(p.round), table: Number(p.table_no), part: Number(p.part) };
  const r = await db
    .selectFrom('tournament_tables')
    .select(['tournament_id', 'round', 'table_no'])
    .where('table_id', '=', tableId)
    .executeTakeFirst();
  return r ? { id: r.tournament_id, round: Number(r.round), table: Number(r.table_no), part: null } : null;
}

/** The tournament a server table (or part) belongs to, or null (a finished table's info, http.ts). */
export async function tournamentIdOf(db: Db, tableId: string): Promise<string | null> {
  return (await placeOf(db, tableId))?.id ?? null;
}

export async function tournamentOfTable(db: Db, tableId: string): Promise<TournamentSeat | null> {
  const at = await placeOf(db, tableId);
  if (!at) return null;
  const r = await db
    .selectFrom('tournament_tables')
    .innerJoin('tournaments', 'tournaments.id', 'tournament_tables.tournament_id')
    .select([
      'tournaments.format as format',
      'tournaments.settings as settings',
      'tournaments.secret as secret',
      'tournament_tables.rotation as rotation',
    ])
    .where('tournament_tables.tournament_id', '=', at.id)
    .where('tournament_tables.round', '=', at.round)
    .where('tournament_tables.table_no', '=', at.table)
    .executeTakeFirst();
  if (!r) return null;
  const settings = JSON.parse(r.settings) as Settings;
  return {
    tournament: at.id,
    round: at.round,
    dropped: await dropsOf(db, at.id),
    duplicate:
      r.format === 'duplicate'
        ? { seed: settings.seed, secret: r.secret, rotation: Number(r.rotation), deal: at.part ?? 0 }
        : null,
  };
}

/**
 * Whether a table's record is withheld: it is a duplicate tournament's table (or part) and some table of
 * its round has not finished (its players hold the same cards still). Records, replays and analyses wait
 * for that.
 */
export async function withheld(db: Db, tableId: string): Promise<boolean> {
  const at = await placeOf(db, tableId);
  if (!at) return false;
  const t = await db.selectFrom('tournaments').select('format').where('id', '=', at.id).executeTakeFirst();
  if (t?.format !== 'duplicate') return false;
  const open = await db
    .selectFrom('tournament_tables')
    .select('table_no')
    .where('tournament_id', '=', at.id)
    .where('round', '=', at.round)
    .where('result', 'is', null)
    .executeTakeFirst();
  return open !== undefined;
}
