/**
 * Load benchmark (`npm run loadtest`, not part of `npm test`): N concurrent 4-player tables played by
 * scripted WebSocket clients (the Colyseus SDK) that answer every update with a random legal action. The
 * load generator is this process; the server runs in its own process(es), everything on loopback.
 *
 *   node packages/server/bench/loadtest.ts [--tables 500] [--seconds 30] [--game differenzler]
 *     [--think 0 | --rate 3000] [--db sqlite|pg] [--processes 1 | --targets URL,URL] [--prof DIR]
 *     [--msgpack] [--whole] [--options JSON] [--trace]
 *
 * Pacing. `--think 0` (default): every player answers at once, a closed loop in which each table always
 * has an action in flight, so latency is queueing (Little's law: tables / throughput). `--think <ms>`: each
 * player waits that long before answering. `--rate <actions/s>`: an open schedule, each table acts every
 * tables / rate seconds (later only when its previous update came late), which is how "500 tables at
 * 3,000 actions/s" is measured.
 *
 * Servers. By default one server process (`src/main.ts`) is started on a fresh SQLite file, or with
 * `--db pg` on a schema of its own in STICH_TEST_DATABASE_URL's database (dropped at the end).
 * `--processes N` starts the local cluster instead (`npm run cluster -- --processes N` on `--port`, 29600: below Linux's ephemeral ports,
 * where the load's own connections would otherwise take it; with REDIS_URL, default redis://127.0.0.1:6379, under a key prefix of its own, and the database as above)
 * and plays against the processes' URLs it prints, through its proxy; the proxy's CPU is reported apart.
 * `--targets` plays against servers already running. Tables are created and joined round-robin across
 * the URLs. `--prof DIR` runs a single started server under --cpu-prof. The clients take JSON text
 * frames, as the web client (`--msgpack`: msgpack objects), and the table as events, a snapshot then patch
 * frames folded with the protocol's reducer as the web client folds them (`--whole`: every update whole, as
 * a client without the join option `events`). `--options` replaces the game's setup options (e.g. `'{"rounds":4}'`: matches
 * that end within the window, so that what a match's end costs is measured too; a table stops at its end).
 * Setup goes table by table (`--concurrency` tables at a time): the table's four guests, the table, its
 * four joins; a failed request or join is tried again (up to 8 times) and counted by its message in the
 * report's `setup`. With `--prof` the report gives the measured window on the monotonic clock
 * (`profileWindowUs`) for bench/profile.ts.
 * `--trace` (one started server): the server runs with TRACE_TAIL (src/trace.ts) and the report adds where
 * the tail goes (bench/tail.ts): latency of deal-ending actions, the server's time per action split, group
 * writes, GC pauses and loop delay of both processes, and which causes the slow actions (> p99) overlapped.
 *
 * Reports, for the measured window (after every table is seated and 3 s of warm-up): actions per second
 * confirmed by the server's update, the JSON text received per action by all connections together, p50/p99/max latency from sending an action to receiving the update
 * that answers it, the server's CPU time per action (user and system, summed over its processes: from
 * each process's `/healthz`), the CPU shares of server and load generator, memory per table (RSS and
 * heap growth from idle to every table seated, before play), and the machine's load average at the start
 * and the end (the wall-clock figures depend on it; CPU per action hardly does).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Room } from '@colyseus/sdk';
import { cryptoRng } from '@stich/engine';
import {
  applyEvents,
  CHANNEL,
  type Folded,
  fromSnapshot,
  type ServerMessage,
  type StateUpdate,
} from '@stich/protocol';
import { Redis } from 'ioredis';
import { dropSchema } from '../src/db.ts';
import { TailTracer } from '../src/trace.ts';
import { type Sent, type TraceDump, tailReport } from './tail.ts';

const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '30' },
    game: { type: 'string', default: 'differenzler' },
    concurrency: { type: 'string', default: '20' },
    think: { type: 'string', default: '0' },
    rate: { type: 'string' },
    db: { type: 'string', default: 'sqlite' },
    processes: { type: 'string', default: '1' },
    port: { type: 'string', default: '29600' },
    targets: { type: 'string' },
    prof: { type: 'string' },
    msgpack: { type: 'boolean', default: false },
    whole: { type: 'boolean', default: false },
    options: { type: 'string' },
    trace: { type: 'boolean', default: false },
  },
});
const TABLES = Math.min(5000, Math.max(1, Number(values.tables)));
const SECONDS = Math.min(600, Math.max(1, Number(values.seconds)));
const GAME = values.game!;
const CONCURRENCY = Math.max(1, Number(values.concurrency));
/** Milliseconds a player waits before answering (0: at once, a closed loop that saturates the server). */
const THINK = Math.max(0, Number(values.think));
/** Target actions per second over all tables (an open schedule), or null. */
const RATE = values.rate === undefined ? null : Math.max(1, Number(values.rate));
const PG = values.db === 'pg';
if (!PG && values.db !== 'sqlite') throw new Error(`--db: sqlite or pg, not ${values.db}`);
const PROCESSES = Math.max(1, Math.min(16, Number(values.processes)));
const OPTIONS: Record<string, object> = values.options
  ? { [values.game!]: JSON.parse(values.options) }
  : { differenzler: { rounds: 100 }, klapperjas: { target: 99 } };
