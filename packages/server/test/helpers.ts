/**
 * Test helpers: a real server on a free port (in this process or as a child process), HTTP calls and
 * WebSocket players built on @colyseus/sdk that record every message they receive.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import type { GameId, Seat } from '@stich/engine';
import {
  applyEvents,
  CHANNEL,
  type ClientMessage,
  type Folded,
  fromSnapshot,
  type JoinOptions,
  type ServerMessage,
  type StateUpdate,
  type TableResponse,
} from '@stich/protocol';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { dropSchema } from '../src/db.ts';
import { TABLE_GAMES } from '../src/games.ts';
import { type RunningServer, startServer, type TestHooks } from '../src/server.ts';

/** The game the tests play: the first registered one, in this order of preference. */
export function testGame(): string {
  const ids = ['differenzler', 'klapperjas', 'klaberjass', 'doppelkopf'];
  const id = ids.find((g) => (TABLE_GAMES as readonly string[]).includes(g));
  if (!id) throw new Error('no game is registered in the engine');
  return id;
}

/** Every game the server seats people at, for tests that play each one. */
export function testGames(): GameId[] {
  return [...TABLE_GAMES];
}

/** Setup options that keep a match short (one deal or a few), by game; a game not listed plays its preset. */
export const SHORT_OPTIONS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  differenzler: { rounds: 1 },
  klapperjas: { target: 3 },
  klaberjass: { target: 100 },
  // Two deals of the default preset (DDV); without Pflichtsoli, whose Vorführungen would fill a short match.
  doppelkopf: { games: 2, pflichtsolo: false },
};

/** A short Klaberjass match for two: the table most tests of the room need. Spread it, then add the seats. */
export const DUEL = { game: 'klaberjass', players: 2, options: SHORT_OPTIONS.klaberjass };

export const PG_URL = process.env.STICH_TEST_DATABASE_URL;

/** The databases every server test runs on: SQLite, and PostgreSQL when STICH_TEST_DATABASE_URL is set. */
export type DbKind = 'sqlite' | 'postgres';
export const DB_KINDS: readonly DbKind[] = PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb {
  readonly env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** A fresh database: a temporary SQLite file, or a fresh PostgreSQL schema. */
export function testDb(kind: DbKind = 'sqlite'): TestDb {
  if (kind === 'postgres') {
    if (!PG_URL) throw new Error('STICH_TEST_DATABASE_URL is not set');
    const schema = `stich_test_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
    return {
      env: { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema },
      cleanup: () => dropSchema(PG_URL, schema),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'stich-test-'));
  return {
    env: { SQLITE_FILE: join(dir, 'stich.sqlite') },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A server on a fresh database for the enclosing describe block: started in its beforeAll, closed (and the
 * database dropped) in its afterAll. One at a time per test file: Colyseus' matchmaker is per process.
 */
export function serve(kind: DbKind, env: Record<string, string> = {}, hooks: TestHooks = {}) {
  let server: RunningServer | undefined;
  let db: TestDb | undefined;
  beforeAll(async () => {
    db = testDb(kind);
    server = await startTestServer({ ...db.env, ...env }, hooks);
  });
  afterAll(async () => {
    await server?.close();
    await db?.cleanup();
  });
  return {
    get server(): RunningServer {
      return server!;
    },
    get db(): TestDb {
      return db!;
    },
    get url(): string {
      return server!.url;
    },
  };
}

export const TEST_ENV = {
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.STICH_TEST_LOG ?? 'silent',
  BOT_DELAY_MS: '0',
  GRACE_SECONDS: '30',
  TAKEOVER_LEVEL: 'random',
  RATE_LIMIT: '100000',
  RATE_BURST: '100000',
  WEB_DIR: '/nonexistent',
  // Limits out of the way; test/limits.test.ts sets small ones.
  TABLES_PER_HOUR: '100000',
  OPEN_TABLES: '100000',
  CONNECTIONS_PER_ADDRESS: '100000',
  GUESTS_PER_HOUR: '100000',
  REPLAYS_PER_MINUTE: '100000',
  LOBBY_PAGE: '500',
  // Deals are analysed only when asked for (test/analysis.test.ts turns it on).
  ANALYZE_DEALS: 'off',
};

export async function startTestServer(
  env: Record<string, string>,
  hooks: TestHooks = {},
): Promise<RunningServer> {
  return startServer(loadConfig({ ...TEST_ENV, ...env }), hooks);
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

/** Kills every child server still running (call in afterAll: a timed-out test never reaches its finally). */
export function killChildren(): void {
  for (const c of children) c.kill('SIGKILL');
  children.clear();
}

export interface ChildServer {
  readonly url: string;
  readonly child: ChildProcess;
  /** Its stdout so far (pino JSON lines at the LOG_LEVEL it was started with). */
  output(): string;
}

/** The server as a child process (for the restart test); resolves with its URL once it listens. */
export function startChild(env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'src', 'main.ts')], {
    env: { ...process.env, ...TEST_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    let errText = '';
    child.stderr!.on('data', (b) => {
      errText += String(b);
      if (process.env.STICH_TEST_LOG) process.stderr.write(b);
    });
    child.stdout!.on('data', (b) => {
      out += String(b);
      if (process.env.STICH_TEST_LOG) process.stderr.write(b);
      const m = /running at (\S+)/.exec(out);
      if (m) resolve({ url: m[1], child, output: () => out });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${errText}`)));
  });
}

