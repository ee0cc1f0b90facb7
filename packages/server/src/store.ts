/**
 * The server's data access: guest identities, tables, seat holders and each table's steps. Tokens and
 * seat tokens are stored as SHA-256 hashes; invite codes are stored as they are (they are meant to be shared).
 *
 * Performance shortcuts (`test/store.fast.test.ts` checks them against the Kysely form, which a Store
 * made without the `Driver` uses): the group write of steps (`append`), the one query of every action,
 * and on SQLite the fair seed's queries of every deal's end (`fairSeed`, `putFairSeed`: with Kysely about
 * 0.8 ms of the loop per table, which tables ending their deals together pay at once; prepared, 0.05 ms)
 * run statements prepared once instead of Kysely's query builder, which compiles each
 * query anew and whose drivers prepare it anew. SQLite: one synchronous transaction of a prepared INSERT
 * per step and UPDATE per status change, never inside a Kysely transaction. PostgreSQL: one statement
 * (the inserts and status updates as data-modifying CTEs over arrays), named so that each connection
 * parses and plans it once: one round trip per group. Every other query goes through Kysely.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { GameId, GameRecord, Seat } from '@stich/engine';
import type { Player, SeatSetup } from '@stich/protocol';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { type Db, type Driver, sql } from './db.ts';
import { buildRecord, toRow } from './records.ts';
import { TailTracer, tail } from './trace.ts';

/** A random URL-safe secret of `bytes` random bytes. */
export const secret = (bytes = 18): string => randomBytes(bytes).toString('base64url');
export const hash = (token: string): string => createHash('sha256').update(token).digest('base64url');
const now = (): string => new Date().toISOString();
/** Steps read per query (store.steps): a page takes a few milliseconds. */
const STEPS_PAGE = 500;

export interface TableRow {
  readonly id: string;
  readonly game: GameId;
  readonly config: { players: number; preset?: string; options?: Record<string, unknown> };
  readonly setup: readonly SeatSetup[];
  readonly visibility: 'public' | 'private';
  readonly invite: string | null;
  /** `parked`: unfinished, but stopped for lack of people (IDLE_SECONDS); restored when someone asks for it. */
  readonly status: 'waiting' | 'playing' | 'over' | 'parked';
  readonly dealer: Seat;
  readonly turnTimer: number | null;
  readonly createdBy: string | null;
  readonly createdAt: string;
}

export interface SeatHolder {
  readonly seat: Seat;
  readonly playerId: string;
  readonly name: string;
  readonly tokenHash: string;
}

export interface StoredStep {
  readonly seq: number;
  readonly kind: 'deal' | 'action';
  readonly seat: Seat | null;
  readonly data: unknown;
}

interface AppendJob {
  readonly tableId: string;
  readonly steps: readonly StoredStep[];
  readonly status: TableRow['status'] | undefined;
  readonly resolve: () => void;
  readonly reject: (e: unknown) => void;
}

/** The group write on PostgreSQL: one statement, prepared once per connection (see the module comment). */
const PG_APPEND = {
  name: 'stich_append_steps',
  text: `WITH s AS (
      INSERT INTO steps (table_id, seq, kind, seat, data, at)
      SELECT t, q, k, n, d, $6 FROM unnest($1::text[], $2::int[], $3::text[], $4::int[], $5::text[]) AS x(t, q, k, n, d)
      RETURNING 1),
    u AS (
      UPDATE tables SET status = y.status, updated_at = $6
      FROM unnest($7::text[], $8::text[]) AS y(id, status) WHERE tables.id = y.id
      RETURNING 1)
    SELECT (SELECT count(*) FROM s) AS steps, (SELECT count(*) FROM u) AS tables`,
} as const;

interface SqliteWrite {
  readonly insert: SQLite.Statement;
  readonly status: SQLite.Statement;
  /** A deal's fair seed (fair.ts), read and stored at every deal's end. */
  readonly seed: SQLite.Statement;
  readonly putSeed: SQLite.Statement;
  readonly group: (jobs: readonly AppendJob[], at: string) => void;
}

