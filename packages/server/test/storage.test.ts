/**
 * Storage faults against a server process (issue 11, defects 1, 3, 4, 13): connections terminated as in
 * a database restart or failover, writes failing for a while (a read-only database; on SQLite a held
 * write lock), and the first deal's write held back while a player leaves. The process stays up, failed
 * writes are answered `storage`, every automatic step resumes, and /healthz tells the truth. Also a write
 * that is stored although its caller saw it fail (the connection broke after COMMIT).
 */
import type { ServerMessage, TableInfo } from '@stich/protocol';
import { CHANNEL } from '@stich/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { context } from '../src/context.ts';
import type { Store } from '../src/store.ts';
import { faults } from './faults.ts';
import {
  api,
  autoplay,
  type ChildServer,
  Conn,
  createTable,
  DB_KINDS,
  type DbKind,
  guest,
  isState,
  killChildren,
  startChild,
  startTestServer,
  testDb,
  testGame,
} from './helpers.ts';

afterAll(killChildren);

const GAME = testGame();
const BOTS = [
  { kind: 'bot', level: 'random' },
  { kind: 'bot', level: 'random' },
  { kind: 'bot', level: 'random' },
];

/** Polls `f` until it returns something other than undefined/false. */
async function until<T>(what: string, f: () => Promise<T | undefined | false> | T | undefined | false) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const v = await f();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const health = (url: string) => api<{ ok: boolean; db: boolean; storage?: string }>(url, 'GET', '/healthz');

/** How many log lines of the child server (pino JSON) about `table` start with `msg`. */
const logged = (srv: ChildServer, msg: string, table: string) =>
  srv
    .output()
    .split('\n')
    .filter((l) => l.includes(`"msg":"${msg}`) && l.includes(`"table":"${table}"`)).length;

const tableMsg = (c: Conn, pred: (t: TableInfo) => boolean) =>
  c.waitFor((m) => (m.t === 'table' && pred(m.d)) || (m.t === 'welcome' && pred(m.d.table)), 30_000);

/** A public table of four bots, each made by a guest of its own (limits count tables per guest). */
async function botTable(url: string): Promise<string> {
  const { token } = await guest(url, 'Bo');
  const r = await createTable(url, token, {
    game: GAME,
    players: 4,
    seats: [...BOTS, { kind: 'bot', level: 'random' }],
    visibility: 'public',
  });
  return r.table.id;
}

/** A seat played by a client that, like the web client, asks for the state again after a `storage` error. */
function persistent(c: Conn, seat: number) {
  autoplay(c, seat);
  c.room.onMessage(CHANNEL, (m: ServerMessage) => {
    if (m.t === 'error' && m.d.code === 'storage') c.request('sync', {});
  });
}

async function withServer(
  kind: DbKind,
  env: Record<string, string>,
  run: (s: ChildServer, f: Awaited<ReturnType<typeof faults>>) => Promise<void>,
) {
  const f = await faults(kind);
  let srv: ChildServer | undefined;
  try {
    srv = await startChild({ ...f.env, ...env });
    await run(srv, f);
    // The process is still up.
    expect(srv.child.exitCode).toBeNull();
    expect(srv.child.signalCode).toBeNull();
  } finally {
    srv?.child.kill('SIGKILL');
    if (srv && srv.child.exitCode === null && srv.child.signalCode === null)
      await new Promise((r) => srv!.child.once('exit', r));
    await f.cleanup();
  }
}

