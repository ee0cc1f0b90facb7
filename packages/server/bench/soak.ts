/**
 * Soak test (`npm run soak`, not part of `npm test`): many 4-player tables (two human seats played by SDK
 * clients that choose random legal actions, two `random` bots; a finished match is followed by a new table
 * for the same two players) for a fixed time, while a chaos loop kills
 * the server process (SIGKILL) and starts it again, terminates its PostgreSQL connections and drops clients
 * at random. Clients come back with their seat tokens. At the end it checks that
 *
 *   - every action a client got acknowledged (the `state` answering its `act`) is in the table's record at
 *     the step it was acknowledged for, and no client saw a step that is not stored;
 *   - no table is stuck: each is over or its record grows during the final window;
 *   - the server's RSS at the end is about what it was before the chaos.
 *
 *   node packages/server/bench/soak.ts [--tables 200] [--seconds 600] [--pg] [--port 39517]
 *     [--kill-every 45] [--pg-every 20] [--drop-every 1] [--think 150] [--rounds 40] [--window 20] [--idle 20]
 *
 * `--pg` uses STICH_TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) with a schema of its
 * own (dropped at the end) and an application_name of its own: only the server's own backends are ever
 * terminated. Otherwise a temporary SQLite file. Everything stays on loopback; every loop and wait is
 * bounded. Exit status 0 when every check passed, 1 otherwise. Environment variables SOAK_TABLES,
 * SOAK_SECONDS and SOAK_PG stand in for the flags.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Room } from '@colyseus/sdk';
import { cryptoRng } from '@stich/engine';
import { CHANNEL, type ServerMessage } from '@stich/protocol';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { dropSchema, openDb } from '../src/db.ts';

const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: process.env.SOAK_TABLES ?? '200' },
    seconds: { type: 'string', default: process.env.SOAK_SECONDS ?? '600' },
    pg: { type: 'boolean', default: process.env.SOAK_PG === '1' },
    port: { type: 'string', default: '39517' },
    'kill-every': { type: 'string', default: '45' },
    'pg-every': { type: 'string', default: '20' },
    'drop-every': { type: 'string', default: '1' },
    think: { type: 'string', default: '150' },
    rounds: { type: 'string', default: '40' },
    window: { type: 'string', default: '20' },
    idle: { type: 'string', default: '20' },
  },
});
const TABLES = Math.min(1000, Math.max(1, Number(values.tables)));
const SECONDS = Math.min(3600, Math.max(10, Number(values.seconds)));
const PORT = Number(values.port);
const KILL_EVERY = Math.max(5, Number(values['kill-every']));
const PG_EVERY = Math.max(2, Number(values['pg-every']));
const DROP_EVERY = Math.max(0.05, Number(values['drop-every']));
const THINK = Math.max(0, Number(values.think));
const ROUNDS = Math.max(1, Number(values.rounds));
const WINDOW = Math.max(5, Number(values.window));
/** The server's IDLE_SECONDS: after the end, tables without clients are parked and memory can drain. */
const IDLE = Math.max(5, Number(values.idle));
const URL = `http://127.0.0.1:${PORT}`;
const HUMANS = [0, 1] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const jitter = (s: number) => s * 1000 * (0.5 + cryptoRng.int(1000) / 1000);
const log = (...a: unknown[]) =>
  console.log(`[soak ${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s]`, ...a);
const t0 = Date.now();

// ---------------------------------------------------------------------------------------------------------
// The database and the server process
// ---------------------------------------------------------------------------------------------------------

