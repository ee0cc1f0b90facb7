/**
 * Ownership leases: exactly one process loads and writes a table. A process takes a table's lease in the
 * database before it loads the table, renews all its leases together every quarter of the lease time, and
 * gives a lease back when the table's room is gone. A lease whose owner stopped renewing it (the process
 * died) expires after LEASE_SECONDS; then any process may take it. Expiry is read in the database's clock,
 * so the processes' clocks need not agree.
 *
 * A process stops writing a table on its own before its lease could have expired (`holds`): it counts the
 * lease from the moment it *sent* the statement that took or renewed it, minus a margin, so a stalled or
 * cut-off process never writes while another process may already own the table. docs/deploy.md.
 */
import { performance } from 'node:perf_hooks';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from './db.ts';

interface LeaseRow {
  readonly owner: string;
  /** Not expired, in the database's clock. */
  readonly live: boolean;
}

export class Leases {
  private readonly db: Db;
  private readonly ownerId: () => string;
  readonly ttlMs: number;
  private readonly now: RawBuilder<number>;
  /** Tables this process holds, with the local (monotonic) time until which it may write them. */
  private readonly held = new Map<string, number>();

  /** `owner`: this process's id (read when first needed: Colyseus sets its processId during start). */
  constructor(db: Db, dialect: 'sqlite' | 'postgres', owner: () => string, ttlMs: number) {
    this.db = db;
    this.ownerId = owner;
    this.ttlMs = Math.round(ttlMs);
    this.now =
      dialect === 'postgres'
        ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`
        : sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`;
  }

  get owner(): string {
    return this.ownerId();
  }

  /** Until when a lease taken or renewed now may be used: the lease time less a fifth. */
  private validFrom(sentAt: number): number {
    return sentAt + this.ttlMs - Math.max(200, this.ttlMs / 5);
  }

  /** Whether this process may write the table now. */
  holds(tableId: string): boolean {
    const until = this.held.get(tableId);
    return until !== undefined && performance.now() < until;
  }

  /** Takes the table's lease if nobody holds it (or it expired, or it is this process's). */
  async acquire(tableId: string): Promise<boolean> {
    const sent = performance.now();
    const r = await sql<{ table_id: string }>`
      insert into leases (table_id, owner, expires_at) values (${tableId}, ${this.owner}, ${this.now} + ${this.ttlMs})
      on conflict (table_id) do update set owner = excluded.owner, expires_at = excluded.expires_at
      where leases.expires_at < ${this.now} or leases.owner = excluded.owner
      returning table_id`.execute(this.db);
    if (r.rows.length === 0) return false;
    this.held.set(tableId, this.validFrom(sent));
    return true;
  }

  /**
   * Renews every lease of this process in one statement; returns the tables it held but owns no more
   * (another process took them after they expired: the process was cut off longer than the lease time).
   */
  async renew(): Promise<string[]> {
    const sent = performance.now();
    const r = await sql<{ table_id: string }>`
      update leases set expires_at = ${this.now} + ${this.ttlMs} where owner = ${this.owner}
      returning table_id`.execute(this.db);
    const kept = new Set(r.rows.map((x) => x.table_id));
    const lost: string[] = [];
    for (const id of this.held.keys()) {
      if (kept.has(id)) this.held.set(id, this.validFrom(sent));
      else lost.push(id);
    }
    for (const id of lost) this.held.delete(id);
    return lost;
  }

  /** Gives a table's lease back (its room is gone). */
  async release(tableId: string): Promise<void> {
    this.held.delete(tableId);
    await this.db
      .deleteFrom('leases')
      .where('table_id', '=', tableId)
      .where('owner', '=', this.owner)
      .execute();
  }

  /** Forgets a table locally without touching the database (its lease is someone else's now). */
  forget(tableId: string): void {
    this.held.delete(tableId);
  }

  async get(tableId: string): Promise<LeaseRow | undefined> {
    const r = await sql<{ owner: string; live: number | boolean }>`
      select owner, case when expires_at >= ${this.now} then 1 else 0 end as live
      from leases where table_id = ${tableId}`.execute(this.db);
    const row = r.rows[0];
    return row ? { owner: row.owner, live: Number(row.live) === 1 } : undefined;
  }

  /**
   * Unfinished tables nobody owns (no lease, or an expired one); with `seated`, only those where a person
   * holds a seat (they are taken over at once, the others when someone asks for them).
   */
  async unowned(seated: boolean): Promise<string[]> {
    const r = await sql<{ id: string }>`
      select t.id from tables t left join leases l on l.table_id = t.id
      where t.status in ('waiting', 'playing') and (l.table_id is null or l.expires_at < ${this.now})
      ${seated ? sql`and exists (select 1 from seats s where s.table_id = t.id)` : sql``}`.execute(this.db);
    return r.rows.map((x) => x.id);
  }

  /** Drops every lease (one process without Redis owns the whole database); returns how many were live. */
  async clear(): Promise<number> {
    const r = await sql<{ live: number | boolean }>`
      delete from leases returning case when expires_at >= ${this.now} then 1 else 0 end as live`.execute(
      this.db,
    );
    return r.rows.filter((x) => Number(x.live) === 1).length;
  }

  /** Gives back every lease of this process (graceful shutdown, after the rooms are gone). */
  async releaseAll(): Promise<void> {
    this.held.clear();
    await this.db.deleteFrom('leases').where('owner', '=', this.owner).execute();
  }
}