export async function api<T = Record<string, unknown>>(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(url + path, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, body: parsed as T };
}

export async function guest(url: string, name: string): Promise<{ token: string; id: string }> {
  const r = await api<{ token: string; player: { id: string } }>(url, 'POST', '/api/guests', { name });
  if (r.status !== 201) throw new Error(`guest: ${r.status} ${JSON.stringify(r.body)}`);
  return { token: r.body.token, id: r.body.player.id };
}

/**
 * Creates a table as the holder of `token` (POST /api/tables, docs/protocol.md) and throws unless the
 * server answers 201; tests of refused setups call `api` themselves.
 */
export async function createTable(
  url: string,
  token: string,
  setup: Record<string, unknown>,
): Promise<TableResponse> {
  const r = await api<TableResponse>(url, 'POST', '/api/tables', setup, token);
  if (r.status !== 201) throw new Error(`create table: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

type StateMsg = Extract<ServerMessage, { t: 'state' }>;

/** A connection to a table (or the lobby) that keeps every protocol message it receives. */
export class Conn {
  readonly room: Room;
  readonly messages: ServerMessage[] = [];
  /** How many messages arrived as JSON text (join option `json`). */
  texts = 0;
  /** What an event connection's snapshots and frames have built (join option `events`). */
  private folded: Folded<StateUpdate> | null = null;
  private waiters: (() => void)[] = [];
  private nextId = 1;
  /** The room has been left (the connection is closed for good). */
  private left = false;
  constructor(room: Room) {
    this.room = room;
    room.onLeave(() => {
      this.left = true;
    });
    room.onMessage(CHANNEL, (raw: ServerMessage | string) => {
      const m: ServerMessage = typeof raw === 'string' ? JSON.parse(raw) : raw;
      if (typeof raw === 'string') this.texts++;
      this.messages.push(m);
      // An event connection: each snapshot and frame is followed by the `state` it folds into (marked as
      // such), so that tests read event connections as whole ones.
      if (m.t === 'snap' || m.t === 'ev') {
        const f =
          m.t === 'snap' ? fromSnapshot<StateUpdate>(m.d) : this.folded && applyEvents(this.folded, m.d);
        if (!f)
          throw new Error(`frame from ${m.t === 'ev' ? m.d.from : '?'} does not follow what was folded`);
        this.folded = f;
        const s: ServerMessage =
          m.id === undefined ? { t: 'state', d: f.update } : { t: 'state', d: f.update, id: m.id };
        folds.add(s);
        this.messages.push(s);
      }
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async join(url: string, tableId: string, options: JoinOptions): Promise<Conn> {
    const client = new Client(url);
    const room = await client.joinById(tableId, options);
    return new Conn(room);
  }

  send(msg: unknown) {
    this.room.send(CHANNEL, msg);
  }

  request(t: ClientMessage['t'], d: unknown): number {
    const id = this.nextId++;
    this.send({ t, d, id });
    return id;
  }

  /** Waits until a received message satisfies `pred` (checking those already received first). */
  async waitFor<M extends ServerMessage>(pred: (m: ServerMessage) => m is M, timeout?: number): Promise<M>;
  async waitFor(pred: (m: ServerMessage) => boolean, timeout?: number): Promise<ServerMessage>;
  async waitFor(pred: (m: ServerMessage) => boolean, timeout = 10_000): Promise<ServerMessage> {
    let seen = 0;
    const deadline = Date.now() + timeout;
    for (;;) {
      for (; seen < this.messages.length; seen++) if (pred(this.messages[seen])) return this.messages[seen];
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`timeout; last messages: ${JSON.stringify(this.messages.slice(-3)).slice(0, 600)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** The newest state update. */
  latest(): StateMsg['d'] | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const m = this.messages[i];
      if (m.t === 'state') return m.d;
    }
    return undefined;
  }

  /** Leaves the room; a connection that is already gone resolves at once. */
  /**
   * Leaves the room and waits until the server has closed the connection (so its onLeave has run); a
   * connection that is already gone resolves at once. A server that never answers (killed, reconnecting)
   * is given up after 5 s.
   */
  async leave(consented = true) {
    if (this.left) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      this.room.leave(consented).catch(() => {}),
      new Promise((r) => {
        timer = setTimeout(r, 5000);
      }),
    ]);
    clearTimeout(timer);
  }
}

export const isState = (m: ServerMessage): m is StateMsg => m.t === 'state';

/** The `state` messages an event connection's `Conn` made of its snapshots and frames (not sent as such). */
export const folds = new WeakSet<ServerMessage>();

/** Plays a seat: answers every update where it is the seat to act with its first legal action. */
export function autoplay(c: Conn, seat: Seat, pick: (legal: readonly unknown[]) => unknown = (l) => l[0]) {
  const answer = (raw: ServerMessage | string) => {
    const m: ServerMessage = typeof raw === 'string' ? JSON.parse(raw) : raw;
    if (m.t === 'state' && m.d.legal.length > 0 && m.d.view.toAct[0] === seat)
      c.request('act', { action: pick(m.d.legal), seq: m.d.seq });
  };
  const seen = c.messages.filter(isState).at(-1);
  if (seen) answer(seen);
  c.room.onMessage(CHANNEL, answer);
}