export class Store {
  readonly db: Db;
  /** The handle under Kysely for the group write of steps; without it that write goes through Kysely too. */
  private readonly driver: Driver | null;
  private sqliteWrite: SqliteWrite | null = null;
  constructor(db: Db, driver: Driver | null = null) {
    this.db = db;
    this.driver = driver;
  }

  async createGuest(name: string): Promise<{ player: Player; token: string }> {
    const token = secret(24);
    const player = { id: secret(9), name };
    await this.db
      .insertInto('players')
      .values({ id: player.id, token_hash: hash(token), name, created_at: now() })
      .execute();
    return { player, token };
  }

  /**
   * The player of a guest token, or of a signed-in browser's play token while its session lives and its
   * account is not deleted (sessions.ts, docs/accounts.md). A guest token is found by the first query.
   */
  async playerByToken(token: string): Promise<Player | undefined> {
    const h = hash(token);
    const row = await this.db
      .selectFrom('players')
      .select(['id', 'name'])
      .where('token_hash', '=', h)
      .executeTakeFirst();
    if (row) return { id: row.id, name: row.name };
    const s = await this.db
      .selectFrom('sessions')
      .innerJoin('accounts', 'accounts.player_id', 'sessions.player_id')
      .innerJoin('players', 'players.id', 'sessions.player_id')
      .select(['players.id as id', 'players.name as name'])
      .where('sessions.play_hash', '=', h)
      .where('sessions.expires_at', '>', now())
      .where('accounts.deleted_at', 'is', null)
      .executeTakeFirst();
    return s ? { id: s.id, name: s.name } : undefined;
  }

  async renamePlayer(id: string, name: string): Promise<void> {
    await this.db.updateTable('players').set({ name }).where('id', '=', id).execute();
  }

