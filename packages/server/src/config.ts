/**
 * Server configuration from environment variables (docs/server.md lists them). Parsed once at start;
 * a bad value stops the server with a message naming the variable.
 */
import { availableParallelism } from 'node:os';
import { BOT_LEVELS, type BotLevel } from '@stich/protocol';
import { z } from 'zod';

export interface Config {
  /** TCP port for HTTP and WebSocket. 0 picks a free port. */
  readonly port: number;
  readonly host: string;
  /**
   * A Unix socket to listen on instead of HOST:PORT (a cluster member behind its proxy: only whoever may
   * open the file reaches the process). Connections through it are the proxy's: its X-Forwarded-For counts.
   */
  readonly listenSocket: string | null;
  /** PostgreSQL connection string; SQLite when absent. */
  readonly databaseUrl: string | null;
  /** PostgreSQL schema holding the tables (created if missing). */
  readonly databaseSchema: string;
  /** SQLite file. */
  readonly sqliteFile: string;
  /** SQLite: milliseconds a write waits for another writer's lock before it fails. */
  readonly sqliteBusyMs: number;
  /** Seconds a dropped player keeps his seat before a bot takes it over. */
  readonly graceSeconds: number;
  /** Milliseconds a bot waits before it acts, so people can follow. */
  readonly botDelayMs: number;
  /** Level of the bot that stands in for an absent player or a player whose turn timer ran out. */
  readonly takeoverLevel: BotLevel;
  /** Worker threads for bot decisions (levels other than `random`); by default from the cores. */
  readonly botWorkers: number;
  /** Analyse each deal when it ends (docs/analysis.md); off: only when the analysis is asked for. */
  readonly analyzeDeals: boolean;
  /**
   * Analyses queued or running above which a deal that ends is not analysed at once (it is when its
   * match's analysis is asked for): a busy server does not build an endless queue of records in memory.
   */
  readonly analyzeBacklog: number;
  /**
   * Event-loop utilisation (0–1, over the last second or more) at or above which a deal that ends is not
   * analysed at once: the analysis thread shares the cores with the tables, so a busy server leaves it.
   */
  readonly analyzeBusy: number;
  /** Client messages per second per connection (bucket refill rate), and the bucket size. */
  readonly rateLimit: number;
  readonly rateBurst: number;
  /** Inbound frames per second (of every kind) above which a connection is closed. */
  readonly rateClose: number;
  /** Bytes a connection may leave unread before the server closes it. */
  readonly sendBufferMax: number;
  /** Seat reservations (joins not yet connected) one address may hold at once. */
  readonly joinsPerAddress: number;
  /** Directory of the built web client, served as static files. */
  readonly webDir: string;
  readonly logLevel: string;
  /** Public base URL used in printed links; derived from host and port when absent. */
  readonly publicUrl: string | null;
  /** Abuse limits (docs/server.md, "Limits"). */
  readonly limits: Limits;
  /** Several processes (docs/deploy.md): Colyseus' Redis presence and driver when set; one process when null. */
  readonly redisUrl: string | null;
  /** Prefix of this cluster's Redis keys (several clusters or test runs may share one Redis). */
  readonly redisPrefix: string;
  /** Where browsers reach this very process (`host[:port][/path]`, no scheme); sent with every seat reservation. */
  readonly publicAddress: string | null;
  /** Seconds a table's ownership lease lasts without renewal: the longest a dead process's tables wait. */
  readonly leaseSeconds: number;
  /** Addresses of reverse proxies whose X-Forwarded-For names the client (the last entry they appended). */
  readonly trustedProxies: readonly string[];
  /** Player ids of the chat's moderators (docs/chat.md): they hide messages and bar players from chat. */
  readonly moderators: readonly string[];
}

export interface Limits {
  /** Tables one guest may create in any hour (POST /api/tables and /api/play-now). */
  readonly tablesPerHour: number;
  /** Open (waiting or playing, not parked) tables created by one guest at once. */
  readonly openTables: number;
  /** Open WebSocket connections from one address. */
  readonly connectionsPerAddress: number;
  /** Guests created from one address in any hour. */
  readonly guestsPerHour: number;
  /** Replays and records (GET /api/tables/:id/replay, /record) one address may ask for in any minute. */
  readonly replaysPerMinute: number;
  /** Sign-in attempts (password or passkey) one address may make in any hour (docs/accounts.md). */
  readonly loginsPerHour: number;
  /** Tables in one lobby page (lobby room and GET /api/tables). */
  readonly lobbyPage: number;
  /** Seconds a table may go on without any person connected to a seat before it is parked. */
  readonly idleSeconds: number;
  /** Chat messages (and reports) one player may write in any 10 seconds, over all tables (docs/chat.md). */
  readonly chatPerPlayer: number;
  /** Chat messages (and reports) one address may write in any 10 seconds. */
  readonly chatPerAddress: number;
}

/**
 * Bot workers by default: one core stays with the event loop (the tables), the others search, at most 8
 * (docs/server.md): 1 on a machine of one or two cores.
 */
export const defaultBotWorkers = (cores: number): number => Math.max(1, Math.min(8, cores - 1));

const num = (def: number, min: number, max: number) => z.coerce.number().min(min).max(max).default(def);

