/**
 * A tournament in a cluster (docs/tournaments.md, "On the server"): two server processes on one database
 * and Redis. Exactly one drives the tournament (its lease); when that one is killed in the middle, the
 * other takes the lease over once it expires, brings the dead one's tables back, and runs the tournament
 * to its end. Each round is drawn once, by one process. Needs Redis on 127.0.0.1:6379
 * (STICH_TEST_REDIS_URL), as test/cluster.test.ts; skipped without it (failing on CI).
 */
import { TOURNAMENTS_API } from '@stich/protocol';
import SQLite from 'better-sqlite3';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChildServer, killChildren, startChild, testDb } from './helpers.ts';
import { account, req, storedResults, tpath, until } from './tournaments.ts';

const REDIS_URL = process.env.STICH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const A = TOURNAMENTS_API;

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
const skip = !(await redisUp()) && process.env.CI !== 'true';

afterAll(killChildren);

/** The process id (Colyseus processId, the lease owner) a child logged. */
async function processId(c: ChildServer): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const m = /"process":"([^"]+)"/.exec(c.output());
    if (m) return m[1];
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no process id logged');
}

const count = (out: string, msg: string, id: string): number =>
  out.split('\n').filter((l) => l.includes(`"msg":"${msg}"`) && l.includes(id)).length;

describe.skipIf(skip)('a tournament in a cluster (sqlite, redis)', () => {
  it('is driven by one process at a time and finished by another when the first dies', async () => {
    const db = testDb('sqlite');
    const env = {
      ...db.env,
      REDIS_URL,
      REDIS_PREFIX: `stich-test-${process.pid}-${Math.floor(Math.random() * 1e9)}:`,
      LEASE_SECONDS: '2',
      GRACE_SECONDS: '1',
      LOG_LEVEL: 'info',
    };
    try {
      const procs = [await startChild(env), await startChild(env)];
      const ids = await Promise.all(procs.map(processId));
      const [url1, url2] = procs.map((p) => p.url);
      const org = await account(url1, 'Org Cluster');
      const field = await Promise.all(Array.from({ length: 8 }, (_, i) => account(url1, `Clu ${i + 1}`)));
      const made = await req(url1, org, 'POST', A.list, {
        name: 'Cluster Cup',
        public: true,
        settings: { format: 'ddv', rounds: 3, games: 4, seed: 'cluster' },
      });
      const id = made.body.id;
      for (const p of field) expect((await req(url2, p, 'POST', tpath(A.players, id), {})).status).toBe(200);
      expect((await req(url2, org, 'POST', tpath(A.start, id))).body.status).toBe('running');

      // Any process answers; the first round is drawn by the lease holder.
      await until(url2, org, id, (d) => d.rounds.length >= 1);
      const file = new SQLite(db.env.SQLITE_FILE, { readonly: true });
      const lease = file.prepare('select owner from leases where table_id = ?').get(`tournament:${id}`) as
        | { owner: string }
        | undefined;
      file.close();
      expect(lease).toBeDefined();
      const driver = ids.indexOf(lease!.owner);
      expect(driver).toBeGreaterThanOrEqual(0);
      const survivor = procs[1 - driver];
      for (let i = 0; i < 100 && count(procs[driver].output(), 'tournament round drawn', id) === 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      procs[driver].child.kill('SIGKILL');

      const end = await until(survivor.url, org, id, (d) => d.status === 'finished', 150_000);
      expect(end.rounds.map((r) => [r.status, r.tables.length])).toEqual([
        ['done', 2],
        ['done', 2],
        ['done', 2],
      ]);
      expect((await storedResults(db.env, id)).every((r) => r.games.length === 4)).toBe(true);
      // Each round was drawn once and the tournament finished once, over both processes.
      const out = procs.map((p) => p.output()).join('\n');
      expect(count(out, 'tournament round drawn', id)).toBe(3);
      expect(count(out, 'tournament finished', id)).toBe(1);
      expect(count(survivor.output(), 'tournament finished', id)).toBe(1);
      // Each table's result was stored once.
      expect(count(out, 'tournament table done', id)).toBe(6);
    } finally {
      killChildren();
      await db.cleanup();
    }
  }, 240_000);
});