const PG_URL = process.env.STICH_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `stich_load_${process.pid}`;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS_PREFIX = `stich-load-${process.pid}:`;
const TRACE = values.trace!;
if (TRACE && (values.targets || values.processes !== '1'))
  throw new Error('--trace: one started server only');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => loadavg().map((x) => Number(x.toFixed(2)));

// ---------------------------------------------------------------------------------------------------------
// The servers
// ---------------------------------------------------------------------------------------------------------

const dir = mkdtempSync(join(tmpdir(), 'stich-load-'));
const serverEnv = {
  ...process.env,
  ...(PG ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema } : { SQLITE_FILE: join(dir, 'load.sqlite') }),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  BOT_DELAY_MS: '0',
  // The frame limits stay at their defaults (RATE_LIMIT, RATE_BURST, RATE_CLOSE): clients play as people do.
  // Every client of the benchmark joins from the same address.
  JOINS_PER_ADDRESS: '1000000',
  TABLES_PER_HOUR: '100000',
  OPEN_TABLES: '100000',
  CONNECTIONS_PER_ADDRESS: '100000',
  GUESTS_PER_HOUR: '100000',
  // Setting up thousands of connections on a busy machine can take longer than the default 15 s.
  COLYSEUS_SEAT_RESERVATION_TIME: '120',
  ...(TRACE ? { TRACE_TAIL: join(dir, 'server-trace.json') } : {}),
};
/** With --trace: the load generator's own GC pauses, loop delay and stalls (src/trace.ts). */
const clientTracer = TRACE ? new TailTracer(join(dir, 'client-trace.json')) : null;
/** With --trace: the server's trace since the last call (it writes it on SIGUSR2), and the generator's. */
async function traces(): Promise<[TraceDump, TraceDump]> {
  const file = serverEnv.TRACE_TAIL!;
  rmSync(file, { force: true });
  child!.kill('SIGUSR2');
  clientTracer!.dump();
  for (let i = 0; !existsSync(file); i++) {
    if (i > 3000) throw new Error('the server wrote no trace');
    await sleep(10);
  }
  const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as TraceDump;
  return [read(file), read(clientTracer!.file)];
}

