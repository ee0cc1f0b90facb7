/**
 * Load benchmark: N concurrent 4-player tables played by scripted WebSocket clients (the Colyseus SDK)
 * that answer every update at once with a random legal action. The server runs as a child process on a
 * fresh SQLite file; everything stays on loopback and stops after the given time.
 *
 *   node packages/server/bench/loadtest.ts [--tables 500] [--seconds 30] [--game differenzler] [--think 0]
 *
 * With `--think 0` every player answers at once: a closed loop in which each table always has an action
 * in flight, so latency is queueing (Little's law: tables / throughput). `--think <ms>` paces the players
 * to measure latency at a given load.
 *
 * Reports actions per second (confirmed by the server's update), p50/p99/max latency from sending an
 * action to receiving the update that answers it, and the server's memory per table.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Room } from '@colyseus/sdk';
import { cryptoRng } from '@stich/engine';
import { CHANNEL, type ServerMessage } from '@stich/protocol';

const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '30' },
    game: { type: 'string', default: 'differenzler' },
    concurrency: { type: 'string', default: '20' },
    think: { type: 'string', default: '0' },
  },
});
const TABLES = Math.min(2000, Math.max(1, Number(values.tables)));
const SECONDS = Math.min(300, Math.max(1, Number(values.seconds)));
const GAME = values.game!;
const CONCURRENCY = Math.max(1, Number(values.concurrency));
/** Milliseconds a player waits before answering (0: at once, a closed loop that saturates the server). */
const THINK = Math.max(0, Number(values.think));
const OPTIONS: Record<string, object> = { differenzler: { rounds: 100 }, klapperjas: { target: 99 } };