describe.each(DB_KINDS)('storage faults (%s)', (kind) => {
  it('healthz reports degraded storage with 503 while writes fail, and ok again after; seats are not lost', async () => {
    await withServer(kind, {}, async (srv, f) => {
      expect((await health(srv.url)).status).toBe(200);
      const a = await guest(srv.url, 'Ali');
      const b = await guest(srv.url, 'Bea');
      const r = await createTable(srv.url, a.token, {
        game: GAME,
        players: 4,
        seats: [{ kind: 'human' }, { kind: 'human' }, ...BOTS.slice(1)],
      });
      await f.breakWrites();
      // A seat that cannot be stored is refused, and stays free.
      await expect(Conn.join(srv.url, r.table.id, { token: a.token, seat: 1 })).rejects.toThrow(/storage/);
      const bad = await until('a 503 from /healthz', async () => {
        const h = await health(srv.url);
        return h.status === 503 && h.body.db && h;
      });
      expect(bad.body).toMatchObject({ ok: false, db: true, storage: 'degraded' });
      await f.restoreWrites();
      const good = await until('a 200 from /healthz', async () => {
        const h = await health(srv.url);
        return h.status === 200 && h;
      });
      expect(good.body).toMatchObject({ ok: true, db: true, storage: 'ok' });
      const cb = await Conn.join(srv.url, r.table.id, { token: b.token, seat: 1 });
      const w = await cb.waitFor((m) => m.t === 'welcome');
      expect(w.t === 'welcome' && w.d.seat).toBe(1);
      await cb.leave();
    });
  });

  it('resumes every bot move, takeover and expired turn timer after a write outage', async () => {
    const env = { BOT_DELAY_MS: '30', GRACE_SECONDS: '1', LOG_LEVEL: 'warn' };
    await withServer(kind, env, async (srv, f) => {
      const url = srv.url;
      const ids = [await botTable(url), await botTable(url)];
      // Takeover: a person sits down and leaves; after the grace period a bot plays his seat. Another person
      // stays (alone against computers the match would wait for him, presence.ts) but never acts: his turn
      // timer lets his bot act, so every step of this table is automatic and is tried again in an outage (a
      // person's own card that fails to store is his to send again).
      const gone = await guest(url, 'Gus');
      const other = await guest(url, 'Hal');
      const t = await createTable(url, gone.token, {
        game: GAME,
        players: 4,
        seats: [{ kind: 'human' }, { kind: 'human' }, ...BOTS.slice(1)],
        visibility: 'public',
        seat: 0,
        turnTimer: 2,
      });
      const takeover = t.table.id;
      const g = await Conn.join(url, takeover, { token: gone.token });
      const stays = await Conn.join(url, takeover, { token: other.token, seat: 1 });
      await g.waitFor(isState);
      await g.leave();
      // Turn timer: a person who stays but never acts; his takeover bot acts when his time runs out.
      const idle = await guest(url, 'Ida');
      const tt = await createTable(url, idle.token, {
        game: GAME,
        players: 4,
        seats: [{ kind: 'human' }, ...BOTS],
        visibility: 'public',
        seat: 0,
        turnTimer: 2,
      });
      const timed = tt.table.id;
      const stay = await Conn.join(url, timed, { token: idle.token });
      ids.push(takeover, timed);
      const watch = await Promise.all(ids.map((id) => Conn.join(url, id, { spectate: true })));
      await tableMsg(watch[2], (x) => x.seats[0].botActive);
      const seq = (c: Conn) => c.latest()?.seq ?? 0;
      await Promise.all(watch.map((c) => c.waitFor((m) => isState(m) && m.d.seq >= 6, 30_000)));

      await f.breakWrites();
      // Every table has tried again during the outage: its automatic step stays pending while writes fail.
      await until('three failed writes at every table', () =>
        ids.every((id) => logged(srv, 'storing steps failed', id) >= 3),
      );
      const stuck = watch.map(seq);
      await f.restoreWrites();
      // Every table goes on by itself.
      await Promise.all(watch.map((c, i) => c.waitFor((m) => isState(m) && m.d.seq >= stuck[i] + 6, 30_000)));
      expect((await health(url)).status).toBe(200);
      await Promise.all([...watch, stay, stays].map((c) => c.leave()));
    });
  });

  it('a player leaving while the first deal is written keeps his seat and gets his grace period', async () => {
    const env = { GRACE_SECONDS: '1', LOG_LEVEL: 'warn' };
    await withServer(kind, env, async (srv, f) => {
      const url = srv.url;
      const a = await guest(url, 'Ada');
      const b = await guest(url, 'Ben');
      const r = await createTable(url, a.token, {
        game: GAME,
        players: 4,
        seats: [{ kind: 'human' }, { kind: 'human' }, ...BOTS.slice(1)],
        visibility: 'public',
      });
      const id = r.table.id;
      const ca = await Conn.join(url, id, { token: a.token, seat: 0 });
      await ca.waitFor(isState);
      const release = await f.holdSteps();
      const cb = await Conn.join(url, id, { token: b.token, seat: 1 });
      cb.room.reconnection.enabled = false;
      await cb.waitFor(isState);
      // The first deal is on its way to the database and held there.
      if (kind === 'postgres')
        await until('the first deal waiting for its lock', async () => (await f.lockWaits()) > 0);
      else await until('the first deal failing', () => logged(srv, 'storing steps failed', id) > 0);
      await ca.leave();
      await tableMsg(cb, (t) => !t.seats[0].connected);
      await release();
      // The match starts with Ada's seat held; her bot plays it after the grace period.
      const started = await tableMsg(cb, (t) => t.status === 'playing');
      expect(started.t === 'table' && started.d.seats[0].name).toBe('Ada');
      await tableMsg(cb, (t) => t.seats[0].botActive);
      // Nobody else can take her seat (and her hand); she can.
      const stranger = await guest(url, 'Cid');
      await expect(Conn.join(url, id, { token: stranger.token })).rejects.toThrow(/seat-taken/);
      await expect(Conn.join(url, id, { token: stranger.token, seat: 0 })).rejects.toThrow(/seat-taken/);
      const back = await Conn.join(url, id, { token: a.token });
      const w = await back.waitFor((m) => m.t === 'welcome');
      expect(w.t === 'welcome' && w.d.seat).toBe(0);
      await Promise.all([back.leave(), cb.leave()]);
    });
  });
});

