/**
 * Assembles the server: database (migrated), Colyseus with the WebSocket transport, the table and lobby
 * rooms, the HTTP API and static files, all on one port. With REDIS_URL the process is one of a cluster
 * (Colyseus' Redis presence and driver; docs/deploy.md). On start the process restores the unfinished
 * tables nobody owns (owner.ts). `close()` shuts down gracefully: rooms finish their queued writes first.
 */
import { rmSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MatchMakerDriver, matchMaker, type Presence, Server } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { MAX_FRAME_BYTES, ROOM_LOBBY, ROOM_TABLE } from '@stich/protocol';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import type { WebSocketServer } from 'ws';
import { RESERVATION_SECONDS } from './admission.ts';
import { Analyses } from './analysis.ts';
import { Bots, type OptionalGate } from './bots.ts';
import { type Dealer, randomDealer } from './chance.ts';
import type { Config } from './config.ts';
import { context, setContext } from './context.ts';
import { openDb } from './db.ts';
import { Admissions, configureCors, installEdge, upgradeGuard } from './edge.ts';
import { routes } from './http.ts';
import { Leases } from './leases.ts';
import { limitConnections } from './limits.ts';
import { LobbyRoom } from './lobby.ts';
import { typeMatchmakeErrors } from './matchmake.ts';
import { Owner } from './owner.ts';
import { Store } from './store.ts';
import { TableRoom } from './table.ts';
import { TournamentRunner } from './tournaments-run.ts';

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly restored: number;
  close(): Promise<void>;
}

/** What only tests set: never read from the environment. */
export interface TestHooks {
  /** Chooses every table's deals instead of the random ones (chance.ts). */
  readonly dealer?: Dealer;
  /** Runs before each bot's optional decision, which waits for it (bots.ts). */
  readonly optionalGate?: OptionalGate;
}