const PG_URL = process.env.STICH_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const appName = `stich-soak-${process.pid}`;
const schema = `stich_soak_${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'stich-soak-'));
const dbEnv: Record<string, string> = values.pg
  ? {
      DATABASE_URL: `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}application_name=${appName}`,
      DATABASE_SCHEMA: schema,
    }
  : { SQLITE_FILE: join(dir, 'soak.sqlite') };

const serverEnv = {
  ...process.env,
  ...dbEnv,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  BOT_DELAY_MS: '0',
  GRACE_SECONDS: '5',
  TAKEOVER_LEVEL: 'random',
  // The frame limits stay at their defaults (RATE_LIMIT, RATE_BURST, RATE_CLOSE): clients play as people do.
  TABLES_PER_HOUR: '100000',
  OPEN_TABLES: '100000',
  CONNECTIONS_PER_ADDRESS: '100000',
  GUESTS_PER_HOUR: '100000',
  IDLE_SECONDS: String(IDLE),
  COLYSEUS_SEAT_RESERVATION_TIME: '60',
};

let child: ChildProcess | null = null;
/** The process is being killed on purpose (chaos or the end). */
let expectExit = false;
let starts = 0;
let kills = 0;
const unexpectedExits: string[] = [];
/** Server log lines of level error and above, by message. */
const serverErrors = new Map<string, number>();

function startServer(): Promise<void> {
  starts++;
  expectExit = false;
  // SIGUSR2 makes the server write a heap snapshot, which runs a full collection first: the soak's way to
  // read the memory the server really retains, without a hook in the server.
  const args = [`--heapsnapshot-signal=SIGUSR2`, `--diagnostic-dir=${dir}`];
  const c = spawn(process.execPath, [...args, join(import.meta.dirname, '..', 'src', 'main.ts')], {
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = c;
  let tail = '';
  let out = '';
  return new Promise((resolve, reject) => {
    const onLine = (line: string) => {
      if (line.includes('running at')) resolve();
      if (!line.startsWith('{')) return;
      try {
        const j = JSON.parse(line) as { level: number; msg: string; err?: { message?: string } };
        if (j.level >= 50) {
          const key = `${j.msg}${j.err?.message ? `: ${j.err.message.slice(0, 80)}` : ''}`;
          serverErrors.set(key, (serverErrors.get(key) ?? 0) + 1);
        }
      } catch {}
    };
    c.stdout!.on('data', (b) => {
      out += String(b);
      const lines = out.split('\n');
      out = lines.pop()!;
      for (const l of lines) onLine(l);
    });
    c.stderr!.on('data', (b) => {
      // The start of what it printed: an uncaught error comes first, with its stack after it.
      if (tail.length < 8000) tail += String(b);
    });
    c.once('exit', (code, signal) => {
      if (child === c) child = null;
      if (expectExit) return;
      // The error line ("error: terminating connection …") and where it was emitted, else the last lines.
      const lines = tail.trim().split('\n');
      const named = lines
        .filter((l) => /^\w*error(\s\[\w+\])?: |^Emitted '\w+' event on/i.test(l))
        .slice(0, 2);
      const last = (named.length > 0 ? named.join(' — ') : lines.slice(-3).join(' | ')).trim().slice(0, 300);
      unexpectedExits.push(`code ${code} signal ${signal}: ${last}`);
      log(`SERVER EXITED UNEXPECTEDLY (code ${code}, signal ${signal}): ${last}`);
      reject(new Error('server exited during start'));
      if (!ending && unexpectedExits.length < 50) void restartSoon();
    });
  });
}

let restarting: Promise<void> | null = null;
/** Starts the server again (after a crash or a kill), retrying while the port is still held. */
function restartSoon(delay = 300): Promise<void> {
  restarting ??= (async () => {
    for (let attempt = 0; attempt < 20 && !child; attempt++) {
      await sleep(delay);
      try {
        await startServer();
      } catch {}
    }
    restarting = null;
  })();
  return restarting;
}

async function killServer(): Promise<void> {
  const c = child;
  if (!c) return;
  expectExit = true;
  const gone = new Promise((r) => c.once('exit', r));
  c.kill('SIGKILL');
  await Promise.race([gone, sleep(5000)]);
}

process.on('exit', () => child?.kill('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    child?.kill('SIGKILL');
    process.exit(130);
  });

interface Health {
  readonly rss: number;
  readonly heapUsed: number;
  /** Live table rooms. */
  readonly tables: number;
}
async function health(): Promise<Health | null> {
  try {
    const r = await fetch(`${URL}/healthz`, { signal: AbortSignal.timeout(3000) });
    const j = (await r.json()) as { memory: { rss: number; heapUsed: number }; tables: number };
    return { rss: j.memory.rss, heapUsed: j.memory.heapUsed, tables: j.tables };
  } catch {
    return null;
  }
}

/** The server's memory right after a full collection (forced by a heap snapshot, deleted again). */
async function retained(): Promise<Health | null> {
  const c = child;
  if (!c) return null;
  const snapshots = () => readdirSync(dir).filter((f) => f.endsWith('.heapsnapshot'));
  for (const f of snapshots()) rmSync(join(dir, f), { force: true });
  c.kill('SIGUSR2');
  // Written when its size stops changing (bounded: 120 s).
  let size = -1;
  for (let i = 0; i < 240; i++) {
    await sleep(500);
    const f = snapshots()[0];
    if (!f) continue;
    const now = statSync(join(dir, f)).size;
    if (now > 0 && now === size) break;
    size = now;
  }
  const h = await health();
  for (const f of snapshots()) rmSync(join(dir, f), { force: true });
  return h;
}

async function post(path: string, body: unknown, token?: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(URL + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    } catch (e) {
      if (attempt >= 5) throw e;
      await sleep(200 * attempt);
    }
  }
}

async function pool<T>(n: number, f: (i: number) => Promise<T>, width = 20): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await f(i);
      }
    }),
  );
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Players
// ---------------------------------------------------------------------------------------------------------

// The SDK uses the `ws` package (TCP_NODELAY, and `terminate()` to drop a connection abruptly) when there
// is no global WebSocket.
(globalThis as { WebSocket?: unknown }).WebSocket = undefined;
const { Client } = await import('@colyseus/sdk');
// The SDK reports every closed connection and reconnection on the console; the soak counts them instead.
console.info = () => {};
console.warn = () => {};
const sdk = new Client(URL);

let ending = false;
/** The chaos is over: finished tables are no longer replaced. */
let calm = false;
let reconnects = 0;
let drops = 0;
const errorCodes = new Map<string, number>();

interface Latest {
  readonly seq: number;
  readonly legal: readonly unknown[];
  readonly outcome: unknown;
}

class Player {
  readonly table: string;
  readonly seat: number;
  readonly token: string;
  readonly code: string;
  seatToken: string | null = null;
  room: Room | null = null;
  latest: Latest | null = null;
  /** Actions the server acknowledged, by the step (seq) they were sent for. */
  readonly acked = new Map<number, unknown>();
  /** Highest step count this client was shown. */
  maxSeq = 0;
  over = false;
  private pending: { id: number; seq: number; action: unknown; at: number } | null = null;
  private nextId = 1;
  private joining = false;
  private thinking = false;

  /** Called once when this client sees the match end. */
  onOver: () => void = () => {};

  constructor(table: string, seat: number, token: string, code: string) {
    this.table = table;
    this.seat = seat;
    this.token = token;
    this.code = code;
  }

  get connected() {
    return this.room !== null;
  }

  /** Joins (first time with the guest token, then with the seat token), retrying until it works. */
  async join(deadline: number): Promise<boolean> {
    if (this.joining || this.room) return true;
    this.joining = true;
    try {
      for (let attempt = 0; Date.now() < deadline && !ending; attempt++) {
        try {
          // Like the web client: asking for the table restores it if no process holds it.
          if (this.seatToken)
            await fetch(`${URL}/api/tables/${this.table}?code=${this.code}`, {
              signal: AbortSignal.timeout(5000),
            });
          const opts = this.seatToken
            ? { seatToken: this.seatToken, json: true }
            : { token: this.token, seat: this.seat, code: this.code, json: true };
          const room = await sdk.joinById(this.table, opts);
          this.attach(room);
          return true;
        } catch {
          await sleep(Math.min(2000, 200 * (attempt + 1)));
        }
      }
      return false;
    } finally {
      this.joining = false;
    }
  }

  private attach(room: Room) {
    room.reconnection.enabled = false;
    this.room = room;
    this.pending = null;
    room.onMessage(CHANNEL, (raw: ServerMessage | string) =>
      this.onMessage(typeof raw === 'string' ? JSON.parse(raw) : raw),
    );
    room.onLeave(() => {
      if (this.room !== room) return;
      this.room = null;
      this.pending = null;
      if (!ending && !this.over) {
        reconnects++;
        void this.join(Date.now() + 120_000);
      }
    });
  }

  private onMessage(m: ServerMessage) {
    if (m.t === 'welcome') {
      if (m.d.seatToken) this.seatToken = m.d.seatToken;
      return;
    }
    if (m.t === 'error') {
      errorCodes.set(m.d.code, (errorCodes.get(m.d.code) ?? 0) + 1);
      if (this.pending && m.id === this.pending.id) this.pending = null;
      return;
    }
    if (m.t !== 'state') return;
    if (this.pending && m.id === this.pending.id) {
      this.acked.set(this.pending.seq, this.pending.action);
      this.pending = null;
    }
    this.maxSeq = Math.max(this.maxSeq, m.d.seq);
    this.latest = { seq: m.d.seq, legal: m.d.legal, outcome: m.d.outcome };
    if (m.d.outcome !== null && !this.over) {
      this.over = true;
      this.onOver();
    }
    // One think timer at a time: each answer waits THINK ms on average after the update that allowed it.
    if (this.thinking) return;
    this.thinking = true;
    setTimeout(
      () => {
        this.thinking = false;
        this.play();
      },
      THINK > 0 ? cryptoRng.int(THINK * 2) : 0,
    );
  }

  play() {
    const l = this.latest;
    if (ending || !this.room || !l || l.outcome !== null || l.legal.length === 0) return;
    // An answer lost with a killed process never comes: give up on it after a while.
    if (this.pending && Date.now() - this.pending.at < 10_000) return;
    const id = this.nextId++;
    const action = l.legal[cryptoRng.int(l.legal.length)];
    this.pending = { id, seq: l.seq, action, at: Date.now() };
    try {
      this.room.send(CHANNEL, { t: 'act', d: { action, seq: l.seq }, id });
    } catch {
      this.pending = null;
    }
  }

  /** Cuts the connection abruptly, as a network failure would. */
  drop() {
    const ws = (this.room as unknown as { connection?: { transport?: { ws?: { terminate?: () => void } } } })
      ?.connection?.transport?.ws;
    ws?.terminate?.();
  }

  async leave() {
    const r = this.room;
    this.room = null;
    if (r) await Promise.race([r.leave(true).catch(() => {}), sleep(1000)]);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Setup, chaos, checks
// ---------------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  await startServer();
  log(`server ${URL} (${values.pg ? `PostgreSQL schema ${schema}, application_name ${appName}` : 'SQLite'})`);
  log(`creating ${TABLES} tables (2 people + 2 bots, Differenzler, ${ROUNDS} rounds)`);
  const guests = await pool(
    TABLES * 2,
    async (i) => (await post('/api/guests', { name: `S${i}` })).token as string,
  );
  const tables: { id: string; code: string }[] = [];
  const players: Player[] = [];
  /** A new table for slot i (its two guests), its players seated. */
  const open = async (i: number): Promise<void> => {
    const r = await post(
      '/api/tables',
      {
        game: 'differenzler',
        players: 4,
        options: { rounds: ROUNDS },
        seats: [
          { kind: 'human' },
          { kind: 'human' },
          { kind: 'bot', level: 'random' },
          { kind: 'bot', level: 'random' },
        ],
        visibility: 'private',
        seat: 0,
      },
      guests[i * 2],
    );
    const t = { id: (r.table as { id: string }).id, code: (r.invite as { code: string }).code };
    tables.push(t);
    const ps = HUMANS.map((seat) => new Player(t.id, seat, guests[i * 2 + seat], t.code));
    players.push(...ps);
    let replaced = false;
    for (const p of ps)
      p.onOver = () => {
        if (replaced || calm || ending) return;
        replaced = true;
        // The finished table's clients leave; the slot goes on with a new table.
        void Promise.all(ps.map((x) => x.leave()))
          .then(() => open(i))
          .catch((e: unknown) => log(`slot ${i}: a new table failed: ${(e as Error).message}`));
      };
    await Promise.all(ps.map((p) => p.join(Date.now() + 120_000)));
  };
  await pool(TABLES, open);
  log(`${players.filter((p) => p.connected).length} of ${players.length} players seated; warming up`);
  await sleep(10_000);
  // RSS before the snapshot (writing one grows it); the heap right after the collection it forces.
  const beforeRss = (await health())?.rss;
  const before = await retained();
  log(`server before: RSS ${mb(beforeRss)} MB, heap ${mb(before?.heapUsed)} MB`);

  // The chaos loops run until the end time; each stops by itself.
  const end = Date.now() + SECONDS * 1000;
  let pgTerminated = 0;
  let pgRounds = 0;
  const killer = (async () => {
    for (;;) {
      await sleep(Math.min(jitter(KILL_EVERY), end - Date.now()));
      if (Date.now() >= end) return;
      if (!child) continue;
      kills++;
      log(`kill -9 (#${kills})`);
      await killServer();
      await sleep(200 + cryptoRng.int(1000));
      await restartSoon(0);
    }
  })();
  const terminator = (async () => {
    if (!values.pg) return;
    for (;;) {
      await sleep(Math.min(jitter(PG_EVERY), end - Date.now()));
      if (Date.now() >= end) return;
      const c = new pg.Client({ connectionString: PG_URL });
      try {
        await c.connect();
        const r = await c.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
          [appName],
        );
        pgRounds++;
        pgTerminated += r.rowCount ?? 0;
        log(`terminated ${r.rowCount} database connections of the server`);
      } catch (e) {
        log(`terminating database connections failed: ${(e as Error).message}`);
      } finally {
        await c.end().catch(() => {});
      }
    }
  })();
  const dropper = (async () => {
    for (;;) {
      await sleep(Math.min(jitter(DROP_EVERY), end - Date.now()));
      if (Date.now() >= end) return;
      const live = players.filter((p) => p.connected && !p.over);
      if (live.length === 0) continue;
      live[cryptoRng.int(live.length)].drop();
      drops++;
    }
  })();
  const reporter = (async () => {
    while (Date.now() < end) {
      await sleep(Math.min(30_000, Math.max(1000, end - Date.now())));
      const acked = players.reduce((n, p) => n + p.acked.size, 0);
      log(
        `tables ${tables.length}, acked ${acked}, connected ${players.filter((p) => p.connected).length}/${players.filter((p) => !p.over).length}, ` +
          `over ${players.filter((p) => p.over).length / 2}, kills ${kills}, crashes ${unexpectedExits.length}`,
      );
    }
  })();
  await Promise.all([killer, terminator, dropper, reporter]);
  calm = true;

  log('chaos over; waiting for the server and the players');
  if (!child) await restartSoon(0);
  const settle = Date.now() + 90_000;
  await Promise.all(players.filter((p) => !p.over).map((p) => p.join(settle)));
  while (Date.now() < settle && players.some((p) => !p.over && !p.connected)) await sleep(500);
  for (const p of players) p.play();

  // Progress: every table not over must add steps during the window.
  const db = (await openDb(loadConfig({ ...dbEnv, LOG_LEVEL: 'silent' }))).db;
  const snapshot = async () => {
    const rows = await db
      .selectFrom('tables')
      .leftJoin('steps', 'steps.table_id', 'tables.id')
      .select((eb) => ['tables.id', 'tables.status', eb.fn.count<number | string>('steps.seq').as('n')])
      .groupBy(['tables.id', 'tables.status'])
      .execute();
    return new Map(rows.map((r) => [r.id, { status: r.status, n: Number(r.n) }]));
  };
  const s0 = await snapshot();
  await sleep(WINDOW * 1000);
  const s1 = await snapshot();
  const stuck = tables.filter(
    (t) => s1.get(t.id)?.status !== 'over' && (s1.get(t.id)?.n ?? 0) <= (s0.get(t.id)?.n ?? 0),
  );
  const atEnd = await health();

  ending = true;
  await pool(players.length, (i) => players[i].leave(), 50);
  // With every client gone, finished tables close and the others are parked after GRACE + IDLE seconds:
  // the server should hold no table and its memory should be back to about where it was.
  const drainBy = Date.now() + (IDLE + 5 + 60) * 1000;
  const live = async () =>
    [...(await snapshot()).values()].filter((t) => t.status === 'waiting' || t.status === 'playing').length;
  const leftAt = Date.now();
  let left = await live();
  log(`clients gone; ${left} tables waiting or playing`);
  while (Date.now() < drainBy && left > 0) {
    await sleep(1000);
    left = await live();
  }
  const drainedRss = (await health())?.rss;
  const afterLeave = await retained();
  log(`tables still live ${((Date.now() - leftAt) / 1000).toFixed(0)} s after the clients left: ${left}`);
  expectExit = true;
  if (child) {
    const c = child;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await Promise.race([gone, sleep(15_000)]);
    c.kill('SIGKILL');
  }

  // Every acknowledged action is in the record at its step; no client saw a step that is not stored.
  let actions = 0;
  const mismatches: string[] = [];
  for (const t of tables) {
    const steps = await db
      .selectFrom('steps')
      .select(['seq', 'kind', 'seat', 'data'])
      .where('table_id', '=', t.id)
      .orderBy('seq')
      .execute();
    const bySeq = new Map(steps.map((s) => [s.seq, s]));
    for (const p of players.filter((x) => x.table === t.id)) {
      if (p.maxSeq > steps.length)
        mismatches.push(`${t.id} seat ${p.seat}: saw step ${p.maxSeq}, record has ${steps.length}`);
      for (const [seq, action] of p.acked) {
        actions++;
        const s = bySeq.get(seq);
        const same =
          s !== undefined &&
          s.kind === 'action' &&
          s.seat === p.seat &&
          canon(JSON.parse(s.data)) === canon(action);
        if (!same)
          mismatches.push(
            `${t.id} seat ${p.seat} step ${seq}: acknowledged ${canon(action)}, record has ${s ? `${s.kind} ${s.seat} ${s.data}` : 'nothing'}`,
          );
      }
    }
  }
  await db.destroy();

  const finished = tables.filter((t) => s1.get(t.id)?.status === 'over').length;
  const heapRatio = before && afterLeave ? afterLeave.heapUsed / before.heapUsed : Number.NaN;
  const figures = {
    database: values.pg ? 'postgres' : 'sqlite',
    seconds: SECONDS,
    slots: TABLES,
    tables: tables.length,
    finished,
    progressing: tables.length - finished - stuck.length,
    stuck: stuck.length,
    acknowledgedActions: actions,
    mismatches: mismatches.length,
    kills,
    serverStarts: starts,
    unexpectedExits: unexpectedExits.length,
    pgTerminateRounds: pgRounds,
    pgBackendsTerminated: pgTerminated,
    clientDrops: drops,
    reconnects,
    errorCodes: Object.fromEntries(errorCodes),
    serverErrors: Object.fromEntries([...serverErrors].sort((a, b) => b[1] - a[1]).slice(0, 8)),
    rssMB: { before: mb(beforeRss), end: mb(atEnd?.rss), drained: mb(drainedRss) },
    // before and drained: right after a full collection; end: as it was.
    heapMB: { before: mb(before?.heapUsed), end: mb(atEnd?.heapUsed), drained: mb(afterLeave?.heapUsed) },
    liveTablesDrained: left,
  };
  console.log(JSON.stringify(figures, null, 2));
  for (const m of mismatches.slice(0, 10)) log(`MISMATCH ${m}`);
  for (const t of stuck.slice(0, 10))
    log(`STUCK ${t.id}: ${s1.get(t.id)?.status}, ${s1.get(t.id)?.n} steps, unchanged for ${WINDOW} s`);
  for (const u of unexpectedExits.slice(0, 5)) log(`CRASH ${u}`);
  const checks = {
    'every acknowledged action is in the record': mismatches.length === 0,
    'no table is stuck': stuck.length === 0,
    // The heap, not RSS: a process restored from the records keeps its RSS high-water mark (V8 and malloc
    // keep freed pages), which says nothing about what is still held. Both are printed.
    'memory (heap) back to about its level before (≤ 1.5×) once the tables are gone': heapRatio <= 1.5,
    'every table finished or parked once the clients left': left === 0,
    'the server never exited by itself': unexpectedExits.length === 0,
  };
  for (const [what, ok] of Object.entries(checks)) log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  return Object.values(checks).every(Boolean) ? 0 : 1;
}

const mb = (b: number | undefined) => (b === undefined ? null : Number((b / 1024 / 1024).toFixed(1)));

/** JSON with sorted keys, to compare an action with its stored copy. */
function canon(x: unknown): string {
  return JSON.stringify(x, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

let status = 1;
try {
  status = await main();
} catch (e) {
  log(`soak failed: ${(e as Error).stack ?? e}`);
} finally {
  ending = true;
  expectExit = true;
  (child as ChildProcess | null)?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  if (values.pg) await dropSchema(PG_URL, schema).catch(() => {});
}
process.exit(status);