let child: ChildProcess | null = null;
/** Starts the server(s) and returns the URLs to play against, once every one is listening. */
async function start(): Promise<string[]> {
  if (values.targets) return values.targets.split(',').map((u) => u.trim().replace(/\/$/, ''));
  const cluster = PROCESSES > 1;
  const prof = values.prof ? ['--cpu-prof', `--cpu-prof-dir=${values.prof}`] : [];
  const c = cluster
    ? spawn(
        process.execPath,
        [
          join(import.meta.dirname, '..', 'src', 'cluster.ts'),
          ...['--processes', String(PROCESSES), '--port', values.port!],
        ],
        {
          env: {
            ...serverEnv,
            REDIS_URL,
            REDIS_PREFIX,
          },
          stdio: ['ignore', 'pipe', 'inherit'],
          detached: true,
        },
      )
    : spawn(process.execPath, [...prof, join(import.meta.dirname, '..', 'src', 'main.ts')], {
        env: { ...serverEnv, PORT: '0' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
  child = c;
  return new Promise((resolve, reject) => {
    let out = '';
    const urls = new Set<string>();
    c.stdout!.on('data', (b) => {
      out += String(b);
      // One server prints "Stich is running at URL"; the cluster one such line per process.
      for (const m of out.matchAll(/running at (\S+)/g)) urls.add(m[1].replace(/\/$/, ''));
      if (urls.size >= PROCESSES) resolve([...urls]);
    });
    c.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function stop(): Promise<void> {
  const c = child;
  if (c && c.exitCode === null) {
    const exited = new Promise((r) => c.once('exit', r));
    if (PROCESSES > 1 && c.pid) process.kill(-c.pid, 'SIGTERM');
    else c.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
  }
  rmSync(dir, { recursive: true, force: true });
  if (PG && !values.targets) await dropSchema(PG_URL, schema).catch(() => {});
  if (PROCESSES > 1 && !values.targets) await dropKeys().catch(() => {});
}

/** Removes the cluster's keys (its own prefix) from Redis. */
async function dropKeys(): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${REDIS_PREFIX}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
process.on('exit', () => {
  const c = child;
  if (!c || c.exitCode !== null) return;
  if (PROCESSES > 1 && c.pid) process.kill(-c.pid, 'SIGKILL');
  else c.kill('SIGKILL');
});

const urls = await start();

/** CPU time (µs) of the cluster's own process (its proxy), from /proc; 0 when there is none. */
function proxyCpu(): number {
  if (PROCESSES === 1 || !child?.pid) return 0;
  try {
    const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime (fields 14 and 15) in clock ticks of 10 ms.
    return (Number(f[11]) + Number(f[12])) * 10_000;
  } catch {
    return 0;
  }
}

interface Health {
  memory: { rss: number; heapUsed: number };
  cpu: { user: number; system: number };
}
/** Every server process's health, summed. */
async function health(): Promise<Health> {
  const all = await Promise.all(
    urls.map(async (u) => (await (await fetch(`${u}/healthz`)).json()) as Health),
  );
  const sum = (f: (h: Health) => number) => all.reduce((s, h) => s + f(h), 0);
  return {
    memory: { rss: sum((h) => h.memory.rss), heapUsed: sum((h) => h.memory.heapUsed) },
    cpu: { user: sum((h) => h.cpu.user), system: sum((h) => h.cpu.system) },
  };
}

/** Setup's failed attempts that were tried again, by their message (reported: what setup ran into). */
const retried = new Map<string, number>();
/** Runs `f` until it succeeds, at most 8 times, waiting 0.25, 0.5, 1, 2, 4, 5, 5 s between attempts. */
async function retry<T>(f: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await f();
    } catch (e) {
      const why = String((e as Error).message ?? e).slice(0, 120);
      retried.set(why, (retried.get(why) ?? 0) + 1);
      if (attempt >= 8) throw e;
      await sleep(Math.min(5000, 125 * 2 ** attempt));
    }
  }
}

let measuring = false;
let done = false;
/** Players hold back until every table is seated, so setup does not compete with play. */
let go = false;
const kicks: (() => void)[] = [];
let actions = 0;
let errors = 0;
/** JSON text received by all connections while measuring (characters; the messages are ASCII). */
let received = 0;
const latencies: number[] = [];
/** With --trace: every measured action, when it was sent and answered (epoch ms). */
const traced: Sent[] = [];
const rooms: Room[] = [];
/** With --rate: each table's next free slot (performance.now() ms). */
const slots = new Float64Array(TABLES);
const interval = RATE === null ? 0 : (1000 * TABLES) / RATE;

/** A POST of setup, tried again on failure (`retry`: a closed kept-alive connection, a refusal under load). */
function post(base: string, path: string, body: unknown, token?: string) {
  return retry(async () => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  });
}

async function pool<T>(n: number, f: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await f(i);
      }
    }),
  );
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Tables and players
// ---------------------------------------------------------------------------------------------------------

