/**
 * Several server processes on Redis (Colyseus' Redis presence and driver) and one database, behind the
 * local cluster's proxy (src/proxy.ts): a table created through one process, joined through a second and
 * watched through a third; the owner killed with SIGKILL in the middle of a deal, its players' clients
 * rejoining by themselves and the table going on in another process from exactly the acknowledged state;
 * two processes started at the same moment never loading a table twice; clients that cannot create or
 * fork a table room. Needs Redis on 127.0.0.1:6379 (STICH_TEST_REDIS_URL): without it the tests say so and
 * are skipped, except in CI (CI=true), where they fail. Runs on SQLite (one file shared by the processes)
 * and on PostgreSQL when STICH_TEST_DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@colyseus/sdk';
import { gameById, type Seat } from '@stich/engine';
import type { StateUpdate, TableInfo } from '@stich/protocol';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db.ts';
import { type RunningProxy, startProxy } from '../src/proxy.ts';
import {
  api,
  type ChildServer,
  Conn,
  createTable,
  DB_KINDS,
  guest,
  isState,
  killChildren,
  startChild,
  type TestDb,
  testDb,
  testGame,
} from './helpers.ts';

const REDIS_URL = process.env.STICH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LEASE_SECONDS = 2;
/** Several processes start and stop in each test; on a busy machine that takes a while. */
const SLOW = 180_000;

/** Whether Redis answers; the reason when not. */
async function redisUp(): Promise<string | null> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  r.on('error', () => {});
  try {
    await r.connect();
    await r.ping();
    return null;
  } catch (e) {
    return (e as Error).message;
  } finally {
    r.disconnect();
  }
}
const missing = await redisUp();
if (missing !== null)
  console.warn(
    `cluster tests: Redis does not answer at ${REDIS_URL} (${missing}); ${process.env.CI === 'true' ? 'failing (CI)' : 'skipped'}`,
  );
const skip = missing !== null && process.env.CI !== 'true';

afterAll(killChildren);

const GAME = testGame();

interface Proc extends ChildServer {
  readonly n: number;
  /** Colyseus processId (the lease owner). */
  readonly id: string;
}

/** A cluster: a proxy in front, processes started by `spawn(n)` (1-based), all on one database and Redis. */
class Cluster {
  readonly prefix = `stich-test-${process.pid}-${Math.floor(Math.random() * 1e9)}:`;
  readonly procs = new Map<number, Proc>();
  proxy!: RunningProxy;
  /**
   * Each process listens on a Unix socket, as under `npm run cluster`: a port chosen when the cluster
   * opens could be taken by another test's connection before a later process starts (CI: one did).
   */
  readonly dir = mkdtempSync(join(tmpdir(), 'stich-cluster-test-'));
  readonly db: TestDb;
  constructor(db: TestDb) {
    this.db = db;
  }

  async open(size: number): Promise<void> {
    const members = Array.from({ length: size }, (_, i) => ({ n: i + 1, socket: this.socket(i + 1) }));
    this.proxy = await startProxy({ port: 0, members });
  }

  socket(n: number): string {
    return join(this.dir, `${n}.sock`);
  }

  /** Process n's own address through the proxy (its HTTP and its WebSockets). */
  at(n: number): string {
    return `${this.proxy.url}/p/${n}`;
  }