export async function startServer(config: Config, hooks: TestHooks = {}): Promise<RunningServer> {
  const log = pino({ level: config.logLevel, base: { service: 'stich' } });
  // A broken connection costs only the queries running on it (they fail as `storage` errors, and
  // automatic steps are retried); the pool opens a new one for the next query.
  const { db, dialect, driver } = await openDb(config, (err) =>
    log.warn({ err: err.message }, 'database connection lost; reconnecting on next use'),
  );
  const store = new Store(db, driver);
  const bots = new Bots(config.botWorkers, hooks.optionalGate);
  const analyses = new Analyses(db, log.child({ module: 'analysis' }));
  const cluster = redisParts(config);
  // The lease owner is this process's Colyseus processId, known once the matchmaker is set up.
  const owner = new Owner(
    new Leases(db, dialect, () => matchMaker.processId, config.leaseSeconds * 1000),
    log.child({ module: 'owner' }),
  );
  const tournaments = new TournamentRunner(log.child({ module: 'tournaments' }));
  setContext({
    config,
    store,
    log,
    bots,
    analyses,
    owner,
    redis: cluster.redis ?? null,
    admissions: new Admissions(config.joinsPerAddress, RESERVATION_SECONDS),
    dealer: hooks.dealer ?? randomDealer,
    tournaments,
  });

  const transport = new WebSocketTransport({
    maxPayload: MAX_FRAME_BYTES,
    pingInterval: 10_000,
    pingMaxRetries: 3,
    beforeUpgrade: upgradeGuard(config),
  });
  const colyseusLog = log.child({ module: 'colyseus' });
  const server = new Server({
    transport,
    ...(cluster.presence && cluster.driver ? { presence: cluster.presence, driver: cluster.driver } : {}),
    ...(config.publicAddress !== null ? { publicAddress: config.publicAddress } : {}),
    // A table is loaded by the process that took its lease, never placed on another one.
    selectProcessIdToCreateRoom: async () => matchMaker.processId,
    greet: false,
    gracefullyShutdown: false,
    logger: {
      debug: () => {},
      info: (...a: unknown[]) => colyseusLog.debug(a.map(String).join(' ')),
      warn: (...a: unknown[]) => colyseusLog.warn(a.map(String).join(' ')),
      error: (...a: unknown[]) => colyseusLog.error(a.map(String).join(' ')),
    },
  });
  server
    .define(ROOM_TABLE, TableRoom)
    .enableRealtimeListing()
    // Its lease goes back once the room is gone, its last writes done (`disconnect` follows onDispose).
    .on('create', (room: TableRoom) =>
      (room as unknown as { _events: NodeJS.EventEmitter })._events.once('disconnect', () =>
        owner.released(room.roomId),
      ),
    );
  server.define(ROOM_LOBBY, LobbyRoom);
  server.router = routes();
  // Clients join rooms; only the server creates them (tables from their records, the lobby below).
  matchMaker.controller.exposedMethods = ['join', 'joinById', 'reconnect'];
  typeMatchmakeErrors();
  configureCors(config);
  try {
    await listen(server, transport.server!, config);
  } catch (e) {
    await server.gracefullyShutdown(false).catch(() => {});
    await Promise.all([
      cluster.presence?.shutdown(),
      cluster.driver?.shutdown(),
      cluster.redis?.quit(),
    ]).catch(() => {});
    await bots.close();
    await analyses.close();
    await db.destroy();
    setContext(undefined);
    throw e;
  }
  installEdge(transport.server!, config, log);
  limitConnections(
    (transport as unknown as { wss: WebSocketServer }).wss,
    config.limits.connectionsPerAddress,
    (peer) => context().admissions.arrived(peer),
  );
  await matchMaker.createRoom(ROOM_LOBBY, {});
  const bound = transport.server!.address();
  const port = typeof bound === 'object' && bound !== null ? (bound as AddressInfo).port : 0;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url =
    config.publicUrl ??
    (config.listenSocket !== null ? `http+unix://${config.listenSocket}` : `http://${host}:${port}`);

  if (!cluster.presence) {
    // Without Redis this process is the only one on its database: leases left by an earlier process
    // (killed, so it could not give them back) are void.
    const live = await owner.leases.clear();
    if (live > 0)
      log.warn(
        { leases: live },
        'dropped live leases of another process: without REDIS_URL one process owns the database',
      );
  }
  const restored = await owner.takeOver(await owner.leases.unowned(false));
  owner.start();
  tournaments.start();
  log.info(
    {
      url,
      port,
      db: dialect,
      restored,
      process: matchMaker.processId,
      cluster: cluster.presence !== undefined,
    },
    'stich server listening',
  );

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      log.info('shutting down');
      await tournaments.stop();
      await owner.stop();
      await server.gracefullyShutdown(false).catch((e: unknown) => log.error({ err: e }, 'shutdown'));
      await bots.close();
      await analyses.close();
      await store.flush();
      await owner.leases.releaseAll().catch((e: unknown) => log.error({ err: e }, 'leases not given back'));
      await cluster.redis?.quit().catch(() => {});
      await db.destroy();
      setContext(undefined);
      log.info('stopped');
    })();
    return closing;
  };
  return { url, port, restored, close };
}

/** Colyseus' Redis presence and driver for a cluster (REDIS_URL); none (local ones) for one process. */
function redisParts(config: Config): { presence?: Presence; driver?: MatchMakerDriver; redis?: Redis } {
  if (config.redisUrl === null) return {};
  // Every key of the cluster carries its prefix (several clusters or test runs may share one Redis).
  const client = () => new Redis(config.redisUrl!, { keyPrefix: config.redisPrefix });
  return { presence: new RedisPresence(client()), driver: new RedisDriver(client()), redis: client() };
}

/**
 * Colyseus' `listen` resolves once the port is bound and never settles when binding fails (the error only
 * reaches a logging listener), so the process would run on without listening: fail with a clear message.
 */
function listen(server: Server, http: HttpServer, config: Config): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const failed = (e: NodeJS.ErrnoException) => {
      const where = config.listenSocket ?? `${config.host}:${config.port}`;
      reject(
        new Error(
          e.code === 'EADDRINUSE'
            ? `port ${config.port} is already in use (${where}); stop the other process or set PORT`
            : e.code === 'EACCES'
              ? `no permission to listen on ${where}; choose another PORT`
              : `cannot listen on ${where}: ${e.message}`,
          { cause: e },
        ),
      );
    };
    http.once('error', failed);
    // A Unix socket (LISTEN_SOCKET) left by a process that was killed is in the way: it is removed.
    if (config.listenSocket !== null) rmSync(config.listenSocket, { force: true });
    const at: [number, string | undefined] =
      config.listenSocket !== null
        ? [config.listenSocket as unknown as number, undefined]
        : [config.port, config.host];
    server.listen(...at).then(() => {
      http.off('error', failed);
      resolve();
    }, failed);
  });
}

export { matchMaker };
