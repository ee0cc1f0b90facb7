/**
 * The chat's per-player limit in a cluster (docs/chat.md): two server processes on Redis and one database,
 * one table owned by each; a player who writes at both tables gets CHAT_PER_PLAYER messages in all, not
 * per process. Needs Redis on 127.0.0.1:6379 (STICH_TEST_REDIS_URL): skipped without it, except in CI
 * (CI=true), where it fails. On SQLite, and on PostgreSQL when STICH_TEST_DATABASE_URL is set.
 */
import type { ServerMessage, TableInfo } from '@stich/protocol';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db.ts';
import { api, type ChildServer, Conn, DB_KINDS, guest, killChildren, startChild, testDb } from './helpers.ts';

const REDIS_URL = process.env.STICH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisUp(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  r.on('error', () => {});
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
const up = await redisUp();
const skip = !up && process.env.CI !== 'true';
afterAll(killChildren);

async function ask(c: Conn, d: unknown): Promise<ServerMessage> {
  const id = c.request('chat', d);
  return c.waitFor((m) => 'id' in m && m.id === id);
}

describe.skipIf(skip).each(DB_KINDS)('chat in a cluster (%s)', (kind) => {
  it('counts a player’s messages over the processes', { timeout: 90_000 }, async () => {
    expect(up, `Redis is needed at ${REDIS_URL}`).toBe(true);
    const db = testDb(kind);
    const prefix = `stich-test-${process.pid}-${Math.floor(Math.random() * 1e9)}:`;
    const procs: ChildServer[] = [];
    const conns: Conn[] = [];
    try {
      const env = { ...db.env, REDIS_URL, REDIS_PREFIX: prefix, CHAT_PER_PLAYER: '3' };
      procs.push(await startChild(env));
      procs.push(await startChild(env));
      const [one, two] = procs.map((p) => p.url);
      const g = await guest(one, 'Ulla');
      // One table through each process; each is loaded (and owned) where it was asked for.
      const tables: string[] = [];
      for (const url of [one, two]) {
        const t = await api<{ table: TableInfo }>(
          url,
          'POST',
          '/api/play-now',
          { game: 'klaberjass', level: 'random' },
          g.token,
        );
        expect(t.status).toBe(201);
        tables.push(t.body.table.id);
        const c = await Conn.join(url, t.body.table.id, { token: g.token });
        await c.waitFor((m) => m.t === 'chat-log');
        conns.push(c);
      }
      const { db: handle } = await openDb({
        databaseUrl: db.env.DATABASE_URL ?? null,
        databaseSchema: db.env.DATABASE_SCHEMA ?? 'public',
        sqliteFile: db.env.SQLITE_FILE ?? ':memory:',
      });
      const owners = await handle.selectFrom('leases').select(['table_id', 'owner']).execute();
      await handle.destroy();
      const ownerOf = (id: string) => owners.find((o) => o.table_id === id)?.owner;
      expect(ownerOf(tables[0])).toBeDefined();
      expect(ownerOf(tables[0])).not.toBe(ownerOf(tables[1]));

      const [a, b] = conns;
      expect((await ask(a, { quick: 'gg' })).t).toBe('chat');
      expect((await ask(a, { quick: 'gg' })).t).toBe('chat');
      expect((await ask(b, { quick: 'gg' })).t).toBe('chat');
      const refused = await ask(b, { quick: 'gg' });
      expect(refused.t === 'error' && refused.d.code).toBe('chat-too-fast');
    } finally {
      for (const c of conns) await c.leave().catch(() => {});
      for (const p of procs) {
        p.child.kill('SIGTERM');
        await new Promise((r) => (p.child.exitCode !== null ? r(null) : p.child.once('exit', r)));
      }
      const r = new Redis(REDIS_URL);
      const keys = await r.keys(`${prefix}*`);
      if (keys.length > 0) await r.del(...keys);
      r.disconnect();
      await db.cleanup();
    }
  });
});