const dir = mkdtempSync(join(tmpdir(), 'stich-load-'));
const child = spawn(
  process.execPath,
  [
    ...(process.env.LOADTEST_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
    join(import.meta.dirname, '..', 'src', 'main.ts'),
  ],
  {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SQLITE_FILE: join(dir, 'load.sqlite'),
      LOG_LEVEL: 'warn',
      BOT_DELAY_MS: '0',
      RATE_LIMIT: '1000',
      RATE_BURST: '1000',
      // Every client of the benchmark joins from the same address.
      JOINS_PER_ADDRESS: '1000000',
      TABLES_PER_HOUR: '100000',
      OPEN_TABLES: '100000',
      CONNECTIONS_PER_ADDRESS: '100000',
      GUESTS_PER_HOUR: '100000',
      // Setting up thousands of connections on a busy machine can take longer than the default 15 s.
      COLYSEUS_SEAT_RESERVATION_TIME: '120',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const stop = async () => {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', () => child.kill('SIGKILL'));

const url: string = await new Promise((resolve, reject) => {
  let out = '';
  child.stdout!.on('data', (b) => {
    out += String(b);
    const m = /running at (\S+)/.exec(out);
    if (m) resolve(m[1]);
  });
  child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}
interface Health {
  memory: { rss: number; heapUsed: number };
  cpu: { user: number; system: number };
}
const health = async () => (await (await fetch(`${url}/healthz`)).json()) as Health;
const cpuOf = (h: Health) => h.cpu.user + h.cpu.system;

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

const base = await health();
console.log(`server ${url}; creating ${TABLES} tables of ${GAME} (${TABLES * 4} connections)`);
const t0 = Date.now();
const guests = await pool(
  TABLES * 4,
  async (i) => (await post('/api/guests', { name: `L${i}` })).token as string,
);
console.log(`guests ${((Date.now() - t0) / 1000).toFixed(1)} s`);
const tableIds = await pool(TABLES, async (i) => {
  const r = await post(
    '/api/tables',
    {
      game: GAME,
      players: 4,
      options: OPTIONS[GAME] ?? {},
      seats: [0, 1, 2, 3].map(() => ({ kind: 'human' })),
      visibility: 'private',
    },
    guests[i * 4],
  );
  return { id: (r.table as { id: string }).id, code: (r.invite as { code: string }).code };
});
// Node's built-in WebSocket leaves Nagle's algorithm on (40 ms stalls on small frames); the SDK falls back
// to the `ws` package, which sets TCP_NODELAY like a browser does, when there is no global WebSocket.
(globalThis as { WebSocket?: unknown }).WebSocket = undefined;
const { Client } = await import('@colyseus/sdk');
console.log(`tables ${((Date.now() - t0) / 1000).toFixed(1)} s`);
const client = new Client(url);
/** Joins, retrying when a kept-alive HTTP connection was closed under the request (ECONNRESET). */
async function joinTable(id: string, options: Record<string, unknown>): Promise<Room> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.joinById(id, options);
    } catch (e) {
      if (attempt >= 5) throw e;
      await new Promise((r) => setTimeout(r, 100 * attempt));
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
const latencies: number[] = [];
const rooms: Room[] = [];
await pool(TABLES * 4, async (i) => {
  const t = Math.floor(i / 4);
  const room = await joinTable(tableIds[t].id, {
    token: guests[i],
    seat: i % 4,
    code: tableIds[t].code,
    // JSON text frames: about a fifth less server CPU per action than msgpack objects.
    json: true,
  });
  rooms.push(room);
  let nextId = 1;
  const pending = new Map<number, number>();
  let last: { legal: readonly unknown[]; outcome: unknown } | undefined;
  room.onMessage(CHANNEL, (raw: ServerMessage | string) => {
    const m: ServerMessage = typeof raw === 'string' ? JSON.parse(raw) : raw;
    if (m.t === 'error') {
      if (typeof m.id === 'number') pending.delete(m.id);
      if (measuring) errors++;
      return;
    }
    if (m.t !== 'state') return;
    if (typeof m.id === 'number') {
      const sent = pending.get(m.id);
      pending.delete(m.id);
      if (sent !== undefined && measuring) {
        actions++;
        latencies.push(performance.now() - sent);
      }
    }
    last = m.d;
    if (THINK > 0) setTimeout(play, THINK);
    else play();
  });
  // One action in flight per connection: an update caused by another seat may still show the old turn.
  const play = () => {
    if (!go || done || pending.size > 0 || !last || last.legal.length === 0 || last.outcome !== null) return;
    const id = nextId++;
    pending.set(id, performance.now());
    room.send(CHANNEL, { t: 'act', d: { action: last.legal[cryptoRng.int(last.legal.length)] }, id });
  };
  kicks.push(play);
});
go = true;
for (const kick of kicks) kick();
// Warm up, then measure.
await new Promise((r) => setTimeout(r, 3000));
const loaded = await health();
console.log(`setup ${((Date.now() - t0) / 1000).toFixed(1)} s; measuring for ${SECONDS} s`);
const clientCpu0 = process.cpuUsage();
measuring = true;
const start = performance.now();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
measuring = false;
const elapsed = (performance.now() - start) / 1000;
const end = await health();
latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
console.log(
  JSON.stringify(
    {
      tables: TABLES,
      connections: TABLES * 4,
      thinkMs: THINK,
      seconds: Number(elapsed.toFixed(1)),
      actions,
      actionsPerSecond: Math.round(actions / elapsed),
      refused: errors,
      latencyMs: {
        p50: Number(q(0.5).toFixed(1)),
        p99: Number(q(0.99).toFixed(1)),
        max: Number(q(1).toFixed(1)),
      },
      serverMemoryMB: { idle: mb(base.memory.rss), loaded: mb(loaded.memory.rss), end: mb(end.memory.rss) },
      serverCpuPerActionUs: Math.round((cpuOf(end) - cpuOf(loaded)) / Math.max(1, actions)),
      clientCpuShare: Number(
        ((process.cpuUsage(clientCpu0).user + process.cpuUsage(clientCpu0).system) / 1e6 / elapsed).toFixed(
          2,
        ),
      ),
      serverCpuShare: Number(((cpuOf(end) - cpuOf(loaded)) / 1e6 / elapsed).toFixed(2)),
      memoryPerTableKB: Math.round((loaded.memory.rss - base.memory.rss) / TABLES / 1024),
      heapPerTableKB: Math.round((loaded.memory.heapUsed - base.memory.heapUsed) / TABLES / 1024),
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