  async createTable(row: TableRow, holders: readonly SeatHolder[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('tables')
        .values({
          id: row.id,
          game: row.game,
          config: JSON.stringify(row.config),
          setup: JSON.stringify(row.setup),
          visibility: row.visibility,
          invite: row.invite,
          status: row.status,
          dealer: row.dealer,
          turn_timer: row.turnTimer,
          created_by: row.createdBy,
          created_at: row.createdAt,
          updated_at: row.createdAt,
        })
        .execute();
      for (const h of holders)
        await tx
          .insertInto('seats')
          .values({
            table_id: row.id,
            seat: h.seat,
            player_id: h.playerId,
            name: h.name,
            token_hash: h.tokenHash,
          })
          .execute();
    });
  }

  async table(id: string): Promise<TableRow | undefined> {
    const r = await this.db.selectFrom('tables').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toRow(r) : undefined;
  }

  async tableByInvite(code: string): Promise<TableRow | undefined> {
    const r = await this.db.selectFrom('tables').selectAll().where('invite', '=', code).executeTakeFirst();
    return r ? toRow(r) : undefined;
  }

  /** Tables to restore at start: unfinished and not parked. */
  async unfinishedTableIds(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('tables')
      .select('id')
      .where('status', 'in', ['waiting', 'playing'])
      .execute();
    return rows.map((r) => r.id);
  }

  /** How many tables a player created after `since` (ISO time). */
  async tablesCreatedSince(playerId: string, since: string): Promise<number> {
    const r = await this.db
      .selectFrom('tables')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('created_by', '=', playerId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** How many of a player's tables are open: waiting or playing (finished and parked ones are not). */
  async openTablesOf(playerId: string): Promise<number> {
    const r = await this.db
      .selectFrom('tables')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('created_by', '=', playerId)
      .where('status', 'in', ['waiting', 'playing'])
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async holders(tableId: string): Promise<SeatHolder[]> {
    const rows = await this.db.selectFrom('seats').selectAll().where('table_id', '=', tableId).execute();
    return rows.map((r) => ({ seat: r.seat, playerId: r.player_id, name: r.name, tokenHash: r.token_hash }));
  }

  async setHolder(tableId: string, h: SeatHolder): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('seats').where('table_id', '=', tableId).where('seat', '=', h.seat).execute();
      await tx
        .insertInto('seats')
        .values({
          table_id: tableId,
          seat: h.seat,
          player_id: h.playerId,
          name: h.name,
          token_hash: h.tokenHash,
        })
        .execute();
    });
  }

  async removeHolder(tableId: string, h: SeatHolder): Promise<void> {
    await this.db
      .deleteFrom('seats')
      .where('table_id', '=', tableId)
      .where('seat', '=', h.seat)
      .where('token_hash', '=', h.tokenHash)
      .execute();
  }

  /**
   * A table's steps in order, read in pages of STEPS_PAGE with a turn of the event loop between them: SQLite
   * reads block the process, and a long match (a 100-round Differenzler record has ~4,000 steps) read in one
   * piece held every table for up to 65 ms (issue 22: at most 50 ms at another table).
   */
  async steps(tableId: string): Promise<StoredStep[]> {
    const out: StoredStep[] = [];
    for (let after = -1; ; ) {
      const rows = await this.db
        .selectFrom('steps')
        .select(['seq', 'kind', 'seat', 'data'])
        .where('table_id', '=', tableId)
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(STEPS_PAGE)
        .execute();
      for (const r of rows)
        out.push({ seq: r.seq, kind: r.kind as 'deal' | 'action', seat: r.seat, data: JSON.parse(r.data) });
      if (rows.length < STEPS_PAGE) return out;
      after = rows[rows.length - 1].seq;
      await new Promise((r) => setImmediate(r));
    }
  }

  /**
   * Appends a table's steps and optionally changes its status. Writes are grouped: every append made
   * while the previous group was being written, or else in the same turn of the event loop, goes into one
   * transaction (group commit), so the cost of a commit is shared by all tables. A failed group is retried
   * table by table, so one bad write fails only its own.
   */
  append(tableId: string, steps: readonly StoredStep[], status?: TableRow['status']): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ tableId, steps, status, resolve, reject });
      this.writing ??= this.drain();
    });
  }

  private pending: AppendJob[] = [];
  /** The writer, while there are appends to write: one group at a time. */
  private writing: Promise<void> | null = null;

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        // The rest of this turn's appends join the group.
        await new Promise<void>((r) => setImmediate(r));
        await this.writeGroup(this.pending.splice(0));
      }
    } finally {
      this.writing = null;
    }
  }

  private async writeGroup(jobs: AppendJob[]): Promise<void> {
    // Tail tracing (trace.ts): each group write, how long and how big (on SQLite the loop waits it out).
    const at = tail ? TailTracer.now() : 0;
    try {
      await this.write(jobs);
      if (tail) {
        let steps = 0;
        for (const j of jobs) steps += j.steps.length;
        tail.groups.push({ at, ms: TailTracer.now() - at, jobs: jobs.length, steps });
      }
      for (const j of jobs) j.resolve();
    } catch (e) {
      if (jobs.length === 1) {
        jobs[0].reject(e);
        return;
      }
      for (const j of jobs)
        await this.write([j]).then(
          () => j.resolve(),
          (err: unknown) => j.reject(err),
        );
    }
  }

  private async write(jobs: readonly AppendJob[]): Promise<void> {
    const d = this.driver;
    if (d === null) return this.writeByQueryBuilder(jobs);
    const at = now();
    if ('pg' in d) {
      const t: string[] = [];
      const q: number[] = [];
      const k: string[] = [];
      const n: (number | null)[] = [];
      const data: string[] = [];
      const ids: string[] = [];
      const statuses: string[] = [];
      for (const j of jobs) {
        for (const s of j.steps) {
          t.push(j.tableId);
          q.push(s.seq);
          k.push(s.kind);
          n.push(s.seat);
          data.push(JSON.stringify(s.data));
        }
        if (j.status !== undefined) {
          ids.push(j.tableId);
          statuses.push(j.status);
        }
      }
      await d.pg.query({ ...PG_APPEND, values: [t, q, k, n, data, at, ids, statuses] });
      return;
    }
    this.sqliteWrite ??= prepareSqlite(d.sqlite);
    const w = this.sqliteWrite;
    // Synchronous, so nothing runs in between; only a Kysely transaction still open on the one connection
    // (it awaits between its statements) must end first: then under Kysely's lock of the connection.
    if (!d.sqlite.inTransaction) w.group(jobs, at);
    else await this.db.connection().execute(async () => w.group(jobs, at));
  }

  /**
   * Runs a prepared SQLite statement: at once, or under Kysely's lock of the one connection while a Kysely
   * transaction is open on it (the statement would otherwise run inside that transaction).
   */
  private async onSqlite<T>(d: { sqlite: SQLite.Database }, f: () => T): Promise<T> {
    if (!d.sqlite.inTransaction) return f();
    let out: T | undefined;
    await this.db.connection().execute(async () => {
      out = f();
    });
    return out as T;
  }

  /** The group write through Kysely: the reference form of the prepared one (module comment). */
  private async writeByQueryBuilder(jobs: readonly AppendJob[]): Promise<void> {
    const at = now();
    const rows = jobs.flatMap((j) =>
      j.steps.map((s) => ({
        table_id: j.tableId,
        seq: s.seq,
        kind: s.kind,
        seat: s.seat,
        data: JSON.stringify(s.data),
        at,
      })),
    );
    await this.db.transaction().execute(async (tx) => {
      for (let i = 0; i < rows.length; i += 500)
        await tx
          .insertInto('steps')
          .values(rows.slice(i, i + 500))
          .execute();
      for (const j of jobs)
        if (j.status !== undefined)
          await tx
            .updateTable('tables')
            .set({ status: j.status, updated_at: at })
            .where('id', '=', j.tableId)
            .execute();
    });
  }

  /** Waits until every write handed to `append` so far is done (graceful shutdown). */
  async flush(): Promise<void> {
    while (this.writing || this.pending.length > 0)
      await (this.writing ?? new Promise((r) => setImmediate(r)));
  }

  /** The stored steps of a table from `seq` on (settling a write whose outcome is unknown). */
  async stepsFrom(tableId: string, seq: number): Promise<StoredStep[]> {
    const rows = await this.db
      .selectFrom('steps')
      .select(['seq', 'kind', 'seat', 'data'])
      .where('table_id', '=', tableId)
      .where('seq', '>=', seq)
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({
      seq: Number(r.seq),
      kind: r.kind as 'deal' | 'action',
      seat: r.seat === null ? null : Number(r.seat),
      data: JSON.parse(r.data),
    }));
  }

  /**
   * Whether the database takes reads and writes now (`/healthz`). The write probe is an UPDATE that matches
   * no row of each table an action writes (`steps`, `tables`): it still needs write access to that table
   * (PostgreSQL refuses it in a read-only transaction and waits for a lock held on the table; SQLite takes
   * the write lock), so a read-only database or a held lock shows as `write: false`, and nothing changes.
   * On PostgreSQL the probe gives up on a lock after `timeoutMs` (lock_timeout), so a held lock costs no
   * connection for longer than that.
   */
  async health(timeoutMs = 2000): Promise<{ read: boolean; write: boolean }> {
    const within = <T>(p: Promise<T>) =>
      Promise.race([
        p.then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((r) => setTimeout(() => r(false), timeoutMs + 500).unref()),
      ]);
    const read = await within(this.db.selectFrom('tables').select('id').limit(1).execute());
    const d = this.driver;
    if (d !== null && 'pg' in d) return { read, write: await within(this.pgWriteProbe(d.pg, timeoutMs)) };
    const write = await within(
      (async () => {
        await sql`UPDATE steps SET table_id = table_id WHERE table_id = ''`.execute(this.db);
        await sql`UPDATE tables SET id = id WHERE id = ''`.execute(this.db);
      })(),
    );
    return { read, write };
  }

  private async pgWriteProbe(pool: pg.Pool, timeoutMs: number): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const ms = Math.max(1, Math.floor(timeoutMs));
      await client.query(`SET LOCAL lock_timeout = ${ms}`);
      await client.query(`SET LOCAL statement_timeout = ${ms}`);
      await client.query("UPDATE steps SET table_id = table_id WHERE table_id = ''");
      await client.query("UPDATE tables SET id = id WHERE id = ''");
    } finally {
      await client.query('ROLLBACK').catch(() => {});
      client.release();
    }
  }

  /** The stored secret seed of a table's deal number `deal` (fair.ts), if one was stored. */
  async fairSeed(tableId: string, deal: number): Promise<string | undefined> {
    const d = this.driver;
    if (d !== null && 'sqlite' in d) {
      this.sqliteWrite ??= prepareSqlite(d.sqlite);
      const w = this.sqliteWrite;
      return this.onSqlite(d, () => (w.seed.get(tableId, deal) as { seed: string } | undefined)?.seed);
    }
    const row = await this.db
      .selectFrom('fair_seeds')
      .select('seed')
      .where('table_id', '=', tableId)
      .where('deal', '=', deal)
      .executeTakeFirst();
    return row?.seed;
  }

  /** Stores a deal's secret seed unless one is stored already (which then stands). */
  async putFairSeed(tableId: string, deal: number, seed: string): Promise<void> {
    const d = this.driver;
    if (d !== null && 'sqlite' in d) {
      this.sqliteWrite ??= prepareSqlite(d.sqlite);
      const w = this.sqliteWrite;
      await this.onSqlite(d, () => w.putSeed.run(tableId, deal, seed));
      return;
    }
    await this.db
      .insertInto('fair_seeds')
      .values({ table_id: tableId, deal, seed })
      .onConflict((oc) => oc.columns(['table_id', 'deal']).doNothing())
      .execute();
  }

  async setStatus(tableId: string, status: TableRow['status']): Promise<void> {
    await this.db
      .updateTable('tables')
      .set({ status, updated_at: now() })
      .where('id', '=', tableId)
      .execute();
  }

  /** The table's game record (docs/record-format.md): setup, explicit deals and every action. */
  async record(tableId: string): Promise<GameRecord | undefined> {
    const row = await this.table(tableId);
    if (!row) return undefined;
    const [steps, holders, hints] = await Promise.all([
      this.steps(tableId),
      this.holders(tableId),
      this.db
        .selectFrom('hint_uses')
        .select(['seat', 'seq'])
        .where('table_id', '=', tableId)
        .orderBy('seq')
        .orderBy('seat')
        .execute(),
    ]);
    const record = buildRecord(row, steps, holders);
    if (hints.length === 0) return record;
    // Hints used (hints.ts): the seat and the step (number of steps applied) at which it asked.
    const used = hints.map((h) => ({ seat: Number(h.seat), seq: Number(h.seq) }));
    return { ...record, meta: { ...record.meta, hints: used } };
  }
}

function prepareSqlite(db: SQLite.Database): SqliteWrite {
  const insert = db.prepare(
    'INSERT INTO steps (table_id, seq, kind, seat, data, at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const status = db.prepare('UPDATE tables SET status = ?, updated_at = ? WHERE id = ?');
  const group = db.transaction((jobs: readonly AppendJob[], at: string) => {
    for (const j of jobs) {
      for (const s of j.steps) insert.run(j.tableId, s.seq, s.kind, s.seat, JSON.stringify(s.data), at);
      if (j.status !== undefined) status.run(j.status, at, j.tableId);
    }
  });
  const seed = db.prepare('SELECT seed FROM fair_seeds WHERE table_id = ? AND deal = ?');
  const putSeed = db.prepare(
    'INSERT INTO fair_seeds (table_id, deal, seed) VALUES (?, ?, ?) ON CONFLICT (table_id, deal) DO NOTHING',
  );
  return { insert, status, group, seed, putSeed };
}
