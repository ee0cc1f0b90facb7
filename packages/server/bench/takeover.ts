/**
 * Takeover benchmark (not part of `npm test`): how long the tables of a killed process wait. A cluster of
 * `--processes` server processes on Redis and one database behind the cluster's proxy (src/proxy.ts);
 * `--tables` play-now tables created through process 1 (so it owns them), each with one SDK client that
 * plays its seat and, when its connection is lost for good, rejoins like the web client (GET the table,
 * join with its seat token). Then, `--rounds` times: a few seconds of play, SIGKILL to the process owning
 * the most tables, and per table the time from the kill until another process holds its lease (expiry +
 * proactive takeover) and until its client has its seat back with a state at least as new as the last one
 * it was sent (nothing acknowledged lost). The killed process is started again for the next round.
 *
 *   node packages/server/bench/takeover.ts [--tables 20] [--processes 3] [--lease 10] [--rounds 3] [--db sqlite|pg]
 *
 * Needs Redis (REDIS_URL, default redis://127.0.0.1:6379; keys under a prefix of its own, deleted at the
 * end); `--db pg` uses STICH_TEST_DATABASE_URL with a schema of its own (dropped at the end).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client, type Room } from '@colyseus/sdk';
import { CHANNEL, type ServerMessage } from '@stich/protocol';
import { Redis } from 'ioredis';
import { dropSchema, openDb } from '../src/db.ts';
import { startProxy } from '../src/proxy.ts';

const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: '20' },
    processes: { type: 'string', default: '3' },
    lease: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    db: { type: 'string', default: 'sqlite' },
  },
});
const TABLES = Math.max(1, Number(values.tables));
const PROCESSES = Math.max(2, Number(values.processes));
const LEASE = Math.max(1, Number(values.lease));
const ROUNDS = Math.max(1, Number(values.rounds));
const PG_URL = process.env.STICH_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const prefix = `stich-takeover-${process.pid}:`;
const schema = `stich_takeover_${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'stich-takeover-'));
const dbEnv: Record<string, string> =
  values.db === 'pg'
    ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema }
    : { SQLITE_FILE: join(dir, 'stich.sqlite') };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const ports = await Promise.all(Array.from({ length: PROCESSES }, freePort));
const proxy = await startProxy({ port: 0, members: ports.map((port, i) => ({ n: i + 1, port })) });
const procs = new Map<number, { child: ChildProcess; id: string }>();

async function spawnProc(n: number): Promise<void> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'src', 'main.ts')], {
    env: {
      ...process.env,
      ...dbEnv,
      PORT: String(ports[n - 1]),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIR: '/nonexistent',
      BOT_DELAY_MS: '100',
      GRACE_SECONDS: '120',
      TAKEOVER_LEVEL: 'random',
      REDIS_URL,
      REDIS_PREFIX: prefix,
      PUBLIC_ADDRESS: proxy.address(n),
      LEASE_SECONDS: String(LEASE),
      TRUSTED_PROXIES: '127.0.0.1',
      TABLES_PER_HOUR: '100000',
      OPEN_TABLES: '100000',
      GUESTS_PER_HOUR: '100000',
      CONNECTIONS_PER_ADDRESS: '100000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const id = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b) => {
      out += String(b);
      const m = /"process":"([^"]+)"/.exec(out);
      if (m && /running at/.test(out)) resolve(m[1]);
    });
    child.once('exit', (c) => reject(new Error(`process ${n} exited (${c})`)));
  });
  procs.set(n, { child, id });
}

async function post(path: string, body: unknown, token?: string, base = proxy.url) {
  const r = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as Record<string, unknown>;
}

/** One table's player: plays its seat, rejoins after a loss. */
class Player {
  room: Room | null = null;
  seq = -1;
  seatToken = '';
  lostAt = 0;
  backAt = 0;
  seqAtLoss = -1;
  regressed = false;
  /** The connection that was open at the kill: its late messages do not count as being back. */
  private old: Room | null = null;
  readonly id: string;
  readonly token: string;
  constructor(id: string, token: string) {
    this.id = id;
    this.token = token;
  }

  attach(room: Room) {
    this.room = room;
    room.reconnection.maxRetries = 4;
    room.onMessage(CHANNEL, (m: ServerMessage) => {
      if (m.t === 'welcome' && m.d.seatToken) this.seatToken = m.d.seatToken;
      if (m.t !== 'state') return;
      if (this.lostAt > 0 && this.backAt === 0 && room !== this.old) {
        this.backAt = Date.now();
        if (m.d.seq < this.seqAtLoss) this.regressed = true;
      }
      this.seq = m.d.seq;
      if (m.d.legal.length > 0 && m.d.view.toAct[0] === 0 && m.d.outcome === null)
        setTimeout(
          () => room.send(CHANNEL, { t: 'act', id: 1, d: { action: m.d.legal[0], seq: m.d.seq } }),
          100,
        );
    });
    room.onLeave(() => {
      if (this.room !== room) return;
      this.room = null;
      void this.rejoin();
    });
  }