describe.skipIf(!DB_KINDS.includes('postgres'))('dropped PostgreSQL connections', () => {
  it('cost at most the writes in flight: the process stays up and every table goes on', async () => {
    const env = { BOT_DELAY_MS: '20', LOG_LEVEL: 'warn' };
    await withServer('postgres', env, async (srv, f) => {
      const url = srv.url;
      const me = await guest(url, 'Pia');
      const ids = [await botTable(url), await botTable(url)];
      const p = await api<{ table: TableInfo }>(
        url,
        'POST',
        '/api/play-now',
        { game: GAME, level: 'random' },
        me.token,
      );
      const mine = await Conn.join(url, p.body.table.id, { token: me.token });
      persistent(mine, 0);
      const watch = await Promise.all(ids.map((id) => Conn.join(url, id, { spectate: true })));
      const all = [...watch, mine];
      const seq = (c: Conn) => c.latest()?.seq ?? 0;
      for (let round = 0; round < 5; round++) {
        const before = all.map(seq);
        await Promise.all(
          all.map((c, i) => c.waitFor((m) => isState(m) && m.d.seq >= before[i] + 3, 30_000)),
        );
        // A database restart, failover or idle timeout: every connection of the server ends.
        expect(await f.terminate()).toBeGreaterThan(0);
      }
      const last = all.map(seq);
      await Promise.all(all.map((c, i) => c.waitFor((m) => isState(m) && m.d.seq >= last[i] + 6, 30_000)));
      expect((await health(url)).status).toBe(200);
      await Promise.all(all.map((c) => c.leave()));
    });
  });
});

describe.each(DB_KINDS)('a write whose outcome is unknown (%s)', (kind) => {
  it('is settled against the database before the table changes again', async () => {
    const db = testDb(kind);
    const server = await startTestServer(db.env);
    try {
      const url = server.url;
      const me = await guest(url, 'Uli');
      const p = await api<{ table: TableInfo }>(
        url,
        'POST',
        '/api/play-now',
        { game: GAME, level: 'random' },
        me.token,
      );
      const id = p.body.table.id;
      const c = await Conn.join(url, id, { token: me.token });
      const myTurn = async (after: number) => {
        const m = await c.waitFor(
          (x) => isState(x) && x.d.seq > after && x.d.view.toAct[0] === 0 && x.d.legal.length > 0,
          30_000,
        );
        return (m as Extract<ServerMessage, { t: 'state' }>).d;
      };
      const s = await myTurn(-1);
      // The write is stored, but its caller hears that it failed (the answer to COMMIT was lost).
      const store = context().store as { append: Store['append'] };
      const append = store.append.bind(store);
      store.append = async (...args) => {
        await append(...args);
        throw new Error('Connection terminated unexpectedly');
      };
      const first = c.request('act', { action: s.legal[0], seq: s.seq });
      const e = await c.waitFor((m) => m.t === 'error' && m.id === first);
      expect(e.t === 'error' && e.d.code).toBe('storage');
      store.append = append;
      // The player tries again: the table first finds the step stored and takes it, so everyone gets the
      // state after it, and the repeated request is stale instead of a second write at the same step.
      const again = c.request('act', { action: s.legal[0], seq: s.seq });
      const r = await c.waitFor((m) => (m.t === 'error' || isState(m)) && m.id === again);
      expect(r.t === 'error' && r.d.code).toBe('stale');
      expect(c.messages.some((m) => isState(m) && m.d.seq > s.seq)).toBe(true);
      // The match goes on, and the table's steps are exactly the stored ones.
      const later = await myTurn(s.seq);
      expect((await context().store.steps(id)).length).toBe(later.seq);
      await c.leave();
    } finally {
      await server.close();
      await db.cleanup();
    }
  });
});