const loadStart = load();
const base = await health();
console.log(
  `servers ${urls.join(' ')} (${values.db}); creating ${TABLES} tables of ${GAME} (${TABLES * 4} connections); load average ${loadStart.join(' ')}`,
);
const t0 = Date.now();
/** The server a table (and its players) is created on and joined through: round-robin. */
const urlOf = (table: number) => urls[table % urls.length];
// Node's built-in WebSocket leaves Nagle's algorithm on (40 ms stalls on small frames); the SDK falls back
// to the `ws` package, which sets TCP_NODELAY like a browser does, when there is no global WebSocket.
(globalThis as { WebSocket?: unknown }).WebSocket = undefined;
const { Client } = await import('@colyseus/sdk');
const clients = urls.map((u) => new Client(u));
/** A table's four guests, the table, its four seats joined: one table at a time per pool worker. */
const tables: { id: string; code: string }[] = new Array(TABLES);
/** Guests, tables and joins done, for the progress line. */
let seatedTables = 0;
const progress = setInterval(() => {
  console.log(
    `  ${seatedTables}/${TABLES} tables seated, ${((Date.now() - t0) / 1000).toFixed(0)} s, load ${load()[0]}`,
  );
}, 30_000);
await pool(TABLES, async (t) => {
  const url = urlOf(t);
  const guests = await Promise.all(
    [0, 1, 2, 3].map(
      async (s) => (await post(url, '/api/guests', { name: `L${t * 4 + s}` })).token as string,
    ),
  );
  const r = await post(
    url,
    '/api/tables',
    {
      game: GAME,
      players: 4,
      options: OPTIONS[GAME] ?? {},
      seats: [0, 1, 2, 3].map(() => ({ kind: 'human' })),
      visibility: 'private',
    },
    guests[0],
  );
  tables[t] = { id: (r.table as { id: string }).id, code: (r.invite as { code: string }).code };
  await Promise.all([0, 1, 2, 3].map((s) => seat(t * 4 + s, guests[s])));
  seatedTables++;
});
clearInterval(progress);

