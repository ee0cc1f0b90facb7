/**
 * Accounts in a cluster (docs/accounts.md): two server processes on one database and Redis. A player signs
 * in through one and plays through the other with the session's play token; the cookie works on both;
 * a lockout earned on one holds on the other; signing out on one ends the play token on both. Needs Redis
 * on 127.0.0.1:6379 (STICH_TEST_REDIS_URL): skipped without it, except in CI (CI=true), where it fails.
 * On SQLite (one file for both) and on PostgreSQL when STICH_TEST_DATABASE_URL is set.
 */
import { ACCOUNT_API, type AccountResponse, type TableInfo } from '@stich/protocol';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { FREE_FAILURES } from '../src/logins.ts';
import { call } from './accounts.ts';
import {
  api,
  autoplay,
  type ChildServer,
  Conn,
  DB_KINDS,
  isState,
  killChildren,
  SHORT_OPTIONS,
  startChild,
  testDb,
  testGame,
} from './helpers.ts';

const REDIS_URL = process.env.STICH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const A = ACCOUNT_API;
const GAME = testGame();

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

describe.skipIf(skip).each(DB_KINDS)('accounts in a cluster (%s)', (kind) => {
  it('signs in through one process and plays through another', { timeout: 90_000 }, async () => {
    expect(up, `Redis is needed at ${REDIS_URL}`).toBe(true);
    const db = testDb(kind);
    const prefix = `stich-test-${process.pid}-${Math.floor(Math.random() * 1e9)}:`;
    const procs: ChildServer[] = [];
    try {
      const env = { ...db.env, REDIS_URL, REDIS_PREFIX: prefix };
      // One after the other: the first migrates the database.
      procs.push(await startChild(env));
      procs.push(await startChild(env));
      const [one, two] = procs.map((p) => p.url);

      const reg = await call<AccountResponse>(one, 'POST', A.register, {
        body: { name: 'Ulla', password: 'password 123' },
      });
      expect(reg.status).toBe(201);
      const login = await call<AccountResponse>(one, 'POST', A.login, {
        body: { name: 'Ulla', password: 'password 123' },
      });
      expect(login.status).toBe(200);
      const token = login.body.token!;
      // The cookie of process one is a session on process two.
      const there = await call<AccountResponse>(two, 'GET', A.account, { cookie: login.cookie! });
      expect(there.status).toBe(200);
      expect(there.body.account.player.name).toBe('Ulla');

      // Plays through process two with the play token.
      const t = await api<{ table: TableInfo }>(
        two,
        'POST',
        '/api/play-now',
        { game: GAME, level: 'random', options: SHORT_OPTIONS[GAME] ?? {} },
        token,
      );
      expect(t.status).toBe(201);
      const c = await Conn.join(two, t.body.table.id, { token });
      const w = await c.waitFor((m) => m.t === 'welcome');
      expect(w.t === 'welcome' && w.d.seat).toBe(0);
      autoplay(c, 0);
      // Her own actions are taken: a state after one of hers.
      await c.waitFor((m) => isState(m) && m.d.seq > 0 && m.d.view.toAct[0] !== 0, 30_000);
      await c.leave();

      // A lockout earned on process one holds on process two (the failures are in the database).
      for (let i = 0; i <= FREE_FAILURES; i++)
        expect(
          (await call(one, 'POST', A.login, { body: { name: 'Ulla', password: 'wrong one' } })).status,
        ).toBe(401);
      const locked = await call(two, 'POST', A.login, { body: { name: 'ulla', password: 'password 123' } });
      expect([locked.status, locked.body.code]).toEqual([429, 'too-many-logins']);

      // Signing out on process two ends the play token on process one.
      expect((await call(two, 'POST', A.logout, { cookie: login.cookie! })).status).toBe(200);
      expect((await api(one, 'GET', '/api/me', undefined, token)).status).toBe(401);
      expect((await api(one, 'GET', '/api/me', undefined, reg.body.token)).status).toBe(200);
    } finally {
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
