/**
 * Ownership leases (src/leases.ts) on SQLite and PostgreSQL: one owner at a time, even when many ask at
 * once; expiry in the database's clock; a process that lost its lease learns it at its next renewal and
 * stops writing; giving a lease back never touches another owner's; a live table whose lease was taken
 * closes its room with CLOSE_MOVED.
 */

import type { TableInfo } from '@stich/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../src/db.ts';
import { Leases } from '../src/leases.ts';
import { CLOSE_MOVED } from '../src/owner.ts';
import { api, Conn, DB_KINDS, guest, serve, type TestDb, testDb, testGame } from './helpers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DB_KINDS)('leases (%s)', (kind) => {
  let t: TestDb;
  let db: Db;
  let dialect: 'sqlite' | 'postgres';
  const lease = (owner: string, ttlMs = 60_000) => new Leases(db, dialect, () => owner, ttlMs);

  beforeAll(async () => {
    t = testDb(kind);
    ({ db, dialect } = await openDb({
      databaseUrl: t.env.DATABASE_URL ?? null,
      databaseSchema: t.env.DATABASE_SCHEMA ?? 'public',
      sqliteFile: t.env.SQLITE_FILE ?? ':memory:',
    }));
  });
  afterAll(async () => {
    await db?.destroy();
    await t?.cleanup();
  });

  it('one owner at a time; the owner may take its own lease again', async () => {
    const a = lease('A');
    const b = lease('B');
    expect(await a.acquire('t1')).toBe(true);
    expect(await b.acquire('t1')).toBe(false);
    expect(await a.acquire('t1')).toBe(true);
    expect(a.holds('t1')).toBe(true);
    expect(b.holds('t1')).toBe(false);
    expect(await b.get('t1')).toEqual({ owner: 'A', live: true });
    expect(await b.get('nothing')).toBeUndefined();
  });

  it('of many processes asking at the same moment, exactly one gets the lease', async () => {
    const all = Array.from({ length: 12 }, (_, i) => lease(`P${i}`));
    const got = await Promise.all(all.map((l) => l.acquire('t2')));
    expect(got.filter(Boolean)).toHaveLength(1);
    const winner = all[got.indexOf(true)];
    expect((await winner.get('t2'))?.owner).toBe(winner.owner);
  });

  it('an expired lease can be taken; its old owner finds out at its next renewal and stops writing', async () => {
    const a = lease('A', 1500);
    const b = lease('B', 60_000);
    expect(await a.acquire('t3')).toBe(true);
    expect(await a.acquire('t4')).toBe(true);
    expect(await b.acquire('t3')).toBe(false);
    await sleep(1700);
    // A's own count ends before the database's expiry (a fifth of the lease earlier, at least 200 ms).
    expect(a.holds('t3')).toBe(false);
    expect((await b.get('t3'))?.live).toBe(false);
    expect(await b.acquire('t3')).toBe(true);
    // A renews: t4 is still its own (nobody took it), t3 is lost.
    expect(await a.renew()).toEqual(['t3']);
    expect(a.holds('t3')).toBe(false);
    expect(a.holds('t4')).toBe(true);
    // Giving back never touches another owner's lease.
    await a.release('t3');
    expect(await b.get('t3')).toEqual({ owner: 'B', live: true });
    await b.release('t3');
    expect(await b.get('t3')).toBeUndefined();
  });

  it('lists the unfinished tables nobody owns, with a person seated or all of them', async () => {
    const table = async (id: string, status: string, seated: boolean) => {
      const at = new Date().toISOString();
      await db
        .insertInto('tables')
        .values({
          id,
          game: 'differenzler',
          config: '{"players":4}',
          setup: '[]',
          visibility: 'public',
          invite: null,
          status,
          dealer: 0,
          turn_timer: null,
          created_by: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      if (seated)
        await db
          .insertInto('seats')
          .values({ table_id: id, seat: 0, player_id: 'p', name: 'P', token_hash: `h-${id}` })
          .execute();
    };
    await table('seated', 'playing', true);
    await table('empty', 'waiting', false);
    await table('done', 'over', true);
    await table('parked', 'parked', true);
    await table('owned', 'playing', true);
    const a = lease('A');
    await a.acquire('owned');
    expect((await a.unowned(true)).sort()).toEqual(['seated']);
    expect((await a.unowned(false)).sort()).toEqual(['empty', 'seated']);
    // Without Redis a process clears every lease at start (it is alone on its database).
    expect(await a.clear()).toBeGreaterThanOrEqual(1);
    expect((await a.unowned(false)).sort()).toEqual(['empty', 'owned', 'seated']);
  });
});

describe.each(DB_KINDS)('a table whose lease another process took (%s)', (kind) => {
  const s = serve(kind, { LEASE_SECONDS: '1' });

  it('closes here with code 4102 at the next renewal, so its players rejoin the new owner', async () => {
    const g = await guest(s.url, 'A');
    const r = await api<{ table: TableInfo }>(s.url, 'POST', '/api/play-now', { game: testGame() }, g.token);
    expect(r.status).toBe(201);
    const id = r.body.table.id;
    const c = await Conn.join(s.url, id, { token: g.token });
    await c.waitFor((m) => m.t === 'welcome');
    c.room.reconnection.enabled = false;
    const left = new Promise<number>((res) => c.room.onLeave((code) => res(code)));
    const { db } = await openDb({
      databaseUrl: s.db.env.DATABASE_URL ?? null,
      databaseSchema: s.db.env.DATABASE_SCHEMA ?? 'public',
      sqliteFile: s.db.env.SQLITE_FILE ?? ':memory:',
    });
    try {
      // As if this process had stalled past its lease and another one had taken the table.
      await db
        .updateTable('leases')
        .set({ owner: 'another-process', expires_at: Date.now() + 3_600_000 })
        .where('table_id', '=', id)
        .execute();
      expect(await left).toBe(CLOSE_MOVED);
      // The other owner's lease is untouched by the closing room.
      const row = await db.selectFrom('leases').select('owner').where('table_id', '=', id).executeTakeFirst();
      expect(row?.owner).toBe('another-process');
    } finally {
      await db.destroy();
    }
  });
});
