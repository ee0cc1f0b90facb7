/**
 * Storage faults for tests, made on a database that belongs to the test alone (other engineers run tests
 * on the same PostgreSQL database at the same time): a LOGIN role of its own that owns its schema, so
 * that making the database read-only (`ALTER ROLE … SET default_transaction_read_only`) and terminating
 * connections touch nothing else. On SQLite a second connection holding the write lock stands in for the
 * outage (the server's writes fail after SQLITE_BUSY_MS).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { type DbKind, PG_URL } from './helpers.ts';

export interface Faults {
  /** Environment for the server under test. */
  readonly env: Record<string, string>;
  /** From now on every write fails (reads still work) until `restoreWrites`. */
  breakWrites(): Promise<void>;
  restoreWrites(): Promise<void>;
  /**
   * Writes of steps are held back until the returned function is called: PostgreSQL makes them wait for a
   * lock on `steps`; SQLite makes them fail (a trigger), and they are retried.
   */
  holdSteps(): Promise<() => Promise<void>>;
  /** From now on storing a deal's seed (`fair_seeds`) fails, everything else works; the returned function ends it. */
  failSeeds(): Promise<() => Promise<void>>;
  /** PostgreSQL: ends every connection of the server, as a restart or failover would; how many. */
  terminate(): Promise<number>;
  /** PostgreSQL: how many of the server's queries wait for a lock now. */
  lockWaits(): Promise<number>;
  cleanup(): Promise<void>;
}

export async function faults(kind: DbKind): Promise<Faults> {
  return kind === 'postgres' ? pgFaults() : sqliteFaults();
}

async function pgFaults(): Promise<Faults> {
  if (!PG_URL) throw new Error('STICH_TEST_DATABASE_URL is not set');
  const name = `stich_fault_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE ROLE "${name}" LOGIN`);
  await admin.query(`CREATE SCHEMA "${name}" AUTHORIZATION "${name}"`);
  const url = new URL(PG_URL);
  url.username = name;
  url.searchParams.set('application_name', name);
  // Only this role's connections, and wait (up to 5 s) until each is gone.
  const terminate = async () => {
    const r = await admin.query(
      'SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 5000)) AS n FROM pg_stat_activity WHERE usename = $1',
      [name],
    );
    return Number(r.rows[0].n);
  };
  const readOnly = async (on: boolean) => {
    await admin.query(
      on
        ? `ALTER ROLE "${name}" SET default_transaction_read_only = on`
        : `ALTER ROLE "${name}" RESET default_transaction_read_only`,
    );
    // The setting applies to new sessions: end the old ones (the server reconnects).
    await terminate();
  };
  return {
    env: { DATABASE_URL: url.toString(), DATABASE_SCHEMA: name },
    breakWrites: () => readOnly(true),
    restoreWrites: () => readOnly(false),
    async holdSteps() {
      const locker = new pg.Client({ connectionString: PG_URL });
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query(`LOCK TABLE "${name}".steps IN EXCLUSIVE MODE`);
      return async () => {
        await locker.query('COMMIT');
        await locker.end();
      };
    },
    async failSeeds() {
      await admin.query(
        `CREATE FUNCTION "${name}".no_seeds() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'seeds held'; END $$`,
      );
      await admin.query(
        `CREATE TRIGGER no_seeds BEFORE INSERT ON "${name}".fair_seeds FOR EACH ROW EXECUTE FUNCTION "${name}".no_seeds()`,
      );
      return async () => {
        await admin.query(`DROP TRIGGER no_seeds ON "${name}".fair_seeds`);
        await admin.query(`DROP FUNCTION "${name}".no_seeds()`);
      };
    },
    terminate,
    async lockWaits() {
      const r = await admin.query(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE usename = $1 AND wait_event_type = 'Lock'",
        [name],
      );
      return Number(r.rows[0].n);
    },
    async cleanup() {
      await admin.query(`ALTER ROLE "${name}" RESET default_transaction_read_only`);
      await terminate();
      await admin.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
      await admin.query(`DROP ROLE IF EXISTS "${name}"`);
      await admin.end();
    },
  };
}

async function sqliteFaults(): Promise<Faults> {
  const dir = mkdtempSync(join(tmpdir(), 'stich-fault-'));
  const file = join(dir, 'stich.sqlite');
  let holder: SQLite.Database | null = null;
  const lock = () => {
    if (holder) return;
    holder = new SQLite(file);
    holder.exec('BEGIN IMMEDIATE');
  };
  const unlock = () => {
    if (!holder) return;
    holder.exec('ROLLBACK');
    holder.close();
    holder = null;
  };
  return {
    env: { SQLITE_FILE: file, SQLITE_BUSY_MS: '100' },
    breakWrites: async () => lock(),
    restoreWrites: async () => unlock(),
    async holdSteps() {
      // Only steps: joining and everything else still writes.
      const db = new SQLite(file);
      db.exec(`CREATE TRIGGER hold_steps BEFORE INSERT ON steps BEGIN SELECT RAISE(ABORT, 'held'); END`);
      return async () => {
        db.exec('DROP TRIGGER hold_steps');
        db.close();
      };
    },
    async failSeeds() {
      const db = new SQLite(file);
      db.exec(`CREATE TRIGGER no_seeds BEFORE INSERT ON fair_seeds BEGIN SELECT RAISE(ABORT, 'held'); END`);
      return async () => {
        db.exec('DROP TRIGGER no_seeds');
        db.close();
      };
    },
    terminate: () => Promise.reject(new Error('SQLite has no connections to terminate')),
    lockWaits: () => Promise.reject(new Error('not on SQLite')),
    async cleanup() {
      unlock();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