/** Joins seat `i % 4` of table `i / 4` with `token` and plays it once `go` is set. */
async function seat(i: number, token: string): Promise<void> {
  const t = Math.floor(i / 4);
  // A failed join (its reservation, its connection, its seat) is joined afresh.
  const room = await retry(() =>
    clients[t % urls.length].joinById(tables[t].id, {
      token,
      seat: i % 4,
      code: tables[t].code,
      // JSON text frames, as the web client uses (--msgpack: msgpack objects).
      json: !values.msgpack,
      // The table as events (a snapshot, then patch frames), as the web client; --whole: whole states.
      events: !values.whole,
    }),
  );
  rooms.push(room);
  let nextId = 1;
  const pending = new Map<number, number>();
  let last: StateUpdate | undefined;
  let folded: Folded<StateUpdate> | undefined;
  let timer: ReturnType<typeof setTimeout> | null = null;
  room.onMessage(CHANNEL, (raw: ServerMessage | string) => {
    const m: ServerMessage = typeof raw === 'string' ? JSON.parse(raw) : raw;
    if (measuring && typeof raw === 'string') received += raw.length;
    if (m.t === 'error') {
      if (typeof m.id === 'number') pending.delete(m.id);
      if (measuring) errors++;
      return;
    }
    if (m.t !== 'state' && m.t !== 'snap' && m.t !== 'ev') return;
    if (typeof m.id === 'number') {
      const sent = pending.get(m.id);
      pending.delete(m.id);
      if (sent !== undefined && measuring) {
        actions++;
        const now = performance.now();
        latencies.push(now - sent);
        if (TRACE) {
          const o = performance.timeOrigin;
          traced.push({ table: tables[t].id, seat: i % 4, id: m.id, sent: o + sent, answered: o + now });
        }
      }
    }
    if (m.t === 'state') last = m.d;
    else if (m.t === 'snap') {
      folded = fromSnapshot<StateUpdate>(m.d);
      last = folded.update;
    } else {
      const next = folded && applyEvents(folded, m.d);
      if (!next) throw new Error(`frame from ${m.d.from} does not follow step ${last?.seq}`);
      folded = next;
      last = next.update;
    }
    schedule();
  });
  const schedule = () => {
    if (timer || !last || last.legal.length === 0) return;
    if (RATE !== null) {
      const now = performance.now();
      const at = Math.max(now, slots[t]);
      slots[t] = at + interval;
      timer = setTimeout(play, at - now);
    } else if (THINK > 0) timer = setTimeout(play, THINK);
    else play();
  };
  // One action in flight per connection: an update caused by another seat may still show the old turn.
  const play = () => {
    timer = null;
    if (!go || done || pending.size > 0 || !last || last.legal.length === 0 || last.outcome !== null) return;
    const id = nextId++;
    pending.set(id, performance.now());
    room.send(CHANNEL, { t: 'act', d: { action: last.legal[cryptoRng.int(last.legal.length)] }, id });
  };
  kicks.push(() => {
    const now = performance.now();
    // Spread the tables' first slots over one interval.
    slots[t] = now + (interval * t) / TABLES;
    schedule();
  });
}
const seated = await health();
go = true;
for (const kick of kicks) kick();
// Warm up, then measure.
await sleep(3000);
const loaded = await health();
const proxy0 = proxyCpu();
const setupSeconds = Number(((Date.now() - t0) / 1000).toFixed(1));
console.log(`setup ${setupSeconds} s; measuring for ${SECONDS} s`);
if (TRACE) await traces();
const clientCpu0 = process.cpuUsage();
measuring = true;
const startAt = performance.now();
// The window on the monotonic clock (µs), which V8's profile timestamps use too (bench/profile.ts).
const monoStart = Number(process.hrtime.bigint() / 1000n);
await sleep(SECONDS * 1000);
measuring = false;
const monoEnd = Number(process.hrtime.bigint() / 1000n);
const elapsed = (performance.now() - startAt) / 1000;
const trace = TRACE ? await traces() : null;
const end = await health();
const proxyUs = proxyCpu() - proxy0;
const loadEnd = load();
latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
const mb = (b: number) => Number((b / 1024 / 1024).toFixed(1));
const per = (us: number) => Math.round(us / Math.max(1, actions));
const clientCpu = process.cpuUsage(clientCpu0);
console.log(
  JSON.stringify(
    {
      db: values.db,
      processes: urls.length,
      tables: TABLES,
      connections: TABLES * 4,
      thinkMs: THINK,
      targetRate: RATE,
      seconds: Number(elapsed.toFixed(1)),
      setup: { seconds: setupSeconds, retried: Object.fromEntries(retried) },
      actions,
      actionsPerSecond: Math.round(actions / elapsed),
      refused: errors,
      // JSON text of every message all connections received, per action (without the frames' few bytes
      // of WebSocket and Colyseus header; none with --msgpack).
      bytesPerAction: values.msgpack ? null : Math.round(received / Math.max(1, actions)),
      latencyMs: {
        p50: Number(q(0.5).toFixed(1)),
        p99: Number(q(0.99).toFixed(1)),
        max: Number(q(1).toFixed(1)),
      },
      serverCpuPerActionUs: {
        total: per(end.cpu.user + end.cpu.system - loaded.cpu.user - loaded.cpu.system),
        user: per(end.cpu.user - loaded.cpu.user),
        system: per(end.cpu.system - loaded.cpu.system),
      },
      ...(PROCESSES > 1 ? { proxyCpuPerActionUs: per(proxyUs) } : {}),
      serverCpuShare: Number(
        ((end.cpu.user + end.cpu.system - loaded.cpu.user - loaded.cpu.system) / 1e6 / elapsed).toFixed(2),
      ),
      clientCpuShare: Number(((clientCpu.user + clientCpu.system) / 1e6 / elapsed).toFixed(2)),
      serverMemoryMB: { idle: mb(base.memory.rss), seated: mb(seated.memory.rss), end: mb(end.memory.rss) },
      memoryPerTableKB: Math.round((seated.memory.rss - base.memory.rss) / TABLES / 1024),
      heapPerTableKB: Math.round((seated.memory.heapUsed - base.memory.heapUsed) / TABLES / 1024),
      loadAverage: { start: loadStart, end: loadEnd },
      ...(values.prof ? { profileWindowUs: [monoStart, monoEnd] } : {}),
      ...(trace ? { trace: tailReport(traced, trace[0], trace[1]) } : {}),
    },
    null,
    2,
  ),
);
done = true;
await Promise.race([
  Promise.all(rooms.map((r) => r.leave().catch(() => {}))),
  new Promise((r) => setTimeout(r, 3000)),
]);
await stop();
process.exit(0);