  lost(at: number) {
    this.lostAt = at;
    this.backAt = 0;
    this.seqAtLoss = this.seq;
    this.old = this.room;
  }

  async rejoin() {
    for (let i = 0; i < 600; i++) {
      try {
        await fetch(`${proxy.url}/api/tables/${this.id}`);
        this.attach(await new Client(proxy.url).joinById(this.id, { seatToken: this.seatToken }));
        return;
      } catch {
        await sleep(100);
      }
    }
  }
}

async function owners(): Promise<Map<string, string>> {
  const { db } = await openDb({
    databaseUrl: dbEnv.DATABASE_URL ?? null,
    databaseSchema: dbEnv.DATABASE_SCHEMA ?? 'public',
    sqliteFile: dbEnv.SQLITE_FILE ?? ':memory:',
  });
  try {
    const rows = await db.selectFrom('leases').select(['table_id', 'owner']).execute();
    return new Map(rows.map((r) => [r.table_id, r.owner]));
  } finally {
    await db.destroy();
  }
}

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN;
};

try {
  await spawnProc(1);
  const players: Player[] = [];
  for (let i = 0; i < TABLES; i++) {
    const g = await post('/api/guests', { name: `T${i}` }, undefined, `${proxy.url}/p/1`);
    const r = await post(
      '/api/play-now',
      { game: 'differenzler', level: 'random', options: { rounds: 40 } },
      g.token as string,
      `${proxy.url}/p/1`,
    );
    const p = new Player((r.table as { id: string }).id, g.token as string);
    p.attach(await new Client(`${proxy.url}/p/1`).joinById(p.id, { token: p.token, seat: 0 }));
    players.push(p);
  }
  for (let n = 2; n <= PROCESSES; n++) await spawnProc(n);
  console.log(
    `takeover: ${TABLES} tables, ${PROCESSES} processes, LEASE_SECONDS=${LEASE}, ${values.db}; load ${loadavg()[0].toFixed(1)}`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    await sleep(4000);
    const own = await owners();
    const count = new Map<string, number>();
    for (const o of own.values()) count.set(o, (count.get(o) ?? 0) + 1);
    const [victimN, victim] = [...procs.entries()].sort(
      (a, b) => (count.get(b[1].id) ?? 0) - (count.get(a[1].id) ?? 0),
    )[0];
    const mine = players.filter((p) => own.get(p.id) === victim.id);
    const t0 = Date.now();
    victim.child.kill('SIGKILL');
    for (const p of mine) p.lost(t0);
    const leaseAt = new Map<string, number>();
    while (Date.now() - t0 < (LEASE + 60) * 1000) {
      const now = await owners();
      for (const p of mine)
        if (!leaseAt.has(p.id) && now.get(p.id) && now.get(p.id) !== victim.id)
          leaseAt.set(p.id, Date.now() - t0);
      if (leaseAt.size === mine.length && mine.every((p) => p.backAt > 0)) break;
      await sleep(50);
    }
    const leaseMs = [...leaseAt.values()];
    const backMs = mine.filter((p) => p.backAt > 0).map((p) => p.backAt - t0);
    console.log(
      `round ${round}: killed process ${victimN} owning ${mine.length} tables; ` +
        `lease taken over after p50 ${q(leaseMs, 0.5)} ms, max ${Math.max(...leaseMs)} ms (${leaseMs.length}/${mine.length}); ` +
        `players back after p50 ${q(backMs, 0.5)} ms, max ${Math.max(...backMs)} ms (${backMs.length}/${mine.length}); ` +
        `state behind what the player had seen: ${mine.filter((p) => p.regressed).length}; load ${loadavg()[0].toFixed(1)}`,
    );
    procs.delete(victimN);
    await spawnProc(victimN);
  }
  for (const p of players) await p.room?.leave().catch(() => {});
} finally {
  for (const { child } of procs.values()) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  await proxy.close();
  const r = new Redis(REDIS_URL);
  const keys = await r.keys(`${prefix}*`);
  if (keys.length > 0) await r.del(...keys);
  r.disconnect();
  rmSync(dir, { recursive: true, force: true });
  if (values.db === 'pg') await dropSchema(PG_URL, schema).catch(() => {});
}