  async spawn(n: number, env: Record<string, string> = {}): Promise<Proc> {
    const c = await startChild({
      ...this.db.env,
      LISTEN_SOCKET: this.socket(n),
      LOG_LEVEL: 'info',
      REDIS_URL,
      REDIS_PREFIX: this.prefix,
      PUBLIC_ADDRESS: this.proxy.address(n),
      LEASE_SECONDS: String(LEASE_SECONDS),
      TRUSTED_PROXIES: '127.0.0.1',
      ...env,
    });
    // The log line may come after the "running at" line that startChild waits for.
    let m = /"process":"([^"]+)"/.exec(c.output());
    for (let i = 0; i < 100 && !m; i++) {
      await new Promise((r) => setTimeout(r, 50));
      m = /"process":"([^"]+)"/.exec(c.output());
    }
    if (!m) throw new Error(`the server did not log its process id: ${c.output().slice(0, 2000)}`);
    const p = { ...c, n, id: m[1] };
    this.procs.set(n, p);
    return p;
  }

  /** The process that owns a table by its lease (and the lease's expiry in ms from now). */
  async owner(tableId: string): Promise<Proc | undefined> {
    const { db } = await openDb({
      databaseUrl: this.db.env.DATABASE_URL ?? null,
      databaseSchema: this.db.env.DATABASE_SCHEMA ?? 'public',
      sqliteFile: this.db.env.SQLITE_FILE ?? ':memory:',
    });
    try {
      const row = await db
        .selectFrom('leases')
        .select('owner')
        .where('table_id', '=', tableId)
        .executeTakeFirst();
      return [...this.procs.values()].find((p) => p.id === row?.owner);
    } finally {
      await db.destroy();
    }
  }

  /** How often each table was loaded, over every process's log. */
  loads(): Map<string, number> {
    const n = new Map<string, number>();
    for (const p of this.procs.values())
      for (const m of p.output().matchAll(/"table":"([^"]+)"[^\n]*"msg":"table loaded"/g))
        n.set(m[1], (n.get(m[1]) ?? 0) + 1);
    return n;
  }

  async close(): Promise<void> {
    for (const p of this.procs.values()) {
      if (p.child.exitCode !== null || p.child.signalCode !== null) continue;
      p.child.kill('SIGTERM');
      await new Promise((r) => p.child.once('exit', r));
    }
    await this.proxy?.close();
    const r = new Redis(REDIS_URL);
    const keys = await r.keys(`${this.prefix}*`);
    if (keys.length > 0) await r.del(...keys);
    r.disconnect();
    await this.db.cleanup();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The WebSocket URL a connection went to. */
const wsUrl = (c: Conn): string => (c.room.connection as unknown as { url: string }).url;

/**
 * A player's client as the web client behaves (packages/web/src/net.ts): when its connection is lost for
 * good it asks for the table (GET /api/tables/:id through the proxy: that brings it back to life
 * somewhere) and joins it again with its seat token, retrying until it is back.
 */
class Player {
  conn: Conn;
  readonly seatToken: string;
  private readonly base: string;
  private readonly tableId: string;
  /** Rejoined after a loss (resolves with the new connection). */
  back: Promise<Conn> | null = null;
  private closed = false;
  constructor(conn: Conn, seatToken: string, base: string, tableId: string) {
    this.conn = conn;
    this.seatToken = seatToken;
    this.base = base;
    this.tableId = tableId;
    this.watch(conn);
  }

  private watch(conn: Conn) {
    // Like the web client: a few quick reconnection tries to the same process, then a fresh join.
    conn.room.reconnection.maxRetries = 4;
    conn.room.onLeave(() => {
      if (this.conn === conn && !this.closed) this.back = this.rejoin();
    });
  }

  private async rejoin(): Promise<Conn> {
    const until = Date.now() + 60_000;
    for (;;) {
      try {
        await api(this.base, 'GET', `/api/tables/${this.tableId}`);
        const room = await new Client(this.base).joinById(this.tableId, { seatToken: this.seatToken });
        const c = new Conn(room);
        this.conn = c;
        this.watch(c);
        return c;
      } catch (e) {
        if (Date.now() > until || this.closed) throw e;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  async leave(): Promise<void> {
    this.closed = true;
    await this.conn.leave();
  }
}

/** Plays one step: the seat to act takes a legal action (chosen by `k`); every seat sees the result. */
async function step(conns: Conn[], k: number): Promise<number> {
  const seat = conns[0].latest()!.view.toAct[0] as Seat;
  const c = conns[seat];
  const legal = c.latest()!.legal;
  const id = c.request('act', { action: legal[k % legal.length], seq: c.latest()!.seq });
  const r = await c.waitFor((m) => (isState(m) || m.t === 'error') && m.id === id);
  expect(r.t).toBe('state');
  const seq = (r as { d: StateUpdate }).d.seq;
  await Promise.all(conns.map((x) => x.waitFor((m) => isState(m) && m.d.seq === seq)));
  return seq;
}

async function snapshot(c: Conn): Promise<StateUpdate> {
  const id = c.request('sync', {});
  const m = await c.waitFor((x) => isState(x) && x.id === id);
  return (m as { d: StateUpdate }).d;
}

const players = (() => {
  const game = gameById(GAME)!;
  return [4, 3, 2].find((n) => game.parseConfig({ players: n }).ok)!;
})();

describe.skipIf(skip).each(DB_KINDS)('cluster on Redis (%s)', (kind) => {
  it('Redis answers', () => {
    expect(missing, `Redis is needed at ${REDIS_URL}`).toBeNull();
  });

  it(
    'three processes: created through one, joined through a second, watched through a third; the owner killed mid-deal, the table goes on elsewhere',
    async () => {
      const cl = new Cluster(testDb(kind));
      const seated: Player[] = [];
      try {
        await cl.open(3);
        await Promise.all([cl.spawn(1), cl.spawn(2), cl.spawn(3)]);
        const guests = await Promise.all(
          Array.from({ length: players }, (_, i) => guest(cl.at((i % 3) + 1), `P${i}`)),
        );
        const r = await createTable(cl.at(1), guests[0].token, {
          game: GAME,
          players,
          seats: guests.map(() => ({ kind: 'human' })),
          visibility: 'public',
        });
        const id = r.table.id;
        const owner = await cl.owner(id);
        expect(owner?.n).toBe(1);

        // The lobby of another process lists it; its invite-less public info is served by every process.
        const lobby = new Conn(await new Client(cl.at(3)).join('lobby', {}));
        const listed = await lobby.waitFor((m) => m.t === 'lobby');
        expect(listed.t === 'lobby' && listed.d.tables.some((t) => t.id === id)).toBe(true);
        await lobby.leave();
        for (const n of [2, 3]) {
          const t = await api<{ table: TableInfo }>(cl.at(n), 'GET', `/api/tables/${id}`);
          expect(t.body.table.id).toBe(id);
        }

        // Seat 0 through process 1, the others through process 2; a spectator through process 3.
        for (let i = 0; i < players; i++) {
          const via = cl.at(i === 0 ? 1 : 2);
          const c = await Conn.join(via, id, { token: guests[i].token, seat: i });
          const w = await c.waitFor((m) => m.t === 'welcome');
          seated.push(new Player(c, w.t === 'welcome' ? w.d.seatToken! : '', cl.proxy.url, id));
        }
        const spectator = await Conn.join(cl.at(3), id, { spectate: true });
        await spectator.waitFor((m) => m.t === 'welcome');
        // Every connection went to the owner's address.
        for (const c of [...seated.map((p) => p.conn), spectator])
          expect(wsUrl(c)).toContain(`/p/${owner!.n}/`);

        const conns = () => seated.map((p) => p.conn);
        await Promise.all(conns().map((c) => c.waitFor((m) => isState(m) && m.d.view.toAct.length > 0)));
        let seq = 0;
        for (let k = 0; k < 11; k++) seq = await step(conns(), k * 7 + 3);
        // The spectator on the third process follows the same table.
        await spectator.waitFor((m) => isState(m) && m.d.seq === seq);
        const before = await Promise.all(conns().map(snapshot));
        expect(before[0].outcome).toBeNull();
        expect(cl.loads().get(id)).toBe(1);

        // Kill the owner in the middle of the deal.
        const killedAt = Date.now();
        owner!.child.kill('SIGKILL');
        await new Promise((res) => owner!.child.once('exit', res));
        const back = await Promise.all(
          seated.map(async (p) => {
            for (let i = 0; i < 400 && !p.back; i++) await new Promise((r) => setTimeout(r, 50));
            expect(p.back, 'the client noticed the loss').not.toBeNull();
            return p.back!;
          }),
        );
        const after = await Promise.all(back.map(snapshot));
        const tookMs = Date.now() - killedAt;
        const next = await cl.owner(id);
        expect(next).toBeDefined();
        expect(next!.n).not.toBe(owner!.n);
        for (const c of back) expect(wsUrl(c)).toContain(`/p/${next!.n}/`);
        for (let i = 0; i < players; i++) {
          expect(after[i].seq).toBe(before[i].seq);
          expect(after[i].view).toEqual(before[i].view);
          expect(after[i].legal).toEqual(before[i].legal);
        }
        console.info(`cluster (${kind}): players back on process ${next!.n} ${tookMs} ms after the kill`);
        // The match goes on; the table was loaded once by the dead owner and once by its successor.
        await step(back, 1);
        expect(cl.loads().get(id)).toBe(2);
      } finally {
        await Promise.all(seated.map((p) => p.leave()));
        await cl.close();
      }
    },
    SLOW,
  );

  it(
    'a dead process’s seated tables are taken over without a request; two processes started together never load a table twice',
    async () => {
      const cl = new Cluster(testDb(kind));
      try {
        await cl.open(3);
        const first = await cl.spawn(1);
        const g = await guest(cl.at(1), 'Owner');
        const ids: string[] = [];
        for (let i = 0; i < 6; i++) {
          const r = await createTable(cl.at(1), g.token, {
            game: GAME,
            players,
            seats: Array.from({ length: players }, () => ({ kind: 'human' })),
            visibility: 'public',
            seat: 0,
          });
          ids.push(r.table.id);
        }
        first.child.kill('SIGKILL');
        await new Promise((res) => first.child.once('exit', res));
        // Two processes at the same moment; nobody asks for any table.
        await Promise.all([cl.spawn(2), cl.spawn(3)]);
        const until = Date.now() + (LEASE_SECONDS + 15) * 1000;
        const owners = new Map<string, Proc | undefined>();
        while (Date.now() < until) {
          for (const id of ids) owners.set(id, await cl.owner(id));
          if (ids.every((id) => owners.get(id) && owners.get(id)!.n !== 1)) break;
          await new Promise((r) => setTimeout(r, 200));
        }
        for (const id of ids) expect([2, 3]).toContain(owners.get(id)?.n);
        // A little longer: no second load anywhere.
        await new Promise((r) => setTimeout(r, LEASE_SECONDS * 1000));
        const loads = cl.loads();
        for (const id of ids) expect(loads.get(id), id).toBe(2); // once by process 1, once by its successor
        for (const p of [2, 3])
          expect(cl.procs.get(p)!.output()).not.toMatch(/storing steps failed|lease lost/);
      } finally {
        await cl.close();
      }
    },
    SLOW,
  );

  it(
    'a guest limit per address holds for the cluster, whichever process a request reaches',
    async () => {
      const cl = new Cluster(testDb(kind));
      try {
        await cl.open(2);
        await Promise.all([1, 2].map((n) => cl.spawn(n, { GUESTS_PER_HOUR: '3' })));
        const from = (n: number, ip: string) =>
          fetch(`${cl.at(n)}/api/guests`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
            body: JSON.stringify({ name: 'G' }),
          }).then((r) => r.status);
        // The proxy appends the address it saw (127.0.0.1); the client's own entry is ignored, so all of
        // these count for the same address: three in all, not three per process.
        expect(await from(1, '192.0.2.1')).toBe(201);
        expect(await from(2, '192.0.2.2')).toBe(201);
        expect(await from(1, '192.0.2.3')).toBe(201);
        expect(await from(2, '192.0.2.4')).toBe(429);
        expect(await from(1, '192.0.2.5')).toBe(429);
      } finally {
        await cl.close();
      }
    },
    SLOW,
  );

  it(
    'a client can neither create nor fork a table room on any process',
    async () => {
      const cl = new Cluster(testDb(kind));
      try {
        await cl.open(2);
        await Promise.all([cl.spawn(1), cl.spawn(2)]);
        const g = await guest(cl.at(1), 'A');
        const r = await api<{ table: TableInfo }>(
          cl.at(1),
          'POST',
          '/api/play-now',
          { game: GAME, level: 'random' },
          g.token,
        );
        expect(r.status).toBe(201);
        const id = r.body.table.id;
        for (const n of [1, 2]) {
          for (const method of ['create', 'joinOrCreate'])
            expect((await api(cl.at(n), 'POST', `/matchmake/${method}/table`, { tableId: id })).status).toBe(
              403,
            );
          expect((await api(cl.at(n), 'POST', '/matchmake/join/table', {})).status).toBe(403);
        }
        // Joining by id through the other process reaches the one live room.
        const c = await Conn.join(cl.at(2), id, { token: g.token });
        await c.waitFor((m) => m.t === 'welcome');
        expect(wsUrl(c)).toContain('/p/1/');
        await c.leave();
        expect(cl.loads().get(id)).toBe(1);
      } finally {
        await cl.close();
      }
    },
    SLOW,
  );
});