const schema = z.object({
  PORT: num(3000, 0, 65535).pipe(z.number().int()),
  HOST: z.string().default('0.0.0.0'),
  LISTEN_SOCKET: z.string().startsWith('/', 'an absolute path').max(100).optional(),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .default('public'),
  SQLITE_FILE: z.string().default('./data/stich.sqlite'),
  SQLITE_BUSY_MS: num(5000, 0, 600000).pipe(z.number().int()),
  GRACE_SECONDS: num(60, 0, 86400),
  BOT_DELAY_MS: num(700, 0, 60000),
  TAKEOVER_LEVEL: z.enum(BOT_LEVELS).default('rule'),
  BOT_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  ANALYZE_DEALS: z.enum(['on', 'off']).default('on'),
  ANALYZE_BACKLOG: num(4, 0, 10000).pipe(z.number().int()),
  ANALYZE_BUSY: num(0.2, 0, 1),
  RATE_LIMIT: num(20, 1, 1e6),
  RATE_BURST: num(40, 1, 1e6),
  RATE_CLOSE: z.coerce.number().min(1).max(1e7).optional(),
  SEND_BUFFER_MAX: num(1024 * 1024, 4096, 1024 ** 3).pipe(z.number().int()),
  JOINS_PER_ADDRESS: num(20, 1, 1e6).pipe(z.number().int()),
  WEB_DIR: z.string().default('packages/web/dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().url().optional(),
  TABLES_PER_HOUR: num(30, 1, 1e6).pipe(z.number().int()),
  OPEN_TABLES: num(10, 1, 1e6).pipe(z.number().int()),
  CONNECTIONS_PER_ADDRESS: num(50, 1, 1e6).pipe(z.number().int()),
  GUESTS_PER_HOUR: num(100, 1, 1e6).pipe(z.number().int()),
  REPLAYS_PER_MINUTE: num(30, 1, 1e6).pipe(z.number().int()),
  LOGINS_PER_HOUR: num(60, 1, 1e6).pipe(z.number().int()),
  LOBBY_PAGE: num(50, 1, 500).pipe(z.number().int()),
  IDLE_SECONDS: num(600, 1, 30 * 86400),
  CHAT_PER_PLAYER: num(5, 1, 1e6).pipe(z.number().int()),
  CHAT_PER_ADDRESS: num(15, 1, 1e6).pipe(z.number().int()),
  MODERATORS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((x) => x.trim())
        .filter((x) => x !== ''),
    )
    .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'player ids, separated by commas')))
    .default([]),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
    .default('stich:'),
  PUBLIC_ADDRESS: z
    .string()
    .regex(/^[A-Za-z0-9.[\]:-]+(\/[A-Za-z0-9._~-]+)*$/, 'host[:port][/path], without a scheme')
    .optional(),
  LEASE_SECONDS: num(10, 1, 3600),
  TRUSTED_PROXIES: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((x) => x.trim())
        .filter((x) => x !== ''),
    )
    .pipe(z.array(z.union([z.ipv4(), z.ipv6()])))
    .default([]),
});

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const r = schema.safeParse(clean);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new Error(`configuration: ${i.path.join('.')}: ${i.message}`);
  }
  const e = r.data;
  return {
    port: e.PORT,
    host: e.HOST,
    listenSocket: e.LISTEN_SOCKET ?? null,
    databaseUrl: e.DATABASE_URL ?? null,
    databaseSchema: e.DATABASE_SCHEMA,
    sqliteFile: e.SQLITE_FILE,
    sqliteBusyMs: e.SQLITE_BUSY_MS,
    graceSeconds: e.GRACE_SECONDS,
    botDelayMs: e.BOT_DELAY_MS,
    takeoverLevel: e.TAKEOVER_LEVEL,
    botWorkers: e.BOT_WORKERS ?? defaultBotWorkers(availableParallelism()),
    analyzeDeals: e.ANALYZE_DEALS === 'on',
    analyzeBacklog: e.ANALYZE_BACKLOG,
    analyzeBusy: e.ANALYZE_BUSY,
    rateLimit: e.RATE_LIMIT,
    rateBurst: e.RATE_BURST,
    rateClose: e.RATE_CLOSE ?? 10 * e.RATE_BURST,
    sendBufferMax: e.SEND_BUFFER_MAX,
    joinsPerAddress: e.JOINS_PER_ADDRESS,
    webDir: e.WEB_DIR,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL ?? null,
    limits: {
      tablesPerHour: e.TABLES_PER_HOUR,
      openTables: e.OPEN_TABLES,
      connectionsPerAddress: e.CONNECTIONS_PER_ADDRESS,
      guestsPerHour: e.GUESTS_PER_HOUR,
      replaysPerMinute: e.REPLAYS_PER_MINUTE,
      loginsPerHour: e.LOGINS_PER_HOUR,
      lobbyPage: e.LOBBY_PAGE,
      idleSeconds: e.IDLE_SECONDS,
      chatPerPlayer: e.CHAT_PER_PLAYER,
      chatPerAddress: e.CHAT_PER_ADDRESS,
    },
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    publicAddress: e.PUBLIC_ADDRESS ?? null,
    leaseSeconds: e.LEASE_SECONDS,
    trustedProxies: e.TRUSTED_PROXIES,
    moderators: e.MODERATORS,
  };
}
